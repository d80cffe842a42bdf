import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError } from '../apiError';
import type { PortalStore } from '../store/portalStore';
import { checkXsrf } from './xsrf';
import { requireSession, type PortalSession } from './session';

// Request hooks that put the verified session on the request before any handler runs.

declare module 'fastify' {
  interface FastifyRequest {
    portalSession: PortalSession | null;
  }
  interface FastifyContextConfig {
    /** The route reads the session itself (sign-out answers 204 without one); the scope hook skips it. */
    sessionOptional?: boolean;
  }
}

/** The store's revocation lookup: one indexed read per request that reads a session. */
export type SessionRevocations = Pick<PortalStore, 'isSessionRevoked'>;

/** Methods that change nothing and so need no XSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A valid session that has not been signed out; the contract's 401 otherwise. */
export async function requireLiveSession(
  request: FastifyRequest,
  now: number,
  revocations: SessionRevocations,
): Promise<PortalSession> {
  const session = requireSession(request, now);
  if (await revocations.isSessionRevoked(session.sid)) {
    throw new ApiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);
  }
  return session;
}

/** For one route: a valid session (401 otherwise). */
export function requireSessionOn(
  now: () => number,
  revocations: SessionRevocations,
): onRequestAsyncHookHandler {
  return async (request) => {
    request.portalSession = await requireLiveSession(request, now(), revocations);
  };
}

/** For a whole scope: every non-GET call needs a valid session (401) and its XSRF token (403). */
export function requireSessionAndXsrfOnChanges(
  now: () => number,
  revocations: SessionRevocations,
): onRequestAsyncHookHandler {
  return async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.sessionOptional === true) return;
    const session = await requireLiveSession(request, now(), revocations);
    checkXsrf(request, session.xsrf);
    request.portalSession = session;
  };
}

/** The session a hook verified; a route without a session hook is a programming error. */
export function sessionOf(request: FastifyRequest): PortalSession {
  if (request.portalSession === null) {
    throw new Error(`No session hook on ${request.method} ${request.url}`);
  }
  return request.portalSession;
}
