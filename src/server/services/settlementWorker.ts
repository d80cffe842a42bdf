import type { FastifyBaseLogger } from 'fastify';
import { backgroundPasses } from '../backgroundPasses';
import { keyOf } from '../history/changeKeys';
import { readState, settleHeld } from '../history/settle';
import type { PortalMetrics } from '../plugins/metrics';
import type { PortalProvider } from '../providers/provider';
import type { HistoryRecord, PortalStore } from '../store/portalStore';

// Settles history in the background (docs/api.md, GET /api/history): every pass takes each key with
// unsettled entries, if no one holds it here or on another instance, and settles them from the
// provider's state, so a purchase Google applied late is billed without anyone reading the history.

export interface SettlementWorkerOptions {
  store: PortalStore;
  provider: PortalProvider;
  log: FastifyBaseLogger;
  /** SETTLEMENT_POLL_MS. */
  pollMs: number;
  /** UNCONFIRMED_PURCHASE_GRACE_MS. */
  graceMs: number;
  now?: () => number;
  metrics?: PortalMetrics;
}

export interface SettlementWorker {
  /** One pass over the unsettled entries; answers how many keys it settled. */
  runOnce(): Promise<number>;
  /** Passes every pollMs until stop(). */
  start(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/** The first entry of each key, the one that names its customer and the provider state to read. */
function firstOfEachKey(records: readonly HistoryRecord[]): HistoryRecord[] {
  const byKey = new Map<string, HistoryRecord>();
  for (const record of records) {
    if (!byKey.has(keyOf(record))) byKey.set(keyOf(record), record);
  }
  return [...byKey.values()];
}

export function createSettlementWorker(options: SettlementWorkerOptions): SettlementWorker {
  const { store, provider, log, metrics } = options;
  const now = options.now ?? Date.now;

  const runOnce = async (): Promise<number> => {
    let settled = 0;
    for (const sample of firstOfEachKey(await store.unsettledChanges())) {
      const { customerId } = sample;
      const key = keyOf(sample);
      // A held key is a change in flight, or another instance settling it: left to its holder.
      const attempt = await store.ifFree(key, async () => {
        try {
          await settleHeld(
            store,
            customerId,
            key,
            (held) => readState(provider, customerId, sample.change.kind, held),
            { clock: { now: now(), graceMs: options.graceMs }, log, metrics },
          );
          return true;
        } catch (error) {
          // An unreadable provider cannot tell: the entries stay as they are until the next pass.
          log.warn({ err: error, key }, 'unsettled history entries left for the next pass');
          return false;
        }
      });
      if (attempt.ran && attempt.value) settled += 1;
    }
    return settled;
  };

  const passes = backgroundPasses(runOnce, {
    nextAfter: () => options.pollMs,
    pollMs: options.pollMs,
    log,
    failure: 'history settlement pass failed',
  });
  return { runOnce, ...passes };
}
