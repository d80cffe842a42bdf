import type { FastifyInstance } from 'fastify';
import { API_PATHS, type AddLicenceRequest, type AddLicenceResponse } from '../../contract/api';
import { domainOf } from '../../contract/email';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError } from '../apiError';
import { audit } from '../audit';
import { readLiveRoles, requireOwnCustomer } from '../auth/roles';
import { sessionOf } from '../auth/guard';
import { SERVER_TEXT } from '../messages';
import { checkSeatChange } from '../providers/seatRules';
import { addLicenceSchema } from '../schemas/addLicence';
import { toSubscriptionInfo } from '../subscriptionView';
import type { RouteContext } from './context';

// Buying seats: the new total must follow the Reseller API's rules, and applies only on top of the
// total read just before (the provider refuses it with 409 if another add got there first).
export async function addLicenceRoutes(
  app: FastifyInstance,
  { provider, now }: RouteContext,
): Promise<void> {
  app.post<{ Body: AddLicenceRequest }>(
    API_PATHS.addLicence,
    { schema: addLicenceSchema },
    async (request): Promise<AddLicenceResponse> => {
      const session = sessionOf(request);
      const { customerId, subscriptionId, numberOfSeats } = request.body;
      requireOwnCustomer(session, customerId);

      const roles = await readLiveRoles(provider, session);
      if (!roles.isAdmin && !roles.license) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.addLicenceRole);
      }
      // The directory's customer, so secondary-domain users reach their organisation too.
      const customer = await provider.findCustomer(
        roles.user.customerId ?? domainOf(roles.user.email),
      );
      if (customer === null || customer.customerId !== session.customerId) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.notInDirectory);
      }
      const current = await provider.findWorkspaceSubscription(customer.customerId);
      if (current === null) {
        throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.noSubscription(customer.customerDomain));
      }
      if (current.subscriptionId !== subscriptionId) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.foreignSubscription);
      }
      checkSeatChange(current, current.numberOfSeats, numberOfSeats);

      const changed = await provider.changeSeats(
        customer.customerId,
        subscriptionId,
        current.numberOfSeats,
        numberOfSeats,
      );
      audit(request.log, {
        actor: roles.user.email,
        customerId: customer.customerId,
        action: 'licence.add',
        before: { subscriptionId, numberOfSeats: current.numberOfSeats },
        after: { subscriptionId, numberOfSeats: changed.numberOfSeats },
        at: now(),
      });
      return { subscription: toSubscriptionInfo(customer, changed, roles) };
    },
  );
}
