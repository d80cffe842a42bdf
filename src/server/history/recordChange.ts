import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../apiError';
import { UpstreamError } from '../upstreamError';
import type { PortalStore } from '../store/portalStore';

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

/** The provider made the change: done, with the state after it; else pending, settled as done on read. */
export async function recordDone(
  store: PortalStore,
  id: number,
  after: number | readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await store.completeChange(id, after);
  } catch (failure) {
    log.error({ err: failure, historyId: id }, 'history entry left pending');
  }
}

/**
 * The provider's write failed: failed when refused for sure, unconfirmed when it could not confirm;
 * a 5xx or a lost connection may or may not have changed anything, so the entry stays pending.
 */
export async function recordFailure(
  store: PortalStore,
  id: number,
  error: unknown,
  log: FastifyBaseLogger,
): Promise<void> {
  const settled = isRefusal(error)
    ? store.failChange(id)
    : isUnconfirmed(error)
      ? store.markChange(id, 'unconfirmed')
      : undefined;
  await settled?.catch((failure: unknown) => {
    log.error({ err: failure, historyId: id }, 'history entry left pending');
  });
}
