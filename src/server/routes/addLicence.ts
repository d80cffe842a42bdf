import { API_PATHS, type AddLicenceResponse } from '../../contract/api';
import { addLicenceSchema } from '../../contract/endpoints';
import { ApiError } from '../apiError';
import { readLiveRoles, requireOwnCustomer } from '../auth/roles';
import { sessionHolderOf, sessionOf } from '../auth/guard';
import { changeService, SubscriptionIdChanged } from '../changes/changeService';
import { SERVER_TEXT } from '../messages';
import { toSubscriptionInfo } from '../subscriptionView';
import type { ApiScope, RouteContext } from './context';

// Buying seats (docs/api.md, POST /api/add-licence): the buyer's live roles decide, the change
// service (changes/changeService.ts) makes the purchase with its history, the answer shows the result.
export async function addLicenceRoutes(app: ApiScope, context: RouteContext): Promise<void> {
  const { provider } = context;
  const changes = changeService(context);
  app.post(
    API_PATHS.addLicence,
    { schema: addLicenceSchema },
    async (request): Promise<AddLicenceResponse> => {
      const session = sessionOf(request);
      const { customerId, subscriptionId, numberOfSeats, expectedNumberOfSeats } = request.body;
      requireOwnCustomer(session, customerId);

      const roles = await readLiveRoles(provider, session, sessionHolderOf(request));
      if (!roles.isAdmin && !roles.license) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.addLicenceRole);
      }
      // The holder's check proved the directory still puts the buyer in this customer.
      const customer = await provider.findCustomer(session.customerId);
      if (customer === null) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.notInDirectory);
      }
      try {
        const changed = await changes.addLicences(
          {
            customer,
            subscriptionId,
            numberOfSeats,
            ...(expectedNumberOfSeats === undefined ? {} : { expectedNumberOfSeats }),
          },
          { actor: roles.user.email, requestId: request.id, log: request.log },
        );
        return { subscription: toSubscriptionInfo(customer, changed, roles) };
      } catch (error) {
        // The 409 carries the subscription as it is now, so the page can show it (docs/api.md).
        if (error instanceof SubscriptionIdChanged) {
          error.extra = { subscription: toSubscriptionInfo(customer, error.current, roles) };
        }
        throw error;
      }
    },
  );
}
