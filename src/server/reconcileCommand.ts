import { storeLocationOf } from './config';
import { readEnvironment } from './configuration/environment';
import { createLogger } from './plugins/logger';
import { closeProvider, openProvider } from './openProvider';
import { SANDBOX_RESELLER_NAME } from './providers/sandbox/dataset';
import { reconcileSeats, type Reconciliation } from './services/reconcile';
import { openPortalStore } from './store/openStore';

// `npm run ledger:reconcile` (docs/api.md, Reconciliation): one reconciliation pass against the
// provider and the store the portal would use (PORTAL_PROVIDER, PORTAL_DATA_DIR or DATABASE_URL), one
// line per difference and a summary.

/** What the command prints for a pass: one line per difference, then the summary. */
function reconciliationLines(found: Reconciliation): string[] {
  const lines = found.differences.map(
    ({ subscriptionId, customerId, customerDomain, before, after }) =>
      `${subscriptionId} (${customerDomain ?? customerId}, ${customerId}): ${before} → ${after}`,
  );
  lines.push(
    `Compared ${found.compared} subscriptions: ${found.differences.length} changed outside the portal, ${found.baselines} new to the ledger, ${found.unsettled} left to settlement.`,
  );
  return lines;
}

/**
 * Runs one pass and answers the lines to print, and the problem to print after them when a customer's
 * subscription could not be read; throws when the provider's listing or the store cannot be read.
 */
export async function reconcileFromCommand(
  env: NodeJS.ProcessEnv,
): Promise<{ lines: string[]; problem: string | null }> {
  const settings = readEnvironment(env);
  const location = storeLocationOf(settings);
  const log = createLogger('silent');
  const opened = await openProvider(
    {
      provider: settings.PORTAL_PROVIDER,
      dataDir: location.dataDir,
      resellerName: settings.RESELLER_NAME ?? SANDBOX_RESELLER_NAME,
    },
    settings,
    log,
  );
  try {
    const store = await openPortalStore(location, Date.now());
    try {
      const found = await reconcileSeats({ provider: opened.provider, store, now: Date.now, log });
      const { unreadable } = found;
      return {
        lines: reconciliationLines(found),
        problem:
          unreadable.length === 0
            ? null
            : `Could not read the subscription of ${unreadable.length} customers, compared on the next run: ${unreadable.join(', ')}`,
      };
    } finally {
      await store.close();
    }
  } finally {
    await closeProvider(opened);
  }
}
