import type { reseller_v1 } from 'googleapis';
import { ERROR_TEXT } from '../../../contract/errors';
import { permissionDenied } from '../../apiError';
import type {
  Customer,
  PortalProvider,
  ResoldSubscription,
  WorkspaceSubscription,
} from '../provider';
import type { SeatPolicy } from '../seatPolicy';
import { isForbidden, readFailure, upstreamError } from './googleFailure';
import type { GoogleProviderOptions } from './options';
import { GOOGLE_SCOPES, GOOGLE_SERVICES, type ResellerAdmin } from './resellerAdmin';
import type { ResellerCalls } from './resellerCalls';
import { createSeatWrites } from './seatWrites';
import { chooseWorkspaceSubscription, toWorkspaceSubscription } from './subscriptionChoice';
import type { TtlCache } from './ttlCache';

// The reseller's customers and their subscriptions through the Reseller API: customers.get,
// subscriptions.list (cached, every change drops it) and the seat changes of seatWrites.ts.

/** Reseller API's maximum page size for subscriptions. */
const SUBSCRIPTIONS_PAGE_SIZE = 100;
/** Bounds every page loop; far beyond any real customer. */
const MAX_PAGES = 50;
/** Bounds the listing of every customer's subscriptions: a million, far beyond any reseller. */
const MAX_RESELLER_PAGES = 10_000;

export interface ResellerApiOptions {
  calls: ResellerCalls;
  admin: ResellerAdmin;
  cache: TtlCache;
  policy: SeatPolicy;
  allowedSkuIds: readonly string[];
  callTimeoutMs: number;
  writeTimeoutMs: number;
  resellerName: string;
  log: GoogleProviderOptions['log'];
}

const cacheKeys = {
  customer: (key: string) => `customer:${key.toLowerCase()}`,
  subscriptions: (customerId: string) => `subscriptions:${customerId}`,
};

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

/** The reseller's own customer as the portal knows it, or null for another's. */
export function toCustomer(data: reseller_v1.Schema$Customer, key: string): Customer | null {
  if (!isOwnCustomer(data)) return null;
  return {
    customerId: data.customerId ?? '',
    customerDomain: (data.customerDomain ?? key).toLowerCase(),
  };
}

export function createResellerApi(options: ResellerApiOptions) {
  const { calls, admin, cache, policy } = options;
  const orders = GOOGLE_SCOPES.resellerOrders;

  /** customers.get as Google answers it (cached); null when Google knows no such account. */
  function googleCustomer(key: string): Promise<reseller_v1.Schema$Customer | null> {
    return cache.get(cacheKeys.customer(key), async () => {
      try {
        const { data } = await admin.readAsReseller(orders, (auth) =>
          calls.customers.get({ customerId: key }, auth),
        );
        return data;
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404 || isForbidden(failure)) return null;
        throw upstreamError(failure, GOOGLE_SERVICES.reseller);
      }
    });
  }

  async function listSubscriptions(customerId: string) {
    return cache.get(cacheKeys.subscriptions(customerId), async () => {
      const found: reseller_v1.Schema$Subscription[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < MAX_PAGES; page += 1) {
          const { data } = await admin.readAsReseller(orders, (auth) =>
            calls.subscriptions.list(
              { customerId, maxResults: SUBSCRIPTIONS_PAGE_SIZE, pageToken },
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
          throw permissionDenied(notACustomer, notACustomer);
        }
        throw upstreamError(failure, GOOGLE_SERVICES.reseller);
      }
      return found;
    });
  }

  const findWorkspaceSubscription: PortalProvider['findWorkspaceSubscription'] = async (
    customerId,
    read,
  ): Promise<WorkspaceSubscription | null> => {
    if (read?.fresh === true) cache.drop(cacheKeys.subscriptions(customerId));
    const all = await listSubscriptions(customerId);
    if (all === null) return null;
    const { chosen, tied } = chooseWorkspaceSubscription(all, options.allowedSkuIds);
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
  };

  /** subscriptions.list without a customer: every subscription of the reseller, page by page. */
  const listWorkspaceSubscriptions = async (): Promise<ResoldSubscription[]> => {
    const byCustomer = new Map<string, reseller_v1.Schema$Subscription[]>();
    let pageToken: string | undefined;
    try {
      for (let page = 0; page < MAX_RESELLER_PAGES; page += 1) {
        const { data } = await admin.readAsReseller(orders, (auth) =>
          calls.subscriptions.list({ maxResults: SUBSCRIPTIONS_PAGE_SIZE, pageToken }, auth),
        );
        for (const subscription of data.subscriptions ?? []) {
          const customerId = subscription.customerId ?? '';
          const ofCustomer = byCustomer.get(customerId) ?? [];
          ofCustomer.push(subscription);
          byCustomer.set(customerId, ofCustomer);
        }
        pageToken = data.nextPageToken ?? undefined;
        if (pageToken === undefined) break;
      }
    } catch (error) {
      throw upstreamError(readFailure(error), GOOGLE_SERVICES.reseller);
    }
    return [...byCustomer.values()].flatMap((all) => {
      const { chosen } = chooseWorkspaceSubscription(all, options.allowedSkuIds);
      if (chosen === undefined) return [];
      return [
        {
          subscription: toWorkspaceSubscription(chosen, policy),
          customerDomain: chosen.customerDomain?.toLowerCase() ?? null,
        },
      ];
    });
  };

  const seatWrites = createSeatWrites({
    reseller: calls,
    policy,
    callTimeoutMs: options.callTimeoutMs,
    writeTimeoutMs: options.writeTimeoutMs,
    service: GOOGLE_SERVICES.reseller,
    asReseller: (call, limits) => admin.asReseller(orders, call, limits),
    findFresh: (customerId) => findWorkspaceSubscription(customerId, { fresh: true }),
    forget: (customerId) => cache.drop(cacheKeys.subscriptions(customerId)),
  });

  return {
    googleCustomer,
    findWorkspaceSubscription,
    listWorkspaceSubscriptions,
    changeSeats: seatWrites.changeSeats,
  };
}
