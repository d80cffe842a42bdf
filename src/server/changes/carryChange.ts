import type { FastifyBaseLogger } from 'fastify';
import type { HistoryKind } from '../../contract/history';
import { audit, type AuditOutcome, type AuditRecord } from '../audit';
import { isRefusal, recordChange } from '../history/recordChange';
import { readState, settleHeld } from '../history/settle';
import { DEFAULT_PURCHASE_GRACE_MS } from '../limits';
import type { PortalMetrics } from '../plugins/metrics';
import type { PriceList } from '../prices/priceList';
import type { PortalProvider } from '../providers/provider';
import type { HistoryIntent, PortalStore, RecordedChange } from '../store/portalStore';

// One change to a customer's subscription or delegate lists, carried with its history (docs/api.md,
// GET /api/history): one at a time per key across instances (docs/deploy.md), what a crash left
// pending settled first, the provider's state re-read, the write recorded and audited.

/** What the change service works with: the provider, the portal store and the clock. */
export interface ChangeContext {
  provider: PortalProvider;
  /** The portal's own store: session revocations, the change history and the change locks. */
  store: PortalStore;
  now: () => number;
  /** How long an unconfirmed purchase may take to show before it is listed as not made. */
  purchaseGraceMs?: number;
  /** Purchases and delegate changes are counted here by outcome (docs/deploy.md, Metrics). */
  metrics?: PortalMetrics;
  /** The reseller's prices (PRICE_FILE); null or absent: no price is shown (docs/api.md), and a
   * purchase's notification carries none (docs/notifications.md). */
  prices?: PriceList | null;
}

/** Who asks for a change: the history entry's actor and request, and the log of the audit lines. */
export interface ChangeRequester {
  actor: string;
  requestId: string;
  log: FastifyBaseLogger;
}

/** What the change locks (history/changeKeys.ts) and which provider state settles its history. */
export interface ChangeTarget {
  customerId: string;
  key: string;
  kind: HistoryKind;
}

/** The change as planned from the provider's state read under the lock. */
export interface PlannedChange<T> {
  /** The history entry's change. */
  change: RecordedChange;
  /** What the change's notification names besides the change (docs/notifications.md). */
  about?: Pick<HistoryIntent, 'customerDomain' | 'sku' | 'price'>;
  /** The provider's write. */
  write: () => Promise<T>;
  /** The state after the change, as the history keeps it. */
  afterOf: (result: T) => number | readonly string[];
  /** The audit line of the write's outcome, or none for it (docs/api.md, Logs). */
  auditOf: (outcome: AuditOutcome, result?: T) => AuditRecord<unknown> | null;
}

/**
 * Takes the target's lock, settles its pending history, plans the change from a fresh read, then
 * writes it through the provider with its history entry and its audit line.
 */
export function carryChange<T>(
  { provider, store, now, purchaseGraceMs, metrics }: ChangeContext,
  requester: ChangeRequester,
  { customerId, key, kind }: ChangeTarget,
  plan: () => Promise<PlannedChange<T>>,
): Promise<T> {
  const { actor, requestId, log } = requester;
  return store.exclusive(key, async () => {
    const clock = { now: now(), graceMs: purchaseGraceMs ?? DEFAULT_PURCHASE_GRACE_MS };
    await settleHeld(
      store,
      customerId,
      key,
      (held) => readState(provider, customerId, kind, held),
      { clock, log, metrics },
    );
    const planned = await plan();
    const auditOutcome = (outcome: AuditOutcome, result?: T) => {
      const record = planned.auditOf(outcome, result);
      if (record !== null) audit(log, record, metrics);
    };
    // Every outcome of the provider's call is audited as its kind of change says (docs/api.md, Logs).
    const write = async () => {
      try {
        const result = await planned.write();
        auditOutcome('done', result);
        return result;
      } catch (error) {
        auditOutcome(isRefusal(error) ? 'failed' : 'unconfirmed');
        throw error;
      }
    };
    return recordChange(
      store,
      { customerId, actor, requestId, at: now(), change: planned.change, ...planned.about },
      write,
      planned.afterOf,
      log,
    );
  });
}
