import type {
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError } from '../apiError';
import type { DirectoryUser, PortalProvider } from '../providers/provider';
import type { PortalStore } from '../store/portalStore';
import { readSessionHolder } from './roles';
import { checkXsrf } from './xsrf';
import { requireSession, type PortalSession } from './session';

// Request hooks that put the verified session and its live holder on the request for the handler.

declare module 'fastify' {
  interface FastifyRequest {
    portalSession: PortalSession | null;
    sessionHolder: DirectoryUser | null;
  }
}

/** The store's session lookup: one indexed read per request that reads a session. */
export type SessionRevocations = Pick<PortalStore, 'isSessionEnded'>;

/** Methods that change nothing and so need no XSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The API routes anyone may call without a session (docs/security.md); every other /api route gets a
 * session hook, and a test over the app's route table proves it. Sign-out reads the session itself:
 * without a live one it still clears the cookies (docs/api.md, POST /api/sign-out).
 */
export const OPEN_API_ROUTES: readonly string[] = [
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/ready',
  'HEAD /api/ready',
  'GET /api/email-validator',
  'HEAD /api/email-validator',
  'GET /api/subscription-info',
  'HEAD /api/subscription-info',
  'POST /api/sign-out',
];

/** Whether a valid session was ended early: replaced by a new sign-in, or its person signed out. */
export function isSessionEnded(
  revocations: SessionRevocations,
  session: PortalSession,
): Promise<boolean> {
  return revocations.isSessionEnded({
    sessionId: session.sid,
    person: session.email,
    issuedAt: session.iat,
  });
}

/** A valid session that has not been ended; the contract's 401 otherwise. */
export async function requireLiveSession(
  request: FastifyRequest,
  now: number,
  revocations: SessionRevocations,
): Promise<PortalSession> {
  const session = requireSession(request, now);
  if (await isSessionEnded(revocations, session)) {
    throw new ApiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);
  }
  return session;
}

/** The hooks below, so a route's hooks can be told apart from other onRequest hooks. */
const SESSION_HOOKS = new WeakSet<object>();

function sessionHook(hook: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  SESSION_HOOKS.add(hook);
  return hook;
}

/** For one route: a valid, live session (401 otherwise). */
export function requireSessionOn(
  now: () => number,
  revocations: SessionRevocations,
): onRequestAsyncHookHandler {
  return sessionHook(async (request) => {
    request.portalSession = await requireLiveSession(request, now(), revocations);
  });
}

/** For one route that changes something: a valid, live session (401) and its XSRF token (403). */
export function requireSessionAndXsrf(
  now: () => number,
  revocations: SessionRevocations,
): onRequestAsyncHookHandler {
  return sessionHook(async (request) => {
    const session = await requireLiveSession(request, now(), revocations);
    checkXsrf(request, session.xsrf);
    request.portalSession = session;
  });
}

/** The hooks below, told apart like the session hooks. */
const HOLDER_HOOKS = new WeakSet<object>();

/** After validation: the live holder still bears out the session, or 403 (docs/security.md). */
export function requireSessionHolderOn(provider: PortalProvider): preHandlerAsyncHookHandler {
  const hook: preHandlerAsyncHookHandler = async (request) => {
    request.sessionHolder = await readSessionHolder(provider, sessionOf(request));
  };
  HOLDER_HOOKS.add(hook);
  return hook;
}

function methodsOf(route: Pick<RouteOptions, 'method'>): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map(String);
}

function routeHooks(route: Pick<RouteOptions, 'onRequest'>): unknown[] {
  if (route.onRequest === undefined) return [];
  return Array.isArray(route.onRequest) ? [...route.onRequest] : [route.onRequest];
}

function routePreHandlers(route: Pick<RouteOptions, 'preHandler'>): unknown[] {
  if (route.preHandler === undefined) return [];
  return Array.isArray(route.preHandler) ? [...route.preHandler] : [route.preHandler];
}

/** Whether the route's own preHandler hooks include the session holder's check. */
export function hasHolderHook(route: Pick<RouteOptions, 'preHandler'>): boolean {
  return routePreHandlers(route).some(
    (hook) => typeof hook === 'function' && HOLDER_HOOKS.has(hook as object),
  );
}

/** Whether the route's own onRequest hooks include one of the session hooks above. */
export function hasSessionHook(route: Pick<RouteOptions, 'onRequest'>): boolean {
  return routeHooks(route).some(
    (hook) => typeof hook === 'function' && SESSION_HOOKS.has(hook as object),
  );
}

export function isOpenApiRoute(method: string, url: string): boolean {
  return OPEN_API_ROUTES.includes(`${method} ${url}`);
}

/**
 * An onRoute hook for the API scope: every route that is not open and has no session hook of its own
 * gets one (session and XSRF for changes, session for reads), so no handler runs without a session,
 * and every such route gets the session holder's check (docs/security.md).
 */
export function guardApiRoutes(
  now: () => number,
  revocations: SessionRevocations,
  provider: PortalProvider,
) {
  return (route: RouteOptions): void => {
    const methods = methodsOf(route);
    if (methods.every((method) => isOpenApiRoute(method, route.url))) return;
    if (!hasSessionHook(route)) {
      const changes = methods.some((method) => !SAFE_METHODS.has(method));
      const hook = changes
        ? requireSessionAndXsrf(now, revocations)
        : requireSessionOn(now, revocations);
      route.onRequest = [...(routeHooks(route) as onRequestAsyncHookHandler[]), hook];
    }
    if (!hasHolderHook(route)) {
      route.preHandler = [
        requireSessionHolderOn(provider),
        ...(routePreHandlers(route) as preHandlerAsyncHookHandler[]),
      ];
    }
  };
}

/** The person the holder's check read; a route without that check is a programming error. */
export function sessionHolderOf(request: FastifyRequest): DirectoryUser {
  if (request.sessionHolder === null) {
    throw new Error(`No session holder check on ${request.method} ${request.url}`);
  }
  return request.sessionHolder;
}

/** The session a hook verified; a route without a session hook is a programming error. */
export function sessionOf(request: FastifyRequest): PortalSession {
  if (request.portalSession === null) {
    throw new Error(`No session hook on ${request.method} ${request.url}`);
  }
  return request.portalSession;
}
