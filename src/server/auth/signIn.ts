import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalStore } from '../store/portalStore';
import { readSession, startSession, type SessionKind } from './session';

// What every sign-in does once the person is proven (docs/security.md, Sessions): the customers'
// subscription-info and the reseller console's staff sign-in start their sessions here.

/** Rotation (docs/security.md): a copy of the cookie from an earlier reload stops working. */
async function revokeIncomingSession(request: FastifyRequest, store: PortalStore, at: number) {
  const incoming = readSession(request, at);
  if (incoming !== null) await store.revokeSession(incoming.sid, incoming.exp, at);
}

/** The new session's issue time: after the person's last sign-out, even on a clock that is behind. */
async function issueTime(store: PortalStore, person: string, at: number): Promise<number> {
  const signedOutAt = await store.personSignedOutAt(person);
  return signedOutAt === null || signedOutAt < at ? at : signedOutAt + 1;
}

export interface SignedIn {
  email: string;
  /** The account's directory id, tokeninfo's sub. */
  sub: string;
  /** Epoch ms when the access token expires; the session ends then at the latest. */
  tokenExpiresAt: number;
}

/** Ends the browser's previous session and starts the new one, after the person's last sign-out. */
export async function startSignedInSession(
  request: FastifyRequest,
  reply: FastifyReply,
  store: PortalStore,
  who: SignedIn,
  kind: SessionKind,
  at: number,
): Promise<void> {
  const [issuedAt] = await Promise.all([
    issueTime(store, who.email, at),
    revokeIncomingSession(request, store, at),
  ]);
  startSession(request, reply, { ...who, ...kind, issuedAt }, at);
}
