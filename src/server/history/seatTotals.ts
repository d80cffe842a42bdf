import type { ResoldSubscription, WorkspaceSubscription } from '../providers/provider';
import { isAnnualPlan } from '../providers/seatRules';
import { workspaceSkuIdOf } from '../providers/skus';
import type { PortalStore } from '../store/portalStore';

// The ledger's last known seat total against Google's (docs/api.md, Reconciliation): a difference is
// written as one `outside-change` entry with its notification, a customer the ledger has never seen
// gets a quiet `observed` baseline. The caller holds the customer's seats key.

/** What the ledger counts: bought seats on an annual plan, the maximum Google allows on the others. */
export function ledgerTotalOf(subscription: WorkspaceSubscription): number {
  return isAnnualPlan(subscription.planName)
    ? subscription.numberOfSeats
    : subscription.maximumNumberOfSeats;
}

/** A total found at Google: a difference from the ledger's last one, or the ledger's first. */
export interface FoundTotal {
  state: 'outside-change' | 'observed';
  customerId: string;
  customerDomain: string | null;
  subscriptionId: string;
  before: number;
  after: number;
}

/**
 * Compares Google's total with the ledger's last known one and writes what differs; null when they
 * agree. Only for a customer without unsettled licence entries, while its seats key is held.
 */
export async function noteSeatTotal(
  store: PortalStore,
  { subscription, customerDomain }: ResoldSubscription,
  found: { at: number; requestId: string },
): Promise<FoundTotal | null> {
  const { customerId, subscriptionId, skuName } = subscription;
  const after = ledgerTotalOf(subscription);
  const known = await store.lastKnownSeats(customerId);
  if (known !== null && known.total === after) return null;
  const state = known === null ? 'observed' : 'outside-change';
  const before = known?.total ?? after;
  const written = await store.recordFoundSeats({
    customerId,
    requestId: found.requestId,
    at: found.at,
    state,
    change: { kind: 'licences', subscriptionId, before, after },
    customerDomain,
    sku: { skuId: subscription.skuId ?? workspaceSkuIdOf(skuName), skuName },
    comparedWith: known?.id ?? null,
  });
  if (written === null) return null;
  return { state, customerId, customerDomain, subscriptionId, before, after };
}
