import type Database from 'better-sqlite3';
import type { DelegateKind } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { ERROR_TEXT } from '../../../contract/errors';
import type { SubscriptionStatus } from '../../../contract/subscription';
import { DIRECTORY_SCOPE } from '../../../contract/limits';
import { ApiError } from '../../apiError';
import type {
  Customer,
  DirectoryUser,
  PortalProvider,
  TokenInfo,
  WorkspaceSubscription,
} from '../provider';
import { checkSeatChange } from '../seatRules';
import { SANDBOX_GOOGLE_DOMAINS, SANDBOX_PHOTO_PATH } from './dataset';
import type { TokenStore } from './tokens';

// The embedded reseller, directory and identity provider behind the PortalProvider interface.
// better-sqlite3 is synchronous, so each method is one short statement or one transaction.

interface DirectoryUserRow {
  email: string;
  is_admin: number;
  photo: string | null;
}

interface SubscriptionRow {
  subscription_id: string;
  customer_id: string;
  sku_name: string;
  plan_name: string;
  number_of_seats: number;
  licensed_number_of_seats: number;
  maximum_number_of_seats: number;
  status: SubscriptionStatus;
  suspension_reasons: string;
  is_trial: number;
  renewal_date: string | null;
}

function toDirectoryUser(row: DirectoryUserRow): DirectoryUser {
  return {
    email: row.email,
    isAdmin: row.is_admin === 1,
    thumbnailPhotoUrl: row.photo === null ? null : `${SANDBOX_PHOTO_PATH}${row.photo}`,
  };
}

function toSubscription(row: SubscriptionRow): WorkspaceSubscription {
  return {
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    skuName: row.sku_name,
    planName: row.plan_name,
    numberOfSeats: row.number_of_seats,
    licensedNumberOfSeats: row.licensed_number_of_seats,
    maximumNumberOfSeats: row.maximum_number_of_seats,
    status: row.status,
    suspensionReasons: JSON.parse(row.suspension_reasons) as string[],
    isTrial: row.is_trial === 1,
    renewalDate: row.renewal_date,
  };
}

/** Addresses are case-insensitive; the sandbox stores and compares them lower-cased. */
function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export function createSandboxProvider(
  db: Database.Database,
  tokens: TokenStore,
  resellerName: string,
): PortalProvider {
  const selectUser = db.prepare<[string], DirectoryUserRow>(
    'SELECT email, is_admin, photo FROM directory_users WHERE email = ?',
  );
  const selectCustomer = db.prepare<[string], { customer_id: string; domain: string }>(
    'SELECT customer_id, domain FROM customers WHERE domain = ?',
  );
  const customerExists = db.prepare<[string], { found: number }>(
    'SELECT 1 AS found FROM customers WHERE customer_id = ?',
  );
  const selectCustomerSubscription = db.prepare<[string], SubscriptionRow>(
    'SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY subscription_id LIMIT 1',
  );
  const selectSubscription = db.prepare<[string, string], SubscriptionRow>(
    'SELECT * FROM subscriptions WHERE customer_id = ? AND subscription_id = ?',
  );
  const updateSeats = db.prepare(
    'UPDATE subscriptions SET number_of_seats = ? WHERE customer_id = ? AND subscription_id = ?',
  );
  const selectDelegates = db.prepare<[string, string], { email: string }>(
    'SELECT email FROM delegates WHERE kind = ? AND customer_id = ?',
  );
  const insertDelegate = db.prepare(
    'INSERT OR IGNORE INTO delegates (kind, customer_id, email) VALUES (?, ?, ?)',
  );
  const deleteDelegate = db.prepare(
    'DELETE FROM delegates WHERE kind = ? AND customer_id = ? AND email = ?',
  );

  const lookup = (email: string): DirectoryUser | null => {
    const row = selectUser.get(normalise(email));
    return row === undefined ? null : toDirectoryUser(row);
  };

  const delegates = (kind: DelegateKind, customerId: string): string[] =>
    selectDelegates
      .all(kind, customerId)
      .map((row) => row.email)
      .sort();

  const requireCustomer = (customerId: string): void => {
    if (customerExists.get(customerId) === undefined) {
      throw new ApiError(404, 'NOT_FOUND', `The reseller has no customer ${customerId}.`);
    }
  };

  // IMMEDIATE takes the write lock before reading, so a second writer (even another process on the
  // same file) waits and then sees the first one's total: no add is ever lost.
  const changeSeatsTransaction = db.transaction(
    (customerId: string, subscriptionId: string, expectedCurrent: number, newTotal: number) => {
      const row = selectSubscription.get(customerId, subscriptionId);
      if (row === undefined) {
        throw new ApiError(
          404,
          'NOT_FOUND',
          `Subscription ${subscriptionId} of customer ${customerId} was not found.`,
        );
      }
      checkSeatChange(toSubscription(row), expectedCurrent, newTotal);
      updateSeats.run(newTotal, customerId, subscriptionId);
      return toSubscription({ ...row, number_of_seats: newTotal });
    },
  );

  const addDelegateTransaction = db.transaction(
    (kind: DelegateKind, customerId: string, email: string) => {
      requireCustomer(customerId);
      if (insertDelegate.run(kind, customerId, email).changes === 0) {
        throw new ApiError(409, 'ALREADY_EXISTS', ERROR_TEXT.memberAlreadyExists);
      }
      return delegates(kind, customerId);
    },
  );

  const removeDelegateTransaction = db.transaction(
    (kind: DelegateKind, customerId: string, email: string) => {
      if (deleteDelegate.run(kind, customerId, email).changes === 0) {
        throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.memberNotFound);
      }
      return delegates(kind, customerId);
    },
  );

  return {
    kind: 'sandbox',
    resellerName,

    async verifyToken(token: string): Promise<TokenInfo | null> {
      return tokens.verify(token);
    },

    async isGoogleAccount(email: string): Promise<boolean> {
      return SANDBOX_GOOGLE_DOMAINS.includes(domainOf(email));
    },

    async getDirectoryUser(email: string, token: string): Promise<DirectoryUser> {
      const holder = tokens.verify(token);
      if (holder === null) throw new ApiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);
      if (!holder.scopes.includes(DIRECTORY_SCOPE)) {
        throw new ApiError(403, 'PERMISSION_DENIED', ERROR_TEXT.insufficientScopes);
      }
      // Like Google's directory: a token reads its own organisation only.
      if (domainOf(holder.email) !== domainOf(email)) {
        throw new ApiError(403, 'PERMISSION_DENIED', 'Not Authorized to access this resource/api');
      }
      const user = lookup(email);
      if (user === null) {
        throw new ApiError(
          403,
          'PERMISSION_DENIED',
          `${normalise(email)} is not a user in the directory of ${domainOf(email)}.`,
        );
      }
      return user;
    },

    async lookupDirectoryUser(email: string): Promise<DirectoryUser | null> {
      return lookup(email);
    },

    async findCustomer(domain: string): Promise<Customer | null> {
      const row = selectCustomer.get(domain.trim().toLowerCase());
      return row === undefined ? null : { customerId: row.customer_id, customerDomain: row.domain };
    },

    async findWorkspaceSubscription(customerId: string): Promise<WorkspaceSubscription | null> {
      const row = selectCustomerSubscription.get(customerId);
      return row === undefined ? null : toSubscription(row);
    },

    async changeSeats(customerId, subscriptionId, expectedCurrent, newTotal) {
      return changeSeatsTransaction.immediate(
        customerId,
        subscriptionId,
        expectedCurrent,
        newTotal,
      );
    },

    async listDelegates(kind, customerId) {
      return delegates(kind, customerId);
    },

    async addDelegate(kind, customerId, email) {
      return addDelegateTransaction.immediate(kind, customerId, normalise(email));
    },

    async removeDelegate(kind, customerId, email) {
      return removeDelegateTransaction.immediate(kind, customerId, normalise(email));
    },

    async close() {
      if (db.open) db.close();
    },
  };
}
