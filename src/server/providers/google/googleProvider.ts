import { admin_directory_v1 } from '@googleapis/admin';
import { domainOf } from '../../../contract/email';
import { ApiError } from '../../apiError';
import type { Customer, PortalProvider } from '../provider';
import { DEFAULT_SEAT_POLICY } from '../seatPolicy';
import { DEFAULT_WORKSPACE_SKU_IDS } from '../skus';
import { createDelegateGroups } from './delegateGroups';
import { createDirectoryApi } from './directoryApi';
import { measuredFetch } from './googleCallMetrics';
import { callLimits, withReadRetries } from './googleCalls';
import { readFailure, upstreamError } from './googleFailure';
import { createMxLookup } from './mxLookup';
import { GOOGLE_DEFAULTS, type GoogleProviderOptions } from './options';
import { createResellerAdmin, GOOGLE_SERVICES } from './resellerAdmin';
import { createResellerApi, toCustomer } from './resellerApi';
import { createResellerCalls } from './resellerCalls';
import { fetchTokenInfo, GOOGLE_TOKENINFO_URL } from './tokenInfo';
import { createTtlCache } from './ttlCache';

// The production provider, assembled from one module per Google API: Google's token information,
// the Admin SDK Directory API (directoryApi.ts, delegateGroups.ts) and the Reseller API
// (resellerApi.ts), each called with the narrowest credentials that work, with a time limit per call,
// retries for reads only, and a short cache that every change drops (docs/configuration-google.md).

export { GOOGLE_SCOPES } from './resellerAdmin';

/** Mail exchangers of Google Workspace domains: aspmx.l.google.com, smtp.google.com, *.googlemail.com. */
const GOOGLE_MX = /(^|\.)(google\.com|googlemail\.com)\.?$/i;

export function createGoogleProvider(options: GoogleProviderOptions): PortalProvider {
  const callTimeoutMs = options.callTimeoutMs ?? GOOGLE_DEFAULTS.callTimeoutMs;
  const writeTimeoutMs = options.writeTimeoutMs ?? GOOGLE_DEFAULTS.writeTimeoutMs;
  // Node's own fetch, measured: one HTTP stack for every Google call. Retries are this provider's own.
  const fetch = measuredFetch(options.metrics);
  const directory = new admin_directory_v1.Admin({
    fetchImplementation: fetch,
    retry: false,
    ...(options.apiRootUrl === undefined ? {} : { rootUrl: options.apiRootUrl }),
  });
  const admin = createResellerAdmin(options, callTimeoutMs);
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

  const reseller = createResellerApi({
    calls: createResellerCalls({ fetch, apiRootUrl: options.apiRootUrl }),
    admin,
    cache,
    policy: options.seatPolicy ?? DEFAULT_SEAT_POLICY,
    allowedSkuIds: options.workspaceSkuIds ?? DEFAULT_WORKSPACE_SKU_IDS,
    callTimeoutMs,
    writeTimeoutMs,
    resellerName: options.resellerName,
    log: options.log,
  });
  const directoryApi = createDirectoryApi({
    directory,
    admin,
    cache,
    log: options.log,
    findCustomer,
  });
  const delegateGroups = createDelegateGroups({
    directory,
    groupTemplate: options.delegateGroupTemplate,
    apiRootUrl: options.apiRootUrl,
    cache,
    asReseller: admin.asReseller,
    fetch,
  });

  /** A customer by primary domain or id (Reseller API), else by a secondary domain (Directory). */
  async function findCustomer(key: string): Promise<Customer | null> {
    const wanted = key.trim();
    const data = await reseller.googleCustomer(wanted);
    if (data !== null) return toCustomer(data, wanted);
    // customers.get knows primary domains only; a secondary domain is known by its users.
    if (!wanted.includes('.')) return null;
    const owner = await directoryApi.domainOwner(wanted);
    if (owner?.customerId === undefined) return null;
    const customer = await reseller.googleCustomer(owner.customerId);
    return customer === null ? null : toCustomer(customer, owner.customerId);
  }

  return {
    kind: 'google',
    resellerName: options.resellerName,
    writeTimeoutMs,

    async verifyToken(token) {
      // A sign-in's next calls need the service account's tokens: exchange them meanwhile.
      admin.prepare();
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
        throw upstreamError(readFailure(error), GOOGLE_SERVICES.identity);
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
      if ((await reseller.googleCustomer(domain)) !== null) return true;
      if ((await directoryApi.domainOwner(domain)) !== null) return true;
      return (await directoryApi.isCustomerAliasDomain(domain)) !== null;
    },

    lookupDirectoryUser: directoryApi.lookupDirectoryUser,
    listAdministrators: directoryApi.listAdministrators,
    findCustomer,
    findWorkspaceSubscription: reseller.findWorkspaceSubscription,
    listWorkspaceSubscriptions: reseller.listWorkspaceSubscriptions,
    changeSeats: reseller.changeSeats,

    listDelegates: (kind, customerId, read) =>
      delegateGroups.listDelegates(kind, customerId, read?.fresh === true),
    addDelegate: (kind, customerId, email) => delegateGroups.addDelegate(kind, customerId, email),
    removeDelegate: (kind, customerId, email) =>
      delegateGroups.removeDelegate(kind, customerId, email),

    isGroupMember: directoryApi.isGroupMember,
    getUserPhoto: directoryApi.getUserPhoto,
    checkReady: admin.checkReady,

    async close() {
      cache.clear();
      admin.clear();
    },
  };
}
