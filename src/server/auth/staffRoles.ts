import type { StaffIdentity, StaffRole } from '../../contract/api';
import { domainOf } from '../../contract/email';
import { permissionDenied } from '../apiError';
import { SERVER_TEXT } from '../messages';
import type { DirectoryUser, PortalProvider } from '../providers/provider';
import type { StaffSession } from './session';

// The reseller's staff (docs/security.md, The reseller's console): admins are the members of
// RESELLER_ADMINS_GROUP, support staff those of RESELLER_SUPPORT_GROUP, read live from the reseller's
// own directory on every call, so someone taken out of a group loses the console at once.

/** RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP: two groups of the reseller's own domain. */
export interface StaffGroups {
  admins: string;
  support: string;
}

/** The reseller's own domain: the groups' (config.ts checks that both share it). */
export function resellerDomainOf(groups: StaffGroups): string {
  return domainOf(groups.admins);
}

/** Whether an address is in the reseller's own domain, the only one whose people may be staff. */
export function isResellerAddress(groups: StaffGroups, email: string): boolean {
  return domainOf(email) === resellerDomainOf(groups);
}

/** The person's staff role from the live groups, admin first; null for someone in neither. */
export async function readStaffRole(
  provider: PortalProvider,
  groups: StaffGroups,
  email: string,
): Promise<StaffRole | null> {
  const [admin, support] = await Promise.all([
    provider.isGroupMember(groups.admins, email),
    provider.isGroupMember(groups.support, email),
  ]);
  if (admin) return 'admin';
  return support ? 'support' : null;
}

/** A person of the reseller's directory and their role; anyone else is refused with a 403 that says so. */
export async function requireStaffRole(
  provider: PortalProvider,
  groups: StaffGroups,
  user: DirectoryUser,
): Promise<StaffIdentity> {
  const role = isResellerAddress(groups, user.email)
    ? await readStaffRole(provider, groups, user.email)
    : null;
  if (role === null) throw permissionDenied(SERVER_TEXT.notResellerStaff);
  return { email: user.email, role };
}

/**
 * The staff session's holder as the directory and the groups say now: the same account (sub) at the
 * address, still in the reseller's domain and in one of the groups.
 */
export async function readLiveStaff(
  provider: PortalProvider,
  groups: StaffGroups,
  session: StaffSession,
): Promise<StaffIdentity> {
  const user = await provider.lookupDirectoryUser(session.email);
  if (user === null || user.id !== session.sub) {
    throw permissionDenied(SERVER_TEXT.notResellerStaff);
  }
  return requireStaffRole(provider, groups, user);
}
