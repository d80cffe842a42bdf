// Deep imports load two APIs instead of all of googleapis (about a second saved at start-up).
import { admin_directory_v1 } from 'googleapis/build/src/apis/admin';
import { reseller_v1 } from 'googleapis/build/src/apis/reseller';
import { API_PATHS } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { ERROR_TEXT } from '../../../contract/errors';
import { DIRECTORY_SCOPE } from '../../../contract/limits';
import { ApiError } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import { READINESS_TIMEOUT_MS } from '../../readiness';
import { UpstreamError } from '../../upstreamError';
import type { Customer, DirectoryUser, PortalProvider } from '../provider';
import { DEFAULT_SEAT_POLICY } from '../seatPolicy';
import { measuredFetch } from './googleCallMetrics';
import { callLimits, signalOf, withReadRetries, type CallLimits } from './googleCalls';
import { createDelegateGroups } from './delegateGroups';
import {
  isAdminSdkAccessOff,
  isForbidden,
  readFailure,
  upstreamError,
  type GoogleFailure,
} from './googleFailure';
import { createMxLookup } from './mxLookup';
import { GOOGLE_DEFAULTS, type GoogleProviderOptions } from './options';
import { readPhoto } from './directoryPhoto';
import { createResellerTokens } from './credentials';
import { createSeatWrites } from './seatWrites';
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

/** One user of a domain is enough to say whose domain it is (Directory users.list). */
const DOMAIN_PROBE_SIZE = 1;
/** The local part asked for at a domain alias: an address no person holds, the same for everyone. */
const DOMAIN_PROBE_ADDRESS = 'portal-domain-probe';
/** Reseller API's maximum page size for subscriptions. */
const SUBSCRIPTIONS_PAGE_SIZE = 100;
/** Bounds every page loop; far beyond any real group or customer. */
const MAX_PAGES = 50;
/** Mail exchangers of Google Workspace domains: aspmx.l.google.com, smtp.google.com, *.googlemail.com. */
const GOOGLE_MX = /(^|\.)(google\.com|googlemail\.com)\.?$/i;
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

function toDirectoryUser(user: admin_directory_v1.Schema$User, email: string): DirectoryUser {
  return {
    id: user.id ?? '',
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
    fetchImplementation: measuredFetch(options.metrics),
    retry: false,
    ...(options.apiRootUrl === undefined ? {} : { rootUrl: options.apiRootUrl }),
  };
  const directory = new admin_directory_v1.Admin(apiOptions);
  const reseller = new reseller_v1.Reseller(apiOptions);
  const serviceAccount = createResellerTokens(options);
  const cache = createTtlCache({
    ttlMs: options.cacheTtlMs ?? GOOGLE_DEFAULTS.cacheTtlMs,
    maxEntries: options.cacheMaxEntries ?? GOOGLE_DEFAULTS.cacheMaxEntries,
  });
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

  const cacheKeys = {
    customer: (key: string) => `customer:${key.toLowerCase()}`,
    domain: (domain: string) => `domain:${domain.toLowerCase()}`,
    aliasDomain: (domain: string) => `alias-domain:${domain.toLowerCase()}`,
    subscriptions: (customerId: string) => `subscriptions:${customerId}`,
  };

  const delegateGroups = createDelegateGroups({
    directory,
    groupTemplate: options.delegateGroupTemplate,
    apiRootUrl: options.apiRootUrl,
    cache,
    asReseller,
    fetch: measuredFetch(options.metrics),
  });

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

  /**
   * Whether a domain is in the account of one of the reseller's customers (primary or secondary),
   * and whose: Directory users.list of the domain, one user at most, as the reseller (cached).
   * Only the domain goes to Google and the answer is the same for every address at it, so it never
   * tells which people exist (docs/security.md). null when the reseller may not read the domain
   * (forbidden), Google knows no such domain, or it has no user; customerId is undefined when the
   * customer has turned the reseller's Admin SDK access off.
   */
  function domainOwner(domain: string): Promise<{ customerId: string | undefined } | null> {
    return cache.get(cacheKeys.domain(domain), async () => {
      try {
        const { data } = await readAsReseller(GOOGLE_SCOPES.directoryUsers, (auth) =>
          directory.users.list(
            { domain, maxResults: DOMAIN_PROBE_SIZE, projection: 'basic', viewType: 'admin_view' },
            auth,
          ),
        );
        const customerId = data.users?.[0]?.customerId;
        return typeof customerId === 'string' ? { customerId } : null;
      } catch (error) {
        const failure = readFailure(error);
        if (isAdminSdkAccessOff(failure)) return { customerId: undefined };
        // Google answers 404 "Domain not found." for a domain it does not know, 400 for a malformed one.
        if (failure.status === 404 || failure.status === 400 || isForbidden(failure)) return null;
        throw upstreamError(failure, SERVICES.directory);
      }
    });
  }

  /**
   * Whether a domain alias of one of the reseller's customers is this domain, which users.list does
   * not know: users.get of a fixed address no person holds, as the reseller. Google resolves the
   * domain to its account first, so 404 (no such user) means a customer's domain and 403 forbidden a
   * domain the reseller does not manage. The address never depends on who asked (docs/security.md).
   * true when it is a customer's (cached), null otherwise (never kept).
   */
  function isCustomerAliasDomain(domain: string): Promise<true | null> {
    return cache.get(cacheKeys.aliasDomain(domain), async () => {
      try {
        await readAsReseller(GOOGLE_SCOPES.directoryUsers, (auth) =>
          directory.users.get(
            { userKey: `${DOMAIN_PROBE_ADDRESS}@${domain}`, projection: 'basic' },
            auth,
          ),
        );
        return true;
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404 || isAdminSdkAccessOff(failure)) return true;
        if (failure.status === 400 || isForbidden(failure)) return null;
        throw upstreamError(failure, SERVICES.directory);
      }
    });
  }

  function toCustomer(data: reseller_v1.Schema$Customer, key: string): Customer | null {
    if (!isOwnCustomer(data)) return null;
    return {
      customerId: data.customerId ?? '',
      customerDomain: (data.customerDomain ?? key).toLowerCase(),
    };
  }

  async function findCustomer(key: string): Promise<Customer | null> {
    const wanted = key.trim();
    const data = await googleCustomer(wanted);
    if (data !== null) return toCustomer(data, wanted);
    // customers.get knows primary domains only; a secondary domain is known by its users.
    if (!wanted.includes('.')) return null;
    const owner = await domainOwner(wanted);
    if (owner?.customerId === undefined) return null;
    const customer = await googleCustomer(owner.customerId);
    return customer === null ? null : toCustomer(customer, owner.customerId);
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
    // Google's mail servers, Google's Reseller API knows the domain (as this reseller's customer, or
    // another's: customers.get answers those too), or it is a secondary domain of one of
    // this reseller's customers (its mail may go through a gateway). Only the domain is asked about.
    async isGoogleAccount(email) {
      const domain = domainOf(email);
      if (domain === '') return false;
      try {
        const records = await resolveMx(domain);
        if (records.some((record) => GOOGLE_MX.test(record.exchange))) return true;
      } catch {
        // No MX records, a timeout, or DNS trouble: Google's own records still answer below.
      }
      if ((await googleCustomer(domain)) !== null) return true;
      if ((await domainOwner(domain)) !== null) return true;
      return (await isCustomerAliasDomain(domain)) !== null;
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

    listDelegates: (kind, customerId, read) =>
      delegateGroups.listDelegates(kind, customerId, read?.fresh === true),
    addDelegate: (kind, customerId, email) => delegateGroups.addDelegate(kind, customerId, email),
    removeDelegate: (kind, customerId, email) =>
      delegateGroups.removeDelegate(kind, customerId, email),

    async getUserPhoto(email) {
      try {
        const { data } = await readAsReseller(GOOGLE_SCOPES.directoryUsers, (auth) =>
          directory.users.photos.get({ userKey: email }, auth),
        );
        const photo = readPhoto(data);
        if ('unreadable' in photo) {
          // The person sees the silhouette; the log says why (docs/api.md, GET /api/photo).
          options.log?.warn(
            { email, mimeType: data.mimeType, why: photo.unreadable },
            'photo unreadable',
          );
          return null;
        }
        return photo;
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404) return null;
        throw upstreamError(failure, SERVICES.directory);
      }
    },

    async checkReady() {
      // The cached token costs no Google call; a new one is one exchange (docs/api.md, GET /api/ready).
      try {
        const limits = callLimits(Math.min(callTimeoutMs, READINESS_TIMEOUT_MS));
        await serviceAccount.accessToken([GOOGLE_SCOPES.resellerOrders], signalOf(limits));
      } catch (error) {
        const failure = readFailure(error);
        const refused = upstreamError(failure, SERVICES.identity);
        throw new UpstreamError(503, 'UNAVAILABLE', refused.message, { ...failure });
      }
    },

    async close() {
      cache.clear();
      serviceAccount.clear();
    },
  };
  return provider;
}
