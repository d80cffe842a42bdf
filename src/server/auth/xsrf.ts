import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { XSRF_HEADER } from '../../contract/api';
import { permissionDenied } from '../apiError';
import { SESSION_ID_BYTES, XSRF_TOKEN_BYTES } from '../limits';
import { SERVER_TEXT } from '../messages';
import { sessionCookiesOf } from './sessionCookies';

// Double-submit XSRF (docs/security.md): a random token in a script-readable cookie, echoed in a header;
// the session carries only its fingerprint, so a token from another session never matches.

export function newXsrfToken(): string {
  return randomBytes(XSRF_TOKEN_BYTES).toString('base64url');
}

/** A session's id: random, so one revocation never matches another session. */
export function newSessionId(): string {
  return randomBytes(SESSION_ID_BYTES).toString('base64url');
}

export function xsrfFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Throws 403 unless the header equals the cookie and belongs to this session. */
export function checkXsrf(request: FastifyRequest, sessionFingerprint: string): void {
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  const cookie = request.cookies[sessionCookiesOf(request).names.xsrf];
  const valid =
    typeof header === 'string' &&
    header !== '' &&
    cookie !== undefined &&
    sameText(header, cookie) &&
    sameText(xsrfFingerprint(header), sessionFingerprint);
  if (!valid) throw permissionDenied(SERVER_TEXT.xsrfMissing);
}
