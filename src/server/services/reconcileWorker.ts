import { backgroundPasses, type BackgroundPasses } from '../backgroundPasses';
import type { PortalMetrics } from '../plugins/metrics';
import { reconcileSeats, type ReconcileContext, type Reconciliation } from './reconcile';

// The ledger's reconciliation in the background (docs/api.md, Reconciliation): a pass every
// RECONCILE_EVERY on every instance, the first one period after the start so a rolling restart does
// not read every customer at once; the seats keys let two instances pass together.

export interface ReconcileWorkerOptions extends ReconcileContext {
  /** RECONCILE_EVERY in milliseconds. */
  everyMs: number;
  metrics?: PortalMetrics;
}

export interface ReconcileWorker extends BackgroundPasses {
  /** One pass; sets the drifting gauge to the differences it found. */
  runOnce(): Promise<Reconciliation>;
}

export function createReconcileWorker(options: ReconcileWorkerOptions): ReconcileWorker {
  const runOnce = async (): Promise<Reconciliation> => {
    const found = await reconcileSeats(options);
    options.metrics?.subscriptionsDrifting.set(found.differences.length);
    return found;
  };
  const passes = backgroundPasses(runOnce, {
    nextAfter: () => options.everyMs,
    pollMs: options.everyMs,
    log: options.log,
    failure: 'reconciliation pass failed',
  });
  return {
    runOnce,
    stop: passes.stop,
    start: (firstAfterMs = options.everyMs) => passes.start(firstAfterMs),
  };
}
