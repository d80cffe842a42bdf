import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffIdentity } from '../../contract/api';
import { permissionDenied } from '../apiError';
import { SERVER_TEXT } from '../messages';
import type { PortalProvider } from '../providers/provider';
import { requireLiveSession, SAFE_METHODS, type SessionRevocations } from './guard';
import { isStaffSession, type StaffSession } from './session';
import { readLiveStaff, type StaffGroups } from './staffRoles';
import { checkXsrf } from './xsrf';

// The console scope's hooks (docs/security.md, The reseller's console): a live staff session, its XSRF
// token on changes, then its holder's live role; support staff may only read.

declare module 'fastify' {
  interface FastifyRequest {
    staffSession: StaffSession | null;
    staffIdentity: StaffIdentity | null;
  }
}

/** Every route registered in the scope, and in any scope inside it, runs these hooks. */
export function guardStaffScope(
  scope: FastifyInstance,
  now: () => number,
  revocations: SessionRevocations,
  provider: PortalProvider,
  groups: StaffGroups,
): void {
  scope.addHook('onRequest', async function liveStaffSession(request) {
    const session = await requireLiveSession(request, now(), revocations);
    if (!isStaffSession(session)) throw permissionDenied(SERVER_TEXT.customerSessionNotStaff);
    if (!SAFE_METHODS.has(request.method)) checkXsrf(request, session.xsrf);
    request.staffSession = session;
  });
  scope.addHook('preHandler', async function liveStaffRole(request) {
    const staff = await readLiveStaff(provider, groups, staffSessionOf(request));
    if (staff.role !== 'admin' && !SAFE_METHODS.has(request.method)) {
      throw permissionDenied(SERVER_TEXT.staffSupportReadOnly);
    }
    request.staffIdentity = staff;
  });
}

/** The staff session the guard verified; a route without the guard is a programming error. */
export function staffSessionOf(request: FastifyRequest): StaffSession {
  if (request.staffSession === null) {
    throw new Error(`No staff session hook on ${request.method} ${request.url}`);
  }
  return request.staffSession;
}

/** The holder and live role the guard read. */
export function staffIdentityOf(request: FastifyRequest): StaffIdentity {
  if (request.staffIdentity === null) {
    throw new Error(`No staff role check on ${request.method} ${request.url}`);
  }
  return request.staffIdentity;
}
