import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { checkXsrf } from './xsrf';
import { requireSession, type PortalSession } from './session';

// Request hooks that put the verified session on the request before any handler runs.

declare module 'fastify' {
  interface FastifyRequest {
    portalSession: PortalSession | null;
  }
}

/** Methods that change nothing and so need no XSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** For one route: a valid session (401 otherwise). */
export function requireSessionOn(now: () => number): onRequestAsyncHookHandler {
  return async (request) => {
    request.portalSession = requireSession(request, now());
  };
}

/** For a whole scope: every non-GET call needs a valid session (401) and its XSRF token (403). */
export function requireSessionAndXsrfOnChanges(now: () => number): onRequestAsyncHookHandler {
  return async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const session = requireSession(request, now());
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
