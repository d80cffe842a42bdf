// Deep imports load two APIs instead of all of googleapis (about a second saved at start-up).
import { admin_directory_v1 } from 'googleapis/build/src/apis/admin';
import { reseller_v1 } from 'googleapis/build/src/apis/reseller';
import { API_PATHS, type DelegateKind } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { ERROR_TEXT } from '../../../contract/errors';
import { DIRECTORY_SCOPE } from '../../../contract/limits';
import { ApiError } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import type { Customer, DirectoryUser, PortalProvider } from '../provider';
import { DEFAULT_SEAT_POLICY } from '../seatPolicy';
import { callLimits, signalOf, withReadRetries, type CallLimits } from './googleCalls';
import {
  isAdminSdkAccessOff,
  isDailyLimit,
  isForbidden,
  isInsufficientScopes,
  isLostAnswer,
  isRateLimited,
  readFailure,
  unauthenticated,
  upstreamError,
  type GoogleFailure,
} from './googleFailure';
import { createMxLookup } from './mxLookup';
import { GOOGLE_DEFAULTS, type GoogleProviderOptions } from './options';
import { createSeatWrites } from './seatWrites';
import { createServiceAccountTokens, GOOGLE_TOKEN_URL } from './serviceAccount';
import { DEFAULT_WORKSPACE_SKU_IDS } from '../skus';
import { chooseWorkspaceSubscription, toWorkspaceSubscription } from './subscriptionChoice';
import { fetchTokenInfo, GOOGLE_TOKENINFO_URL } from './tokenInfo';
import { createTtlCache } from './ttlCache';

// The production provider: Google's token information, the Admin SDK Directory API (users, photos,
// the delegate groups) and the Reseller API, each called with the narrowest credentials that work,
// with a time limit per call, retries for reads only, and a short cache that every change drops
// (docs/configuration-google.md).

export const GOOGLE_SCOPES = {
  resellerOrders: 'https://www.googleapis.com/auth/apps.order',
  directoryUsers: DIRECTORY_SCOPE,
  groupMembers: 'https://www.googleapis.com/auth/admin.directory.group.member',
} as const;

const SERVICES = {
  identity: "Google's token service",
  directory: "Google's Directory API",
  reseller: "Google's Reseller API",
} as const;

/** Directory API's maximum page size for group members. */
const MEMBERS_PAGE_SIZE = 200;
/** Reseller API's maximum page size for subscriptions. */
const SUBSCRIPTIONS_PAGE_SIZE = 100;
/** Bounds every page loop; far beyond any real group or customer. */
const MAX_PAGES = 50;
/** Mail exchangers of Google Workspace domains: aspmx.l.google.com, smtp.google.com, *.googlemail.com. */
const GOOGLE_MX = /(^|\.)(google\.com|googlemail\.com)\.?$/i;
/** Directory photo types (the reference's mimeType values) as HTTP content types. */
const PHOTO_TYPES: Readonly<Record<string, string>> = {
  JPEG: 'image/jpeg',
  PNG: 'image/png',
  GIF: 'image/gif',
  BMP: 'image/bmp',
  TIFF: 'image/tiff',
};

type MethodOptions = CallLimits & { retry: false; headers: { authorization: string } };

function withToken(limits: CallLimits, token: string): MethodOptions {
  return { ...limits, retry: false, headers: { authorization: `Bearer ${token}` } };
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

/** Google's web-safe base64 (- _ and * or . for padding) as bytes. */
function photoBytes(photoData: string): Buffer {
  const standard = photoData.replace(/-/g, '+').replace(/_/g, '/').replace(/[*.]/g, '=');
  return Buffer.from(standard, 'base64');
}

function toDirectoryUser(user: admin_directory_v1.Schema$User, email: string): DirectoryUser {
  return {
    email: (user.primaryEmail ?? email).toLowerCase(),
    isAdmin: user.isAdmin === true,
    // Google's photo URLs are on hosts the portal's CSP does not allow; the portal serves it itself.
    thumbnailPhotoUrl: user.thumbnailPhotoUrl == null ? null : API_PATHS.photo,
    customerId: user.customerId ?? null,
    aliases: [...(user.aliases ?? []), ...(user.nonEditableAliases ?? [])].map((a) =>
      a.toLowerCase(),
    ),
  };
}

/** A suspended or archived account does not sign in, and loses access it had. */
function refuseInactive(user: admin_directory_v1.Schema$User, email: string): void {
  const address = (user.primaryEmail ?? email).toLowerCase();
  if (user.suspended === true) {
    throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.directoryUserSuspended(address));
  }
  if (user.archived === true) {
    throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.directoryUserArchived(address));
  }
}

export function createGoogleProvider(options: GoogleProviderOptions): PortalProvider {
  const callTimeoutMs = options.callTimeoutMs ?? GOOGLE_DEFAULTS.callTimeoutMs;
  const policy = options.seatPolicy ?? DEFAULT_SEAT_POLICY;
  const allowedSkuIds = options.workspaceSkuIds ?? DEFAULT_WORKSPACE_SKU_IDS;
  // Node's own fetch: one HTTP stack for every Google call. Retries are this provider's own.
  const apiOptions = {
    fetchImplementation: fetch,
    retry: false,
    ...(options.apiRootUrl === undefined ? {} : { rootUrl: options.apiRootUrl }),
  };
  const directory = new admin_directory_v1.Admin(apiOptions);
  const reseller = new reseller_v1.Reseller(apiOptions);
  const serviceAccount = createServiceAccountTokens({
    key: options.serviceAccountKey,
    subject: options.resellerAdminEmail,
    tokenUrl: options.tokenUrl ?? GOOGLE_TOKEN_URL,
  });
  const cache = createTtlCache(options.cacheTtlMs ?? GOOGLE_DEFAULTS.cacheTtlMs);
  const resolveMx =
    options.resolveMx ??
    createMxLookup({
      ...(options.dnsServers === undefined ? {} : { servers: options.dnsServers }),
      timeoutMs: options.mxTimeoutMs ?? GOOGLE_DEFAULTS.mxTimeoutMs,
    });

  /** One call as the reseller admin; a token Google no longer accepts is exchanged once more. */
  async function asReseller<T>(
    scope: string,
    call: (auth: MethodOptions) => Promise<T>,
    limits: () => CallLimits = () => callLimits(callTimeoutMs),
  ) {
    for (let renewed = false; ; renewed = true) {
      const token = await serviceAccount.accessToken([scope], signalOf(callLimits(callTimeoutMs)));
      try {
        return await call(withToken(limits(), token));
      } catch (error) {
        if (renewed || readFailure(error).status !== 401) throw error;
        serviceAccount.forget([scope]);
      }
    }
  }

  /** Starts the service account's token exchanges that are not done yet; failures surface later. */
  function prepareServiceAccount(): void {
    for (const scope of Object.values(GOOGLE_SCOPES)) {
      let limits: CallLimits;
      try {
        limits = callLimits(callTimeoutMs);
      } catch {
        return;
      }
      serviceAccount.accessToken([scope], signalOf(limits)).catch(() => undefined);
    }
  }

  /** A read as the reseller admin, tried again after transient failures. */
  const readAsReseller = <T>(scope: string, call: (auth: MethodOptions) => Promise<T>) =>
    withReadRetries(() => asReseller(scope, call));

  const groupKey = (kind: DelegateKind, customerId: string) =>
    options.delegateGroupTemplate
      .replaceAll('{kind}', kind)
      .replaceAll('{customerId}', customerId.toLowerCase());

  const cacheKeys = {
    customer: (key: string) => `customer:${key.toLowerCase()}`,
    subscriptions: (customerId: string) => `subscriptions:${customerId}`,
    members: (group: string) => `members:${group.toLowerCase()}`,
  };

  /** customers.get as Google answers it (cached); null when Google knows no such account. */
  function googleCustomer(key: string): Promise<reseller_v1.Schema$Customer | null> {
    return cache.get(cacheKeys.customer(key), async () => {
      try {
        const { data } = await readAsReseller(GOOGLE_SCOPES.resellerOrders, (auth) =>
          reseller.customers.get({ customerId: key }, auth),
        );
        return data;
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404 || isForbidden(failure)) return null;
        throw upstreamError(failure, SERVICES.reseller);
      }
    });
  }

  async function findCustomer(key: string): Promise<Customer | null> {
    const data = await googleCustomer(key.trim());
    if (data === null || !isOwnCustomer(data)) return null;
    return {
      customerId: data.customerId ?? '',
      customerDomain: (data.customerDomain ?? key).toLowerCase(),
    };
  }

  /** Why the reseller could not read this person's directory entry, as the contract's 403. */
  async function directoryRefusal(failure: GoogleFailure, email: string): Promise<ApiError | null> {
    const domain = domainOf(email);
    if (isAdminSdkAccessOff(failure)) {
      return new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.adminSdkAccessOff(domain));
    }
    if (!isForbidden(failure)) return null;
    // forbidden means either "not your customer" or "the customer turned reseller access off".
    const customer = await findCustomer(domain);
    return customer === null
      ? null
      : new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.resellerAccessOff(domain));
  }

  /** The directory entry read as the reseller: null when absent or in an account not ours. */
  async function lookupAsReseller(email: string): Promise<admin_directory_v1.Schema$User | null> {
    try {
      const { data } = await readAsReseller(GOOGLE_SCOPES.directoryUsers, (auth) =>
        directory.users.get({ userKey: email, projection: 'basic', viewType: 'admin_view' }, auth),
      );
      return data;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const failure = readFailure(error);
      if (failure.status === 404) return null;
      const refusal = await directoryRefusal(failure, email);
      if (refusal !== null) throw refusal;
      if (isForbidden(failure)) return null;
      throw upstreamError(failure, SERVICES.directory);
    }
  }

  async function listSubscriptions(customerId: string) {
    return cache.get(cacheKeys.subscriptions(customerId), async () => {
      const found: reseller_v1.Schema$Subscription[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < MAX_PAGES; page += 1) {
          const { data } = await readAsReseller(GOOGLE_SCOPES.resellerOrders, (auth) =>
            reseller.subscriptions.list(
              {
                customerId,
                maxResults: SUBSCRIPTIONS_PAGE_SIZE,
                ...(pageToken === undefined ? {} : { pageToken }),
              },
              auth,
            ),
          );
          found.push(...(data.subscriptions ?? []));
          pageToken = data.nextPageToken ?? undefined;
          if (pageToken === undefined) break;
        }
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404) return null;
        if (isForbidden(failure)) {
          const notACustomer = ERROR_TEXT.notACustomer(options.resellerName);
          throw new ApiError(403, 'PERMISSION_DENIED', notACustomer, notACustomer);
        }
        throw upstreamError(failure, SERVICES.reseller);
      }
      return found;
    });
  }

  function listMembers(kind: DelegateKind, customerId: string): Promise<string[]> {
    const group = groupKey(kind, customerId);
    return cache.get(cacheKeys.members(group), async () => {
      const members: string[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < MAX_PAGES; page += 1) {
          const { data } = await readAsReseller(GOOGLE_SCOPES.groupMembers, (auth) =>
            directory.members.list(
              {
                groupKey: group,
                maxResults: MEMBERS_PAGE_SIZE,
                ...(pageToken === undefined ? {} : { pageToken }),
              },
              auth,
            ),
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

  /** Is the address in the group right now (uncached), for deciding after a lost answer. */
  async function hasMember(group: string, email: string): Promise<boolean> {
    try {
      await readAsReseller(GOOGLE_SCOPES.groupMembers, (auth) =>
        directory.members.get({ groupKey: group, memberKey: email }, auth),
      );
      return true;
    } catch (error) {
      if (readFailure(error).status === 404) return false;
      throw error;
    }
  }

  function missingGroup(kind: DelegateKind, customerId: string): ApiError {
    return new ApiError(
      502,
      'BAD_GATEWAY',
      `The delegate group ${groupKey(kind, customerId)} does not exist; create it in the Google Admin console.`,
    );
  }

  const isGroupMissing = (failure: GoogleFailure) =>
    failure.status === 404 && /groupKey/i.test(failure.message);

  /**
   * A write whose answer was lost may still have happened: read back and decide. `happened` says
   * whether the state now is the one the write asked for; `otherwise` is thrown when it is not.
   */
  async function decideAfterLostAnswer<T>(
    failure: GoogleFailure,
    service: string,
    readBack: () => Promise<T | undefined>,
  ): Promise<T> {
    let outcome: T | undefined;
    try {
      outcome = await readBack();
    } catch (error) {
      if (error instanceof ApiError && error.code < 500) throw error;
      // The read-back failed too: the change may or may not have happened.
      throw upstreamError(failure, service);
    }
    if (outcome === undefined) {
      throw new ApiError(503, 'UNAVAILABLE', SERVER_TEXT.changeNotApplied(service));
    }
    return outcome;
  }

  /** Only a lost answer is worth reading back; a deadline that passed leaves no time to. */
  const mayHaveHappened = (failure: GoogleFailure) =>
    isLostAnswer(failure) && failure.lost !== 'deadline' && !failure.serviceAccount;

  const writeTimeoutMs = options.writeTimeoutMs ?? GOOGLE_DEFAULTS.writeTimeoutMs;
  const seatWrites = createSeatWrites({
    reseller,
    policy,
    callTimeoutMs,
    writeTimeoutMs,
    service: SERVICES.reseller,
    asReseller: (call, limits) => asReseller(GOOGLE_SCOPES.resellerOrders, call, limits),
    findFresh: (customerId) => provider.findWorkspaceSubscription(customerId, { fresh: true }),
    forget: (customerId) => cache.drop(cacheKeys.subscriptions(customerId)),
  });

  const provider: PortalProvider = {
    kind: 'google',
    resellerName: options.resellerName,
    writeTimeoutMs,

    async verifyToken(token) {
      // A sign-in's next calls need the service account's tokens: exchange them meanwhile.
      prepareServiceAccount();
      try {
        return await withReadRetries(() =>
          fetchTokenInfo(
            options.tokenInfoUrl ?? GOOGLE_TOKENINFO_URL,
            options.clientId,
            token,
            callLimits(callTimeoutMs),
          ),
        );
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw upstreamError(readFailure(error), SERVICES.identity);
      }
    },

    // A Google account here means an address whose domain runs Google: its MX records point at
    // Google's mail servers, or Google's Reseller API knows the domain (as this reseller's customer,
    // or another's: customers.get answers those too).
    async isGoogleAccount(email) {
      const domain = domainOf(email);
      if (domain === '') return false;
      try {
        const records = await resolveMx(domain);
        if (records.some((record) => GOOGLE_MX.test(record.exchange))) return true;
      } catch {
        // No MX records, a timeout, or DNS trouble: Google's own records still answer below.
      }
      return (await googleCustomer(domain)) !== null;
    },

    async getDirectoryUser(email, token) {
      // The person's own token proves they may read the directory (the scope) and, if the admin
      // view is granted, that they are an admin; the reseller's read gives their account, status
      // and aliases. The two are independent, so they run together.
      const [own, asReseller] = await Promise.allSettled([
        withReadRetries(() =>
          directory.users.get(
            { userKey: email, projection: 'basic', viewType: 'admin_view' },
            withToken(callLimits(callTimeoutMs), token),
          ),
        ),
        lookupAsReseller(email),
      ]);
      let isAdmin = false;
      if (own.status === 'fulfilled') {
        isAdmin = own.value.data.isAdmin === true;
      } else {
        if (own.reason instanceof ApiError) throw own.reason;
        const failure = readFailure(own.reason);
        if (failure.status === 401) throw unauthenticated();
        if (isInsufficientScopes(failure)) {
          throw new ApiError(403, 'PERMISSION_DENIED', ERROR_TEXT.insufficientScopes);
        }
        // Google refuses the admin view to anyone but an admin (reason forbidden): not an admin.
        if (!isForbidden(failure)) {
          if (failure.status === 404) {
            throw new ApiError(
              403,
              'PERMISSION_DENIED',
              `${email.toLowerCase()} is not a user in the directory of ${domainOf(email)}.`,
            );
          }
          if (failure.status === 403 && !isRateLimited(failure) && !isDailyLimit(failure)) {
            throw new ApiError(403, 'PERMISSION_DENIED', failure.message);
          }
          throw upstreamError(failure, SERVICES.directory);
        }
      }
      if (asReseller.status === 'rejected') throw asReseller.reason;
      const entry = asReseller.value;
      if (entry === null) {
        // Not readable by the reseller: someone of an account that is not this reseller's customer.
        return {
          email: email.toLowerCase(),
          isAdmin,
          thumbnailPhotoUrl: null,
          customerId: null,
          aliases: [],
        };
      }
      refuseInactive(entry, email);
      return { ...toDirectoryUser(entry, email), isAdmin };
    },

    async lookupDirectoryUser(email) {
      const entry = await lookupAsReseller(email);
      if (entry === null) return null;
      refuseInactive(entry, email);
      return toDirectoryUser(entry, email);
    },

    findCustomer,

    async findWorkspaceSubscription(customerId, read) {
      if (read?.fresh === true) cache.drop(cacheKeys.subscriptions(customerId));
      const all = await listSubscriptions(customerId);
      if (all === null) return null;
      const { chosen, tied } = chooseWorkspaceSubscription(all, allowedSkuIds);
      if (chosen === undefined) return null;
      if (tied.length > 1) {
        options.log?.warn(
          {
            customerId,
            chosen: chosen.subscriptionId,
            candidates: tied.map((s) => ({ subscriptionId: s.subscriptionId, skuId: s.skuId })),
          },
          'several Workspace subscriptions qualify; the first by WORKSPACE_SKU_IDS order, age and id is used',
        );
      }
      return toWorkspaceSubscription(chosen, policy);
    },

    changeSeats: (customerId, subscriptionId, expectedCurrent, newTotal) =>
      seatWrites.changeSeats(customerId, subscriptionId, expectedCurrent, newTotal),

    async listDelegates(kind, customerId, read) {
      if (read?.fresh === true) cache.drop(cacheKeys.members(groupKey(kind, customerId)));
      return listMembers(kind, customerId);
    },

    async addDelegate(kind, customerId, email) {
      const group = groupKey(kind, customerId);
      const member = email.trim().toLowerCase();
      try {
        // A write: never tried again automatically.
        await asReseller(GOOGLE_SCOPES.groupMembers, (auth) =>
          directory.members.insert(
            { groupKey: group, requestBody: { email: member, role: 'MEMBER' } },
            auth,
          ),
        );
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const failure = readFailure(error);
        if (failure.status === 409) {
          throw new ApiError(409, 'ALREADY_EXISTS', ERROR_TEXT.memberAlreadyExists);
        }
        if (isGroupMissing(failure)) throw missingGroup(kind, customerId);
        if (!mayHaveHappened(failure)) throw upstreamError(failure, SERVICES.directory);
        await decideAfterLostAnswer(failure, SERVICES.directory, async () =>
          (await hasMember(group, member)) ? true : undefined,
        );
      } finally {
        cache.drop(cacheKeys.members(group));
      }
      return listMembers(kind, customerId);
    },

    async removeDelegate(kind, customerId, email) {
      const group = groupKey(kind, customerId);
      const member = email.trim().toLowerCase();
      try {
        // A write: never tried again automatically.
        await asReseller(GOOGLE_SCOPES.groupMembers, (auth) =>
          directory.members.delete({ groupKey: group, memberKey: member }, auth),
        );
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const failure = readFailure(error);
        if (isGroupMissing(failure)) throw missingGroup(kind, customerId);
        if (failure.status === 404) throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.memberNotFound);
        if (!mayHaveHappened(failure)) throw upstreamError(failure, SERVICES.directory);
        await decideAfterLostAnswer(failure, SERVICES.directory, async () =>
          (await hasMember(group, member)) ? undefined : true,
        );
      } finally {
        cache.drop(cacheKeys.members(group));
      }
      return listMembers(kind, customerId);
    },

    async getUserPhoto(email) {
      try {
        const { data } = await readAsReseller(GOOGLE_SCOPES.directoryUsers, (auth) =>
          directory.users.photos.get({ userKey: email }, auth),
        );
        const contentType = PHOTO_TYPES[(data.mimeType ?? '').toUpperCase()];
        if (contentType === undefined || typeof data.photoData !== 'string') return null;
        return { contentType, data: photoBytes(data.photoData) };
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404) return null;
        throw upstreamError(failure, SERVICES.directory);
      }
    },

    async close() {
      cache.clear();
      serviceAccount.clear();
    },
  };
  return provider;
}
