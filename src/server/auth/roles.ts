import { domainOf } from '../../contract/email';
import { permissionDenied } from '../apiError';
import { SERVER_TEXT } from '../messages';
import type { DirectoryUser, PortalProvider } from '../providers/provider';
import type { PortalSession } from './session';

// Roles are read live on every call that needs them (docs/security.md): a removed delegate or a demoted
// admin loses access at once, not when the session ends.

export interface LiveRoles {
  user: DirectoryUser;
  isAdmin: boolean;
  /** On the licence delegate list. */
  license: boolean;
  /** On the support delegate list. */
  support: boolean;
}

function includesAddress(list: string[], email: string): boolean {
  const wanted = email.toLowerCase();
  return list.some((member) => member.toLowerCase() === wanted);
}

/** The delegate roles of a person in a customer, from the live lists. */
export async function readDelegateRoles(
  provider: PortalProvider,
  customerId: string,
  email: string,
): Promise<{ license: boolean; support: boolean }> {
  const [licence, support] = await Promise.all([
    provider.listDelegates('licence', customerId),
    provider.listDelegates('support', customerId),
  ]);
  return { license: includesAddress(licence, email), support: includesAddress(support, email) };
}

/**
 * The caller's directory entry, read live; someone no longer in the directory gets a 403, and so does
 * a session whose account was replaced by a new one with the same address (another id).
 */
export async function readLiveUser(
  provider: PortalProvider,
  session: PortalSession,
): Promise<DirectoryUser> {
  const user = await provider.lookupDirectoryUser(session.email);
  if (user === null || user.id !== session.sub) {
    throw permissionDenied(SERVER_TEXT.notInDirectory);
  }
  return user;
}

/** What the directory says now about the claims a session makes; another claim joins here. */
interface LiveClaims {
  /** The customer the directory puts the person in: their account's own, else their domain's. */
  customerId: string | null;
}

async function readLiveClaims(provider: PortalProvider, user: DirectoryUser): Promise<LiveClaims> {
  return {
    customerId:
      user.customerId ?? (await provider.findCustomer(domainOf(user.email)))?.customerId ?? null,
  };
}

/** Whether the directory still bears out every claim of the session. */
function bearsOut(session: PortalSession, live: LiveClaims): boolean {
  return live.customerId === session.customerId;
}

/** The live holder, still of the session's customer: someone moved away keeps nothing (403). */
export async function readSessionHolder(
  provider: PortalProvider,
  session: PortalSession,
): Promise<DirectoryUser> {
  const user = await readLiveUser(provider, session);
  if (!bearsOut(session, await readLiveClaims(provider, user))) {
    throw permissionDenied(SERVER_TEXT.notInDirectory);
  }
  return user;
}

/** The roles of the session's holder (read by the holder's check) in the session's customer. */
export async function readLiveRoles(
  provider: PortalProvider,
  session: PortalSession,
  user: DirectoryUser,
): Promise<LiveRoles> {
  const delegate = await readDelegateRoles(provider, session.customerId, session.email);
  return { user, isAdmin: user.isAdmin, ...delegate };
}

/** The session's own customer only: editing customerId or customer never reaches another's data. */
export function requireOwnCustomer(session: PortalSession, customerId: string): void {
  if (customerId !== session.customerId) {
    throw permissionDenied(SERVER_TEXT.foreignCustomer);
  }
}
