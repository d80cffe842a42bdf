import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../../contract/limits';
import { unauthenticated } from '../apiError';
import { sessionCookiesOf } from './sessionCookies';
import { newSessionId, newXsrfToken, xsrfFingerprint } from './xsrf';

// The session (docs/security.md): a signed cookie that says who the caller is and for which customer,
// until when. Roles are never stored in it; mutating calls re-read them live. Its id lets a new
// sign-in revoke it, its issue time lets sign-out end every session of the person (docs/api.md).

export interface PortalSession {
  /** Random id, the key of a revocation record. */
  sid: string;
  email: string;
  /** The signed-in Google account's id (tokeninfo's sub); live role checks compare it (docs/security.md). */
  sub: string;
  customerId: string;
  /** Epoch ms when it was issued: a sign-out of the person ends every session issued until then. */
  iat: number;
  /** Epoch ms after which the session is refused: never after the access token it was made from. */
  exp: number;
  /** Fingerprint of this session's XSRF token. */
  xsrf: string;
}

const MS_PER_SECOND = 1000;

function isPortalSession(value: unknown): value is PortalSession {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sid === 'string' &&
    claims.sid !== '' &&
    typeof claims.email === 'string' &&
    typeof claims.sub === 'string' &&
    typeof claims.customerId === 'string' &&
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number' &&
    typeof claims.xsrf === 'string'
  );
}

export function encodeSession(session: PortalSession): string {
  return Buffer.from(JSON.stringify(session)).toString('base64url');
}

/** The claims of a signed cookie value, or null when it is tampered or malformed. */
function verifyClaims(request: FastifyRequest, raw: string): PortalSession | null {
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return isPortalSession(claims) ? claims : null;
}

/**
 * Cookie values whose signature was checked, per app (each has its own secret): a session's HMAC
 * is computed once, not on every request (docs/performance.md). Only valid cookies get in, and the
 * oldest leave first, so the map stays small whatever is sent.
 */
const verifiedCookies = new WeakMap<object, Map<string, PortalSession>>();
const VERIFIED_COOKIES_MAX = 1024;

function claimsOf(request: FastifyRequest, raw: string): PortalSession | null {
  let verified = verifiedCookies.get(request.server);
  if (verified === undefined) {
    verified = new Map();
    verifiedCookies.set(request.server, verified);
  }
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const claims = verifyClaims(request, raw);
  if (claims === null) return null;
  if (verified.size >= VERIFIED_COOKIES_MAX) verified.delete(verified.keys().next().value ?? '');
  // Requests share the object, so nobody may change it.
  verified.set(raw, Object.freeze(claims));
  return claims;
}

/** The session of a signed cookie value, or null when it is tampered, malformed or expired. */
export function readSession(request: FastifyRequest, now: number): PortalSession | null {
  const raw = request.cookies[sessionCookiesOf(request).names.session];
  if (raw === undefined || raw === '') return null;
  const claims = claimsOf(request, raw);
  if (claims === null || now >= claims.exp) return null;
  return claims;
}

/** Throws the contract's 401 when there is no valid session. */
export function requireSession(request: FastifyRequest, now: number): PortalSession {
  const session = readSession(request, now);
  if (session === null) throw unauthenticated();
  return session;
}

/** Names, Path, SameSite and Secure of both cookies; clearing a cookie needs the same. */
function cookieScope(request: FastifyRequest) {
  const { names, secure } = sessionCookiesOf(request);
  return { names, options: { path: '/', sameSite: 'strict' as const, secure } };
}

/** Who the new session is for, and what bounds it. */
export interface NewSession {
  email: string;
  /** The account's directory id, tokeninfo's sub: a replaced account at the address is not this one. */
  sub: string;
  customerId: string;
  /** Epoch ms when the access token it is made from expires; the session ends then at the latest. */
  tokenExpiresAt: number;
  /** Epoch ms of the session's issue; after the person's last sign-out (docs/security.md). */
  issuedAt: number;
}

/** Sets the session cookie and the XSRF cookie (__Host- and Secure over https and in google mode). */
export function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  who: NewSession,
  now: number,
): void {
  const xsrfToken = newXsrfToken();
  const session: PortalSession = {
    sid: newSessionId(),
    email: who.email,
    sub: who.sub,
    customerId: who.customerId,
    iat: who.issuedAt,
    exp: Math.min(now + SESSION_LIFETIME_MS, who.tokenExpiresAt),
    xsrf: xsrfFingerprint(xsrfToken),
  };
  const { names, options } = cookieScope(request);
  // Whole seconds, rounded down, so the browser drops the cookie no later than the session ends.
  const common = { ...options, maxAge: Math.floor((session.exp - now) / MS_PER_SECOND) };
  reply.setCookie(names.session, encodeSession(session), {
    ...common,
    httpOnly: true,
    signed: true,
  });
  // Readable by script on purpose: the client echoes it in X-XSRF-TOKEN (docs/api.md).
  reply.setCookie(names.xsrf, xsrfToken, { ...common, httpOnly: false });
}

/** Clears both cookies (sign-out). */
export function endSession(request: FastifyRequest, reply: FastifyReply): void {
  const { names, options } = cookieScope(request);
  reply.clearCookie(names.session, { ...options, httpOnly: true });
  reply.clearCookie(names.xsrf, { ...options, httpOnly: false });
}
