import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_LIFETIME_MS } from '../../contract/limits';
import { unauthenticated } from '../apiError';
import { sessionCookiesOf } from './sessionCookies';
import { newSessionId, newXsrfToken, xsrfFingerprint } from './xsrf';

// The session (docs/security.md): a signed cookie that says who the caller is and for which customer,
// or that they are the reseller's staff, until when. Roles are never stored in it; calls re-read them
// live. Its id lets a new sign-in revoke it, its issue time lets sign-out end every session of the
// person (docs/api.md). Customers and staff share this one cookie, told apart by its kind.

interface SessionClaims {
  /** Random id, the key of a revocation record. */
  sid: string;
  email: string;
  /** The signed-in Google account's id (tokeninfo's sub); live role checks compare it (docs/security.md). */
  sub: string;
  /** Epoch ms when it was issued: a sign-out of the person ends every session issued until then. */
  iat: number;
  /** Epoch ms after which the session is refused: never after the access token it was made from. */
  exp: number;
  /** Fingerprint of this session's XSRF token. */
  xsrf: string;
}

/** A customer's session: the customer routes only. Cookies from before the kind have none. */
export interface PortalSession extends SessionClaims {
  kind?: 'customer';
  customerId: string;
}

/** A staff session: the reseller's console only (docs/security.md, The reseller's console). */
export interface StaffSession extends SessionClaims {
  kind: 'staff';
}

export type AnySession = PortalSession | StaffSession;

const MS_PER_SECOND = 1000;

function isSession(value: unknown): value is AnySession {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  const kindClaims =
    claims.kind === 'staff'
      ? claims.customerId === undefined
      : (claims.kind === undefined || claims.kind === 'customer') &&
        typeof claims.customerId === 'string';
  return (
    kindClaims &&
    typeof claims.sid === 'string' &&
    claims.sid !== '' &&
    typeof claims.email === 'string' &&
    typeof claims.sub === 'string' &&
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number' &&
    typeof claims.xsrf === 'string'
  );
}

export function isStaffSession(session: AnySession): session is StaffSession {
  return session.kind === 'staff';
}

export function encodeSession(session: AnySession): string {
  return Buffer.from(JSON.stringify(session)).toString('base64url');
}

/** The claims of a signed cookie value, or null when it is tampered or malformed. */
function verifyClaims(request: FastifyRequest, raw: string): AnySession | null {
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return isSession(claims) ? claims : null;
}

/**
 * Cookie values whose signature was checked, per app (each has its own secret): a session's HMAC
 * is computed once, not on every request (docs/performance.md). Only valid cookies get in, and the
 * oldest leave first, so the map stays small whatever is sent.
 */
const verifiedCookies = new WeakMap<object, Map<string, AnySession>>();
const VERIFIED_COOKIES_MAX = 1024;

function claimsOf(request: FastifyRequest, raw: string): AnySession | null {
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

/** The session of a signed cookie value (either kind), or null when it is tampered, malformed or expired. */
export function readSession(request: FastifyRequest, now: number): AnySession | null {
  const raw = request.cookies[sessionCookiesOf(request).names.session];
  if (raw === undefined || raw === '') return null;
  const claims = claimsOf(request, raw);
  if (claims === null || now >= claims.exp) return null;
  return claims;
}

/** Throws the contract's 401 when there is no valid session. */
export function requireSession(request: FastifyRequest, now: number): AnySession {
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
interface NewSessionOf {
  email: string;
  /** The account's directory id, tokeninfo's sub: a replaced account at the address is not this one. */
  sub: string;
  /** Epoch ms when the access token it is made from expires; the session ends then at the latest. */
  tokenExpiresAt: number;
  /** Epoch ms of the session's issue; after the person's last sign-out (docs/security.md). */
  issuedAt: number;
}

/** Whose session: a customer's (with the customer) or a member of the reseller's staff's. */
export type SessionKind = { kind: 'customer'; customerId: string } | { kind: 'staff' };

export type NewSession = NewSessionOf & SessionKind;

/** Sets the session cookie and the XSRF cookie (__Host- and Secure over https and in google mode). */
export function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  who: NewSession,
  now: number,
): void {
  const xsrfToken = newXsrfToken();
  const claims: SessionClaims = {
    sid: newSessionId(),
    email: who.email,
    sub: who.sub,
    iat: who.issuedAt,
    exp: Math.min(now + SESSION_LIFETIME_MS, who.tokenExpiresAt),
    xsrf: xsrfFingerprint(xsrfToken),
  };
  const session: AnySession =
    who.kind === 'staff'
      ? { ...claims, kind: 'staff' }
      : { ...claims, kind: 'customer', customerId: who.customerId };
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
