import { promises as dns } from 'node:dns';
import { JWT, OAuth2Client } from 'google-auth-library';
// Deep imports load two APIs instead of all of googleapis (about a second saved at start-up).
import { admin_directory_v1 } from 'googleapis/build/src/apis/admin';
import { reseller_v1 } from 'googleapis/build/src/apis/reseller';
import type { DelegateKind } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { ERROR_TEXT } from '../../../contract/errors';
import type { SubscriptionStatus } from '../../../contract/subscription';
import { DIRECTORY_SCOPE } from '../../../contract/limits';
import { ApiError } from '../../apiError';
import type { DirectoryUser, PortalProvider, WorkspaceSubscription } from '../provider';
import { checkSeatChange } from '../seatRules';
import {
  isInsufficientScopes,
  readFailure,
  unauthenticated,
  upstreamError,
  type GoogleFailure,
} from './googleFailure';
import type { GoogleProviderOptions } from './options';

// The production provider: Google's token information, the Admin SDK Directory API (users and the
// delegate groups) and the Reseller API, each called with the narrowest credentials that work.

export const GOOGLE_SCOPES = {
  resellerOrders: 'https://www.googleapis.com/auth/apps.order',
  directoryUsers: DIRECTORY_SCOPE,
  groupMembers: 'https://www.googleapis.com/auth/admin.directory.group.member',
} as const;

const SERVICES = {
  identity: "Google's token service",
  directory: "Google's Directory API",
  reseller: "Google's Reseller API",
  dns: 'DNS',
} as const;

/** A hung upstream call must not hold a request forever. */
const GOOGLE_TIMEOUT_MS = 15_000;
/** Directory API's maximum page size for group members. */
const MEMBERS_PAGE_SIZE = 200;
/** Reseller API's maximum page size for subscriptions. */
const SUBSCRIPTIONS_PAGE_SIZE = 100;
/** Bounds every page loop; far beyond any real group or customer. */
const MAX_PAGES = 50;
/** Workspace SKUs are 1010020xxx (Business, Enterprise, Essentials, Frontline). */
const WORKSPACE_SKU_PREFIX = '101002';
const WORKSPACE_SKU_NAME_PREFIXES = ['Google Workspace', 'G Suite'];
/** Mail exchangers of Google Workspace domains: aspmx.l.google.com, smtp.google.com, *.googlemail.com. */
const GOOGLE_MX = /(^|\.)(google\.com|googlemail\.com)\.?$/i;

function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

function isWorkspace(subscription: reseller_v1.Schema$Subscription): boolean {
  const skuName = subscription.skuName ?? '';
  return (
    (subscription.skuId ?? '').startsWith(WORKSPACE_SKU_PREFIX) ||
    WORKSPACE_SKU_NAME_PREFIXES.some((prefix) => skuName.startsWith(prefix))
  );
}

/** Google's status words; an unknown one is treated as not active. */
function toStatus(status: string | null | undefined): SubscriptionStatus {
  return status === 'ACTIVE' || status === 'PENDING'
    ? status
    : status == null
      ? 'ACTIVE'
      : 'SUSPENDED';
}

/** Google gives the commitment's end as epoch milliseconds in a string. */
function toDay(epochMs: string | null | undefined): string | null {
  const ms = Number(epochMs);
  return epochMs == null || !Number.isFinite(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

function toWorkspaceSubscription(s: reseller_v1.Schema$Subscription): WorkspaceSubscription {
  // Annual plans count bought seats in numberOfSeats; Flexible plans only count assigned ones.
  const numberOfSeats = s.seats?.numberOfSeats ?? s.seats?.licensedNumberOfSeats ?? 0;
  return {
    subscriptionId: s.subscriptionId ?? '',
    customerId: s.customerId ?? '',
    skuName: s.skuName ?? s.skuId ?? '',
    planName: s.plan?.planName ?? '',
    numberOfSeats,
    licensedNumberOfSeats: s.seats?.licensedNumberOfSeats ?? 0,
    // Without a cap from Google nothing can be added, which is the safe reading.
    maximumNumberOfSeats: s.seats?.maximumNumberOfSeats ?? numberOfSeats,
    status: toStatus(s.status),
    suspensionReasons: s.suspensionReasons ?? [],
    isTrial: s.trialSettings?.isInTrial === true,
    renewalDate: toDay(s.plan?.commitmentInterval?.endTime),
  };
}

/**
 * customers.get also answers for a domain that Google or another reseller manages, but then with only
 * customerId, customerDomain and customerType; the reseller's own customers come with their settings.
 */
function isOwnCustomer(customer: reseller_v1.Schema$Customer): boolean {
  return (
    customer.alternateEmail != null ||
    customer.postalAddress != null ||
    customer.resourceUiUrl != null
  );
}

function toDirectoryUser(user: admin_directory_v1.Schema$User, email: string): DirectoryUser {
  return {
    email: (user.primaryEmail ?? email).toLowerCase(),
    isAdmin: user.isAdmin === true,
    thumbnailPhotoUrl: user.thumbnailPhotoUrl ?? null,
  };
}

export function createGoogleProvider(options: GoogleProviderOptions): PortalProvider {
  // Node's own fetch: no lazily imported node-fetch, one HTTP stack for every Google call.
  const transport = { fetchImplementation: fetch, timeout: GOOGLE_TIMEOUT_MS };
  const apiOptions = {
    ...transport,
    retry: options.retry ?? true,
    ...(options.apiRootUrl === undefined ? {} : { rootUrl: options.apiRootUrl }),
  };
  const directory = new admin_directory_v1.Admin(apiOptions);
  const reseller = new reseller_v1.Reseller(apiOptions);
  const tokenInfo = new OAuth2Client({
    transporterOptions: transport,
    ...(options.tokenInfoUrl === undefined
      ? {}
      : { endpoints: { tokenInfoUrl: options.tokenInfoUrl } }),
  });

  // One JWT per scope set: each caches and refreshes its own access token.
  const jwts = new Map<string, JWT>();
  const delegatedAccessToken =
    options.delegatedAccessToken ??
    (async (scopes: readonly string[]) => {
      const key = scopes.join(' ');
      let jwt = jwts.get(key);
      if (jwt === undefined) {
        jwt = new JWT({
          email: options.serviceAccountKey.client_email,
          key: options.serviceAccountKey.private_key,
          scopes: [...scopes],
          subject: options.resellerAdminEmail,
          transporterOptions: transport,
        });
        jwts.set(key, jwt);
      }
      const { token } = await jwt.getAccessToken();
      if (typeof token !== 'string') throw new Error('the service account got no access token');
      return token;
    });

  /** Runs a call with the reseller admin's delegated credentials; a refused credential is our fault. */
  async function asReseller<T>(
    scope: string,
    service: string,
    call: (auth: ReturnType<typeof bearer>) => Promise<T>,
  ): Promise<T> {
    let token: string;
    try {
      token = await delegatedAccessToken([scope]);
    } catch (error) {
      throw upstreamError(readFailure(error), `${service} (service-account sign-in)`);
    }
    return call(bearer(token));
  }

  const groupKey = (kind: DelegateKind, customerId: string) =>
    options.delegateGroupTemplate
      .replaceAll('{kind}', kind)
      .replaceAll('{customerId}', customerId.toLowerCase());

  // Serialises seat changes per subscription in this process, so the re-read below sees the last write.
  const seatQueues = new Map<string, Promise<unknown>>();

  async function readSubscription(customerId: string, subscriptionId: string) {
    return asReseller(GOOGLE_SCOPES.resellerOrders, SERVICES.reseller, async (auth) => {
      try {
        const { data } = await reseller.subscriptions.get({ customerId, subscriptionId }, auth);
        return toWorkspaceSubscription(data);
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404) {
          throw new ApiError(
            404,
            'NOT_FOUND',
            `Subscription ${subscriptionId} of customer ${customerId} was not found.`,
          );
        }
        throw upstreamError(failure, SERVICES.reseller);
      }
    });
  }

  async function listMembers(kind: DelegateKind, customerId: string): Promise<string[]> {
    const group = groupKey(kind, customerId);
    return asReseller(GOOGLE_SCOPES.groupMembers, SERVICES.directory, async (auth) => {
      const members: string[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < MAX_PAGES; page += 1) {
          const { data } = await directory.members.list(
            { groupKey: group, maxResults: MEMBERS_PAGE_SIZE, ...(pageToken ? { pageToken } : {}) },
            auth,
          );
          for (const member of data.members ?? []) {
            if (member.email) members.push(member.email.toLowerCase());
          }
          pageToken = data.nextPageToken ?? undefined;
          if (pageToken === undefined) break;
        }
      } catch (error) {
        const failure = readFailure(error);
        // A customer whose group does not exist yet simply has no delegates.
        if (failure.status === 404) return [];
        throw upstreamError(failure, SERVICES.directory);
      }
      return members.sort();
    });
  }

  function missingGroup(kind: DelegateKind, customerId: string): ApiError {
    return new ApiError(
      502,
      'BAD_GATEWAY',
      `The delegate group ${groupKey(kind, customerId)} does not exist; create it in the Google Admin console.`,
    );
  }

  async function findCustomer(domain: string) {
    return asReseller(GOOGLE_SCOPES.resellerOrders, SERVICES.reseller, async (auth) => {
      try {
        const { data } = await reseller.customers.get({ customerId: domain }, auth);
        if (!isOwnCustomer(data)) return null;
        return {
          customerId: data.customerId ?? '',
          customerDomain: (data.customerDomain ?? domain).toLowerCase(),
        };
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404) return null;
        throw upstreamError(failure, SERVICES.reseller);
      }
    });
  }

  /** A 403 that is not about scopes: the token's holder may read the directory, but not as an admin. */
  const isAdminViewRefused = (failure: GoogleFailure) =>
    failure.status === 403 && !isInsufficientScopes(failure);

  const isGroupMissing = (failure: GoogleFailure) =>
    failure.status === 404 && /groupKey/i.test(failure.message);

  return {
    kind: 'google',
    resellerName: options.resellerName,

    async verifyToken(token) {
      try {
        const info = await tokenInfo.getTokenInfo(token);
        // The token must have been issued to the portal, not to some other application.
        if (info.aud !== options.clientId && info.azp !== options.clientId) return null;
        if (typeof info.email !== 'string' || info.expiry_date <= Date.now()) return null;
        return {
          email: info.email.toLowerCase(),
          scopes: info.scopes,
          expiresAt: info.expiry_date,
        };
      } catch (error) {
        const failure = readFailure(error);
        // Google answers 400 invalid_token for an unknown, malformed or expired token.
        if (failure.status === 400 || failure.status === 401) return null;
        throw upstreamError(failure, SERVICES.identity);
      }
    },

    // A Google account here means an address whose domain runs Google Workspace: its MX records point
    // at Google's mail servers (how Workspace domains receive mail). Customers of the reseller whose
    // mail goes elsewhere are Google accounts too, so a domain the Reseller API knows also counts.
    async isGoogleAccount(email) {
      const domain = domainOf(email);
      if (domain === '') return false;
      try {
        const records = await (options.resolveMx ?? dns.resolveMx)(domain);
        if (records.some((record) => GOOGLE_MX.test(record.exchange))) return true;
      } catch {
        // No MX records, or DNS trouble: the reseller's own records still answer below.
      }
      return (await findCustomer(domain)) !== null;
    },

    async getDirectoryUser(email, token) {
      try {
        try {
          const { data } = await directory.users.get(
            { userKey: email, projection: 'basic', viewType: 'admin_view' },
            bearer(token),
          );
          return toDirectoryUser(data, email);
        } catch (error) {
          // Google refuses the admin view to anyone but an admin; a non-admin reads the public view.
          if (!isAdminViewRefused(readFailure(error))) throw error;
          const { data } = await directory.users.get(
            { userKey: email, projection: 'basic', viewType: 'domain_public' },
            bearer(token),
          );
          return { ...toDirectoryUser(data, email), isAdmin: false };
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const failure = readFailure(error);
        if (failure.status === 401) throw unauthenticated();
        if (isInsufficientScopes(failure)) {
          throw new ApiError(403, 'PERMISSION_DENIED', ERROR_TEXT.insufficientScopes);
        }
        if (failure.status === 403) throw new ApiError(403, 'PERMISSION_DENIED', failure.message);
        if (failure.status === 404) {
          throw new ApiError(
            403,
            'PERMISSION_DENIED',
            `${email.toLowerCase()} is not a user in the directory of ${domainOf(email)}.`,
          );
        }
        throw upstreamError(failure, SERVICES.directory);
      }
    },

    async lookupDirectoryUser(email) {
      return asReseller(GOOGLE_SCOPES.directoryUsers, SERVICES.directory, async (auth) => {
        try {
          const { data } = await directory.users.get({ userKey: email, projection: 'basic' }, auth);
          return toDirectoryUser(data, email);
        } catch (error) {
          const failure = readFailure(error);
          if (failure.status === 404) return null;
          throw upstreamError(failure, SERVICES.directory);
        }
      });
    },

    findCustomer,

    async findWorkspaceSubscription(customerId) {
      return asReseller(GOOGLE_SCOPES.resellerOrders, SERVICES.reseller, async (auth) => {
        const found: reseller_v1.Schema$Subscription[] = [];
        let pageToken: string | undefined;
        try {
          for (let page = 0; page < MAX_PAGES; page += 1) {
            const { data } = await reseller.subscriptions.list(
              {
                customerId,
                maxResults: SUBSCRIPTIONS_PAGE_SIZE,
                ...(pageToken ? { pageToken } : {}),
              },
              auth,
            );
            found.push(...(data.subscriptions ?? []).filter(isWorkspace));
            pageToken = data.nextPageToken ?? undefined;
            if (pageToken === undefined) break;
          }
        } catch (error) {
          const failure = readFailure(error);
          if (failure.status === 404) return null;
          throw upstreamError(failure, SERVICES.reseller);
        }
        const chosen = found.find((s) => s.status === 'ACTIVE') ?? found[0];
        return chosen === undefined ? null : toWorkspaceSubscription(chosen);
      });
    },

    async changeSeats(customerId, subscriptionId, expectedCurrent, newTotal) {
      const queueKey = `${customerId}/${subscriptionId}`;
      const previous = seatQueues.get(queueKey) ?? Promise.resolve();
      const change = previous
        .catch(() => undefined)
        .then(async () => {
          // Re-read: Google's changeSeats has no precondition, so the check happens just before it.
          const current = await readSubscription(customerId, subscriptionId);
          checkSeatChange(current, expectedCurrent, newTotal);
          return asReseller(GOOGLE_SCOPES.resellerOrders, SERVICES.reseller, async (auth) => {
            try {
              const { data } = await reseller.subscriptions.changeSeats(
                { customerId, subscriptionId, requestBody: { numberOfSeats: newTotal } },
                auth,
              );
              return toWorkspaceSubscription(data);
            } catch (error) {
              const failure = readFailure(error);
              if (failure.status === 400) {
                throw new ApiError(400, 'INVALID_ARGUMENT', failure.message);
              }
              throw upstreamError(failure, SERVICES.reseller);
            }
          });
        });
      seatQueues.set(queueKey, change);
      try {
        return await change;
      } finally {
        if (seatQueues.get(queueKey) === change) seatQueues.delete(queueKey);
      }
    },

    listDelegates: listMembers,

    async addDelegate(kind, customerId, email) {
      await asReseller(GOOGLE_SCOPES.groupMembers, SERVICES.directory, async (auth) => {
        try {
          await directory.members.insert(
            {
              groupKey: groupKey(kind, customerId),
              requestBody: { email: email.trim().toLowerCase(), role: 'MEMBER' },
            },
            auth,
          );
        } catch (error) {
          const failure = readFailure(error);
          if (failure.status === 409) {
            throw new ApiError(409, 'ALREADY_EXISTS', ERROR_TEXT.memberAlreadyExists);
          }
          if (isGroupMissing(failure)) throw missingGroup(kind, customerId);
          throw upstreamError(failure, SERVICES.directory);
        }
      });
      return listMembers(kind, customerId);
    },

    async removeDelegate(kind, customerId, email) {
      await asReseller(GOOGLE_SCOPES.groupMembers, SERVICES.directory, async (auth) => {
        try {
          await directory.members.delete(
            { groupKey: groupKey(kind, customerId), memberKey: email.trim().toLowerCase() },
            auth,
          );
        } catch (error) {
          const failure = readFailure(error);
          if (isGroupMissing(failure)) throw missingGroup(kind, customerId);
          if (failure.status === 404) {
            throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.memberNotFound);
          }
          throw upstreamError(failure, SERVICES.directory);
        }
      });
      return listMembers(kind, customerId);
    },

    async close() {
      jwts.clear();
    },
  };
}
