import { API_PATHS, TIME_ZONE_HEADER, type AddLicenceResponse } from '../../../contract/api';
import { addLicenceSchema } from '../../../contract/endpoints';
import { SubscriptionIdChanged } from '../../services/purchases';
import { toSubscriptionInfo } from '../../subscriptionView';
import { timeZoneNamed } from '../../timeZone';
import type { ApiScope, RouteContext } from '../context';
import { licenceBuyerOf } from '../licenceBuyer';

// Buying seats (docs/api.md, POST /api/add-licence): the buyer's live roles decide, the change
// service (services/purchases.ts) makes the purchase with its history, the answer shows the result.
export async function addLicenceRoutes(app: ApiScope, context: RouteContext): Promise<void> {
  const { provider, store, now } = context;
  app.post(
    API_PATHS.addLicence,
    { schema: addLicenceSchema },
    async (request): Promise<AddLicenceResponse> => {
      const { customerId, subscriptionId, numberOfSeats, expectedNumberOfSeats, priceVersion } =
        request.body;
      const { roles, customer } = await licenceBuyerOf(request, provider, customerId);
      // The buyer's order confirmation is dated in their browser's zone (docs/notifications.md).
      const timeZone = timeZoneNamed(request.headers[TIME_ZONE_HEADER.toLowerCase()]);
      if (timeZone !== null) await store.rememberTimeZone(roles.user.email, timeZone, now());
      try {
        const changed = await app.changes.addLicences(
          {
            customer,
            subscriptionId,
            numberOfSeats,
            ...(expectedNumberOfSeats === undefined ? {} : { expectedNumberOfSeats }),
            ...(priceVersion === undefined ? {} : { priceVersion }),
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
