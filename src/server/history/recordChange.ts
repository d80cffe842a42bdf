import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../apiError';
import { currentDeadline } from '../plugins/deadline';
import { SERVER_TEXT } from '../messages';
import { UpstreamError } from '../upstreamError';
import type { HistoryIntent, PortalStore } from '../store/portalStore';

// A change that cannot go missing from the history (docs/api.md, GET /api/history): the intent is
// committed before the provider is called and completed after it answers. If the process dies in
// between, the pending entry stays and the next read settles it from the provider's state.

const HTTP_SERVER_ERROR = 500;

/**
 * A refusal answered for sure, so the change did not happen: the portal's or the provider's 4xx, or
 * a 5xx of the portal's that stands for Google's 4xx (a quota or rate limit, a refused sign-in).
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || isUnconfirmed(error)) return false;
  if (error.code < HTTP_SERVER_ERROR) return true;
  const googleStatus = error instanceof UpstreamError ? error.upstream.status : undefined;
  return typeof googleStatus === 'number' && googleStatus < HTTP_SERVER_ERROR;
}

/** The provider could not confirm the change (504 UNKNOWN): listed as unconfirmed until settled. */
export function isUnconfirmed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 'UNKNOWN';
}

export async function recordChange<T>(
  store: PortalStore,
  intent: HistoryIntent,
  apply: () => Promise<T>,
  afterOf: (result: T) => number | readonly string[],
  log: FastifyBaseLogger,
): Promise<T> {
  // A request that waited out its deadline behind other changes has had its 504: change nothing.
  if (currentDeadline()?.signal.aborted === true) {
    throw new ApiError(504, SERVER_TEXT.deadlineExceeded);
  }
  const id = await store.recordIntent(intent);
  let result: T;
  try {
    result = await apply();
  } catch (error) {
    // A 5xx or a lost connection may or may not have changed anything: pending, settled on read.
    const settled = isRefusal(error)
      ? store.failChange(id)
      : isUnconfirmed(error)
        ? store.markChange(id, 'unconfirmed')
        : undefined;
    await settled?.catch((failure: unknown) => {
      log.error({ err: failure, historyId: id }, 'history entry left pending');
    });
    throw error;
  }
  try {
    await store.completeChange(id, afterOf(result));
  } catch (failure) {
    // The change happened and is acknowledged; its pending entry is settled as done on read.
    log.error({ err: failure, historyId: id }, 'history entry left pending');
  }
  return result;
}
