import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { seatsKey } from '../history/changeKeys';
import { ledgerTotalOf, noteSeatTotal, type FoundTotal } from '../history/seatTotals';
import type { PortalProvider } from '../providers/provider';
import type { PortalStore } from '../store/portalStore';

// Reconciling the ledger with Google (docs/api.md, Reconciliation): every customer's Workspace seat
// total at Google against the last total the ledger knows. A difference becomes one `outside-change`
// entry and one `seats.changed-outside` event; running it again, or on two instances at once, finds
// nothing more, since each customer is compared and written under its seats key, past any cache.

export interface ReconcileContext {
  provider: PortalProvider;
  store: PortalStore;
  now: () => number;
  log: FastifyBaseLogger;
}

/** What one pass found. */
export interface Reconciliation {
  /** The pass's id: the `requestId` of the entries it wrote. */
  pass: string;
  /** Customers whose Workspace subscription was compared. */
  compared: number;
  /** Totals changed outside the portal, in the order found. */
  differences: FoundTotal[];
  /** Customers the ledger saw for the first time: a baseline, not a difference. */
  baselines: number;
  /** Customers left to the settlement worker: a purchase of theirs is pending or unconfirmed. */
  unsettled: number;
  /** Customers whose subscription could not be read again under the lock: compared on a later pass. */
  unreadable: string[];
}

/**
 * One pass over every customer's Workspace subscription; throws when Google's listing or the store
 * cannot be read. A customer whose subscription cannot be read again is named in `unreadable`.
 */
export async function reconcileSeats(context: ReconcileContext): Promise<Reconciliation> {
  const { provider, store, now, log } = context;
  const pass = randomUUID();
  const listed = await provider.listWorkspaceSubscriptions();
  const reconciliation: Reconciliation = {
    pass,
    compared: listed.length,
    differences: [],
    baselines: 0,
    unsettled: 0,
    unreadable: [],
  };
  for (const { subscription, customerDomain } of listed) {
    const { customerId } = subscription;
    // Most totals agree with the ledger: those need neither the lock nor a second read.
    const known = await store.lastKnownSeats(customerId);
    if (known?.total === ledgerTotalOf(subscription)) continue;
    const outcome = await store.exclusive(seatsKey(customerId), async () => {
      // Settlement owns a customer with a purchase still unsettled (docs/api.md, GET /api/history).
      const unsettled = await store.pendingChanges(customerId);
      if (unsettled.some(({ change }) => change.kind === 'licences')) return 'unsettled' as const;
      // The listing may predate a purchase that finished while this pass waited for the lock.
      const current = await provider
        .findWorkspaceSubscription(customerId, { fresh: true })
        .catch((error: unknown) => {
          // One customer Google will not show (moved to another reseller, say) stops no other.
          log.warn(
            { err: error, customerId, pass },
            'subscription left for the next reconciliation',
          );
          return 'unreadable' as const;
        });
      if (current === 'unreadable') return current;
      if (current === null) return null;
      return noteSeatTotal(
        store,
        { subscription: current, customerDomain },
        { at: now(), requestId: pass },
      );
    });
    if (outcome === 'unsettled') reconciliation.unsettled += 1;
    else if (outcome === 'unreadable') reconciliation.unreadable.push(customerId);
    else if (outcome?.state === 'observed') reconciliation.baselines += 1;
    else if (outcome?.state === 'outside-change') {
      reconciliation.differences.push(outcome);
      log.warn({ ...outcome, pass }, 'seat total changed outside the portal');
    }
  }
  return reconciliation;
}
