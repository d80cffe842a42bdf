import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { permissionDenied, unauthenticated } from '../apiError';
import { SERVER_TEXT } from '../messages';
import { isStaffSession, readSession } from './session';

// The reseller API's keys (docs/security.md, The reseller API): a billing system sends one as
// `Authorization: Bearer <key>`. Keys are compared as SHA-256 digests with timingSafeEqual, against
// every key whatever matched first, so the time taken says nothing about a key; none is ever logged.

const BEARER = /^Bearer ([^\s,]+)$/i;

function digestOf(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Whether an Authorization header carries one of the keys; false for none, or no keys at all. */
export function keyAccepted(keys: readonly Buffer[], authorization: string | undefined): boolean {
  const presented = BEARER.exec(authorization ?? '')?.[1];
  if (presented === undefined) return false;
  const digest = digestOf(presented);
  let accepted = false;
  for (const known of keys) accepted = timingSafeEqual(digest, known) || accepted;
  return accepted;
}

/**
 * The reseller API scope's guard: a request without a valid key is a 401 before any route runs, and a
 * 403 when it comes with a customer's session, which no /api/reseller/ route serves (docs/security.md).
 */
export function guardResellerApiScope(
  scope: FastifyInstance,
  keys: readonly string[],
  now: () => number,
): void {
  const digests = keys.map(digestOf);
  scope.addHook('onRequest', async function resellerApiKey(request, reply) {
    if (keyAccepted(digests, request.headers.authorization)) return;
    const session = readSession(request, now());
    if (session !== null && !isStaffSession(session)) {
      throw permissionDenied(SERVER_TEXT.customerSessionNotStaff);
    }
    reply.header('www-authenticate', 'Bearer');
    throw unauthenticated();
  });
}
