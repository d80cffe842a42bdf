import { LRUCache } from 'lru-cache';
import type { CustomerSortField, SortOrder } from '../../contract/customerList';
import { ledgerTotalOf } from '../history/seatTotals';
import type { PortalProvider, ResoldSubscription } from '../providers/provider';

// The reseller's customers as one listing of Google's subscriptions.list (docs/reseller-console.md,
// The customers' list): kept for LISTING_TTL_MS and shared by every request meanwhile, so a page is
// searched, sorted and cut in memory instead of costing Google a call per 100 customers.

/**
 * How long one listing serves every page: long enough that paging through and sorting a search
 * reads Google once, short enough that a purchase or a change in Google's console shows within a minute.
 */
export const LISTING_TTL_MS = 60_000;

/** A customer's Workspace subscription as the list shows it. */
export interface ListedCustomer {
  customerId: string;
  customerDomain: string;
  skuName: string;
  planName: string;
  seatsTotal: number;
  seatsAssigned: number;
  renewalDate: string | null;
  status: string;
}

export interface Listing {
  /** When Google's listing was read (the clock's epoch ms). */
  listedAt: number;
  /** Every customer, in the order `sort` and `order` ask for (computed once per listing). */
  sorted(sort: CustomerSortField, order: SortOrder): readonly ListedCustomer[];
}

function toListedCustomer({ subscription, customerDomain }: ResoldSubscription): ListedCustomer {
  return {
    customerId: subscription.customerId,
    // Google names the domain on every subscription; a listing without one sorts it first.
    customerDomain: customerDomain ?? '',
    skuName: subscription.skuName,
    planName: subscription.planName,
    seatsTotal: ledgerTotalOf(subscription),
    seatsAssigned: subscription.licensedNumberOfSeats,
    renewalDate: subscription.renewalDate,
    status: subscription.status,
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const COLUMN: Record<CustomerSortField, (a: ListedCustomer, b: ListedCustomer) => number> = {
  domain: (a, b) => byText(a.customerDomain, b.customerDomain),
  customerId: (a, b) => byText(a.customerId, b.customerId),
  edition: (a, b) => byText(a.skuName, b.skuName),
  plan: (a, b) => byText(a.planName, b.planName),
  seatsTotal: (a, b) => a.seatsTotal - b.seatsTotal,
  seatsAssigned: (a, b) => a.seatsAssigned - b.seatsAssigned,
  // No renewal date sorts after every date, whichever the order.
  renewalDate: (a, b) => byText(a.renewalDate ?? '\uffff', b.renewalDate ?? '\uffff'),
};

/** The column's order, then the domain and the id, so equal values keep one stable order across pages. */
function comparator(sort: CustomerSortField, order: SortOrder) {
  const sign = order === 'asc' ? 1 : -1;
  return (a: ListedCustomer, b: ListedCustomer) =>
    sign * COLUMN[sort](a, b) || COLUMN.domain(a, b) || COLUMN.customerId(a, b);
}

function toListing(listed: ResoldSubscription[], listedAt: number): Listing {
  const customers = listed.map(toListedCustomer);
  const orders = new Map<string, readonly ListedCustomer[]>();
  return {
    listedAt,
    sorted(sort, order) {
      const key = `${sort} ${order}`;
      const known = orders.get(key);
      if (known !== undefined) return known;
      const sorted = [...customers].sort(comparator(sort, order));
      orders.set(key, sorted);
      return sorted;
    },
  };
}

export interface CustomerListingOptions {
  provider: PortalProvider;
  /** The route context's clock: the listing's age, and its expiry in tests that move it. */
  now: () => number;
  ttlMs?: number;
}

export interface CustomerListing {
  /** The listing in force: the kept one, or a new one that every request asking meanwhile waits for. */
  current(): Promise<Listing>;
}

const ONLY_KEY = 'all';

export function createCustomerListing({
  provider,
  now,
  ttlMs = LISTING_TTL_MS,
}: CustomerListingOptions): CustomerListing {
  const kept = new LRUCache<typeof ONLY_KEY, Listing>({
    max: 1,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now },
    // lru-cache shares one fetchMethod call among every fetch of the key while it runs.
    fetchMethod: async () => toListing(await provider.listWorkspaceSubscriptions(), now()),
  });
  return {
    async current() {
      const listing = await kept.fetch(ONLY_KEY);
      // fetch answers undefined only for a fetchMethod that does; ours gives a listing or throws.
      if (listing === undefined) throw new Error('the customers listing gave nothing');
      return listing;
    },
  };
}
