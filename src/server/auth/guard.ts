import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_TEXT } from '../../contract/errors';
import { permissionDenied, unauthenticated } from '../apiError';
import { SERVER_TEXT } from '../messages';
import type { DirectoryUser, PortalProvider } from '../providers/provider';
import type { PortalSettings } from '../settings/portalSettings';
import type { PortalStore } from '../store/portalStore';
import { readSessionHolder } from './roles';
import { checkXsrf } from './xsrf';
import { isStaffSession, requireSession, type AnySession, type PortalSession } from './session';

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
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a valid session was ended early: replaced by a new sign-in, or its person signed out. */
export function isSessionEnded(
  revocations: SessionRevocations,
  session: AnySession,
): Promise<boolean> {
  return revocations.isSessionEnded({
    sessionId: session.sid,
    person: session.email,
    issuedAt: session.iat,
  });
}

/** A valid session of either kind that has not been ended; the contract's 401 otherwise. */
export async function requireLiveSession(
  request: FastifyRequest,
  now: number,
  revocations: SessionRevocations,
): Promise<AnySession> {
  const session = requireSession(request, now);
  if (await isSessionEnded(revocations, session)) {
    throw unauthenticated();
  }
  return session;
}

/**
 * The signed-in scope's hooks (docs/security.md): every route registered in it, and in any scope
 * inside it, runs them, so none can be added without a session. Changes need the XSRF token too,
 * and after validation the live holder must still bear out the session.
 */
export function guardSignedInScope(
  scope: FastifyInstance,
  now: () => number,
  revocations: SessionRevocations,
  provider: PortalProvider,
  settings: Pick<PortalSettings, 'isPortalEnabled'>,
): void {
  scope.addHook('onRequest', async function liveSession(request) {
    const session = await requireLiveSession(request, now(), revocations);
    // A staff session acts for no customer (docs/security.md, The reseller's console).
    if (isStaffSession(session)) throw permissionDenied(SERVER_TEXT.staffSessionNotCustomer);
    requirePortalEnabled(settings, provider, session.customerId);
    if (!SAFE_METHODS.has(request.method)) checkXsrf(request, session.xsrf);
    request.portalSession = session;
  });
  scope.addHook('preHandler', async function liveSessionHolder(request) {
    request.sessionHolder = await readSessionHolder(provider, sessionOf(request));
  });
}

/** 403 while the reseller has turned the customer's portal off (docs/reseller-console.md). */
export function requirePortalEnabled(
  settings: Pick<PortalSettings, 'isPortalEnabled'>,
  provider: Pick<PortalProvider, 'resellerName'>,
  customerId: string,
): void {
  if (!settings.isPortalEnabled(customerId)) {
    throw permissionDenied(ERROR_TEXT.portalTurnedOff(provider.resellerName));
  }
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
