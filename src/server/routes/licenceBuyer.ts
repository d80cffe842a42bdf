import type { FastifyRequest } from 'fastify';
import { permissionDenied } from '../apiError';
import { sessionHolderOf, sessionOf } from '../auth/guard';
import { readLiveRoles, requireOwnCustomer, type LiveRoles } from '../auth/roles';
import { SERVER_TEXT } from '../messages';
import type { Customer, PortalProvider } from '../providers/provider';

/**
 * Who may buy seats, or see what they cost (docs/security.md, permission matrix): an admin or a
 * licence delegate of their own customer, read live; 403 otherwise.
 */
export async function licenceBuyerOf(
  request: FastifyRequest,
  provider: PortalProvider,
  customerId: string,
): Promise<{ roles: LiveRoles; customer: Customer }> {
  const session = sessionOf(request);
  requireOwnCustomer(session, customerId);
  const roles = await readLiveRoles(provider, session, sessionHolderOf(request));
  if (!roles.isAdmin && !roles.license) {
    throw permissionDenied(SERVER_TEXT.addLicenceRole);
  }
  // The holder's check proved the directory still puts the buyer in this customer.
  const customer = await provider.findCustomer(session.customerId);
  if (customer === null) {
    throw permissionDenied(SERVER_TEXT.notInDirectory);
  }
  return { roles, customer };
}
