import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from './apiError';
import { SERVER_TEXT } from './messages';
import type { PortalProvider } from './providers/provider';
import type { PortalStore } from './store/portalStore';

// Readiness (docs/api.md, GET /api/ready): the store answers, and the provider can serve.

/** How long a readiness check may wait for the store or Google before it answers 503. */
export const READINESS_TIMEOUT_MS = 3000;

/** Rejects with `timedOut` once the readiness time limit passes. */
function withinReadinessTime<T>(work: Promise<T>, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), READINESS_TIMEOUT_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Throws a 503 ApiError naming the first thing that is not ready. */
export async function checkReadiness(
  store: PortalStore,
  provider: PortalProvider,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await withinReadinessTime(store.ping(), () => new Error('the store did not answer in time'));
  } catch (failure) {
    log.error({ err: failure }, 'store not answering');
    throw new ApiError(503, SERVER_TEXT.storeNotAnswering);
  }
  await provider.checkReady?.();
}
