import type Database from 'better-sqlite3';
import type { DelegateKind } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { ERROR_TEXT } from '../../../contract/errors';
import type { SubscriptionStatus } from '../../../contract/subscription';
import { ApiError } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import { SANDBOX_PHOTOS } from './photos';
import type {
  Customer,
  DirectoryUser,
  PortalProvider,
  ResoldSubscription,
  TokenInfo,
  UserPhoto,
  WorkspaceSubscription,
} from '../provider';
import { effectiveMaximum, type SeatPolicy } from '../seatPolicy';
import { isAnnualPlan } from '../seatRules';
import { DEFAULT_WORKSPACE_SKU_IDS } from '../skus';
import { SANDBOX_GOOGLE_DOMAINS, SANDBOX_PHOTO_PATH } from './dataset';
import type { TokenStore } from './tokens';

// The embedded reseller, directory and identity provider behind the PortalProvider interface.
// better-sqlite3 is synchronous, so each method is one short statement or one transaction.

interface DirectoryUserRow {
  email: string;
  id: string;
  customer_id: string;
  is_admin: number;
  photo: string | null;
  suspended: number;
  archived: number;
  aliases: string;
}

interface SubscriptionRow {
  subscription_id: string;
  customer_id: string;
  sku_id: string;
  sku_name: string;
  plan_name: string;
  number_of_seats: number | null;
  licensed_number_of_seats: number;
  maximum_number_of_seats: number | null;
  status: SubscriptionStatus;
  suspension_reasons: string;
  is_trial: number;
  renewal_date: string | null;
}

/** Whom the portal chooses first, as for Google: ACTIVE, then PENDING, then SUSPENDED; paid first. */
const STATUS_RANK: Readonly<Record<SubscriptionStatus, number>> = {
  ACTIVE: 0,
  PENDING: 1,
  SUSPENDED: 2,
};

function toDirectoryUser(row: DirectoryUserRow): DirectoryUser {
  return {
    id: row.id,
    email: row.email,
    isAdmin: row.is_admin === 1,
    thumbnailPhotoUrl: row.photo === null ? null : `${SANDBOX_PHOTO_PATH}${row.photo}`,
    customerId: row.customer_id,
    aliases: JSON.parse(row.aliases) as string[],
  };
}

/** A suspended or archived account does not sign in, and loses access it had. */
function refuseInactive(row: DirectoryUserRow): void {
  if (row.suspended === 1) {
    throw new ApiError(403, SERVER_TEXT.directoryUserSuspended(row.email));
  }
  if (row.archived === 1) {
    throw new ApiError(403, SERVER_TEXT.directoryUserArchived(row.email));
  }
}

/** The sandbox keeps only the commitment's end; an annual commitment began a year before it. */
function yearBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString().slice(0, 'YYYY-MM-DD'.length);
}

function toSubscription(row: SubscriptionRow, policy: SeatPolicy): WorkspaceSubscription {
  // As Google shapes it: annual rows count bought seats; Flexible rows only assigned ones.
  const numberOfSeats = row.number_of_seats ?? row.licensed_number_of_seats;
  return {
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    skuName: row.sku_name,
    planName: row.plan_name,
    numberOfSeats,
    licensedNumberOfSeats: row.licensed_number_of_seats,
    maximumNumberOfSeats: effectiveMaximum(
      policy,
      row.customer_id,
      row.maximum_number_of_seats,
      numberOfSeats,
      { annual: isAnnualPlan(row.plan_name), trial: row.is_trial === 1 },
    ),
    status: row.status,
    suspensionReasons: JSON.parse(row.suspension_reasons) as string[],
    isTrial: row.is_trial === 1,
    renewalDate: row.renewal_date,
    skuId: row.sku_id,
    termStartDate: row.renewal_date === null ? null : yearBefore(row.renewal_date),
  };
}

/** The customer's Workspace subscription, chosen as Google's: Workspace editions only, active and paid first. */
function chooseEdition<Row extends SubscriptionRow>(rows: readonly Row[]): Row | undefined {
  const editions = rows
    .filter((row) => DEFAULT_WORKSPACE_SKU_IDS.includes(row.sku_id))
    .sort(
      (a, b) =>
        STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
        a.is_trial - b.is_trial ||
        a.subscription_id.localeCompare(b.subscription_id),
    );
  return editions[0];
}

/** Addresses are case-insensitive; the sandbox stores and compares them lower-cased. */
function normalise(email: string): string {
  return email.trim().toLowerCase();
}

export function createSandboxProvider(
  db: Database.Database,
  tokens: TokenStore,
  resellerName: string,
  policy: SeatPolicy,
): PortalProvider {
  const selectUser = db.prepare<[string], DirectoryUserRow>(
    'SELECT * FROM directory_users WHERE email = ?',
  );
  // Like Google's users.get, an alias finds its account too; asked only when no primary address
  // matches, since an OR with the aliases would read every row on each request's lookup.
  const selectUserByAlias = db.prepare<[string], DirectoryUserRow>(
    `SELECT * FROM directory_users
       WHERE EXISTS (SELECT 1 FROM json_each(aliases) WHERE value = ?) LIMIT 1`,
  );
  // A customer by its primary domain, its id, or one of its secondary domains.
  const selectCustomer = db.prepare<
    [string, string, string],
    { customer_id: string; domain: string }
  >(
    `SELECT customer_id, domain FROM customers WHERE domain = ? OR customer_id = ?
       OR customer_id = (SELECT customer_id FROM customer_domains WHERE domain = ?)`,
  );
  const customerExists = db.prepare<[string], { found: number }>(
    'SELECT 1 AS found FROM customers WHERE customer_id = ?',
  );
  const selectCustomerSubscriptions = db.prepare<[string], SubscriptionRow>(
    'SELECT * FROM subscriptions WHERE customer_id = ? ORDER BY subscription_id',
  );
  const selectAllSubscriptions = db.prepare<[], SubscriptionRow & { domain: string }>(
    `SELECT subscriptions.*, customers.domain FROM subscriptions
       JOIN customers USING (customer_id) ORDER BY customer_id, subscription_id`,
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
  const selectAdministrators = db.prepare<[string], { email: string }>(
    `SELECT email FROM directory_users
       WHERE customer_id = ? AND is_admin = 1 AND suspended = 0 AND archived = 0 ORDER BY email`,
  );
  const insertDelegate = db.prepare(
    'INSERT OR IGNORE INTO delegates (kind, customer_id, email) VALUES (?, ?, ?)',
  );
  const deleteDelegate = db.prepare(
    'DELETE FROM delegates WHERE kind = ? AND customer_id = ? AND email = ?',
  );

  const groupExists = db.prepare<[string], { found: number }>(
    'SELECT 1 AS found FROM reseller_groups WHERE email = ?',
  );
  const selectGroupMember = db.prepare<[string, string], { found: number }>(
    'SELECT 1 AS found FROM reseller_group_members WHERE group_email = ? AND member_email = ?',
  );

  const lookup = (email: string): DirectoryUser | null => {
    const address = normalise(email);
    const row = selectUser.get(address) ?? selectUserByAlias.get(address);
    if (row === undefined) return null;
    refuseInactive(row);
    return toDirectoryUser(row);
  };

  const delegates = (kind: DelegateKind, customerId: string): string[] =>
    selectDelegates
      .all(kind, customerId)
      .map((row) => row.email)
      .sort();

  const requireCustomer = (customerId: string): void => {
    if (customerExists.get(customerId) === undefined) {
      throw new ApiError(404, `The reseller has no customer ${customerId}.`);
    }
  };

  const addDelegateTransaction = db.transaction(
    (kind: DelegateKind, customerId: string, email: string) => {
      requireCustomer(customerId);
      if (insertDelegate.run(kind, customerId, email).changes === 0) {
        throw new ApiError(409, ERROR_TEXT.memberAlreadyExists);
      }
      return delegates(kind, customerId);
    },
  );

  const removeDelegateTransaction = db.transaction(
    (kind: DelegateKind, customerId: string, email: string) => {
      if (deleteDelegate.run(kind, customerId, email).changes === 0) {
        throw new ApiError(404, ERROR_TEXT.memberNotFound);
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

    async lookupDirectoryUser(email: string): Promise<DirectoryUser | null> {
      return lookup(email);
    },

    async listAdministrators(customerId: string): Promise<string[]> {
      return selectAdministrators.all(customerId).map((row) => row.email);
    },

    async findCustomer(key: string): Promise<Customer | null> {
      const domain = key.trim().toLowerCase();
      const row = selectCustomer.get(domain, key.trim(), domain);
      return row === undefined ? null : { customerId: row.customer_id, customerDomain: row.domain };
    },

    async findWorkspaceSubscription(customerId: string): Promise<WorkspaceSubscription | null> {
      const chosen = chooseEdition(selectCustomerSubscriptions.all(customerId));
      return chosen === undefined ? null : toSubscription(chosen, policy);
    },

    async listWorkspaceSubscriptions(): Promise<ResoldSubscription[]> {
      const byCustomer = new Map<string, (SubscriptionRow & { domain: string })[]>();
      for (const row of selectAllSubscriptions.all()) {
        const ofCustomer = byCustomer.get(row.customer_id) ?? [];
        ofCustomer.push(row);
        byCustomer.set(row.customer_id, ofCustomer);
      }
      return [...byCustomer.values()].flatMap((rows) => {
        const chosen = chooseEdition(rows);
        if (chosen === undefined) return [];
        return [{ subscription: toSubscription(chosen, policy), customerDomain: chosen.domain }];
      });
    },

    async changeSeats(customerId, subscriptionId, newTotal) {
      updateSeats.run(newTotal, customerId, subscriptionId);
      const row = selectSubscription.get(customerId, subscriptionId);
      if (row === undefined) {
        throw new ApiError(
          404,
          `Subscription ${subscriptionId} of customer ${customerId} was not found.`,
        );
      }
      return toSubscription(row, policy);
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

    async isGroupMember(group: string, email: string): Promise<boolean> {
      const key = normalise(group);
      if (groupExists.get(key) === undefined) {
        throw new ApiError(502, SERVER_TEXT.staffGroupMissing(key));
      }
      // As Google's hasMember: an alias finds its account, an unknown address is no member.
      const address = normalise(email);
      const row = selectUser.get(address) ?? selectUserByAlias.get(address);
      return row !== undefined && selectGroupMember.get(key, row.email) !== undefined;
    },

    async getUserPhoto(email: string): Promise<UserPhoto | null> {
      const photo = selectUser.get(normalise(email))?.photo ?? null;
      const svg =
        photo !== null && Object.hasOwn(SANDBOX_PHOTOS, photo) ? SANDBOX_PHOTOS[photo] : undefined;
      return svg === undefined ? null : { contentType: 'image/svg+xml', data: Buffer.from(svg) };
    },

    async close() {
      if (db.open) db.close();
    },
  };
}
