import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../apiError';
import { currentDeadline } from '../plugins/deadline';
import type { HistoryKind } from '../../contract/history';
import { readState, settleHeld } from '../history/settle';
import { DEFAULT_PURCHASE_GRACE_MS } from '../limits';
import { SERVER_TEXT } from '../messages';
import type { PortalMetrics } from '../plugins/metrics';
import type { PriceList } from '../prices/priceList';
import type { PortalProvider } from '../providers/provider';
import type { PortalStore } from '../store/portalStore';

// The one lock of a change (docs/deploy.md): the store's, which PostgreSQL holds across instances,
// taken per subscription or delegate list (history/changeKeys.ts) around the whole change.

/** What the change services work with: the provider, the portal store and the clock. */
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

/** What a change locks (history/changeKeys.ts) and which provider state settles its pending history. */
export interface ChangeTarget {
  customerId: string;
  key: string;
  kind: HistoryKind;
}

/**
 * Runs the change while it holds the target's key, after settling what a crash left pending under
 * that key; a request that waited out its deadline changes nothing.
 */
export function withChangeLock<T>(
  context: ChangeContext,
  { customerId, key, kind }: ChangeTarget,
  log: FastifyBaseLogger,
  change: () => Promise<T>,
): Promise<T> {
  const { provider, store, now, purchaseGraceMs, metrics } = context;
  return store.exclusive(key, async () => {
    // Its 504 has been answered while it waited behind other changes (docs/api.md, 504).
    if (currentDeadline()?.signal.aborted === true) {
      throw new ApiError(504, SERVER_TEXT.deadlineExceeded);
    }
    await settleHeld(
      store,
      customerId,
      key,
      (held) => readState(provider, customerId, kind, held),
      {
        clock: { now: now(), graceMs: purchaseGraceMs ?? DEFAULT_PURCHASE_GRACE_MS },
        log,
        metrics,
      },
    );
    return change();
  });
}
