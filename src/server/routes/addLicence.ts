import type { FastifyInstance } from 'fastify';
import { API_PATHS, type AddLicenceRequest, type AddLicenceResponse } from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError } from '../apiError';
import { audit } from '../audit';
import { readLiveRoles, requireOwnCustomer } from '../auth/roles';
import { sessionHolderOf, sessionOf } from '../auth/guard';
import { seatsKey } from '../history/changeKeys';
import { recordChange } from '../history/recordChange';
import { readState, settleHeld } from '../history/settle';
import { SERVER_TEXT } from '../messages';
import { checkSeatChange } from '../providers/seatRules';
import { addLicenceSchema } from '../schemas/addLicence';
import { toSubscriptionInfo } from '../subscriptionView';
import type { RouteContext } from './context';

// Buying seats: the new total must follow the Reseller API's rules and applies only on top of the
// total the buyer saw (expectedNumberOfSeats) or, without it, the total read just before. Changes to
// one subscription run one at a time across instances (docs/deploy.md), each recorded in the history.
export async function addLicenceRoutes(
  app: FastifyInstance,
  { provider, store, now }: RouteContext,
): Promise<void> {
  app.post<{ Body: AddLicenceRequest }>(
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
      const key = seatsKey(customer.customerId, subscriptionId);

      /** The subscription, from the provider's cache unless `fresh`; 404 or 403 when it is not this one. */
      const readCurrent = async (fresh: boolean) => {
        const found = await provider.findWorkspaceSubscription(customer.customerId, { fresh });
        if (found === null) {
          throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.noSubscription(customer.customerDomain));
        }
        if (found.subscriptionId !== subscriptionId) {
          throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.foreignSubscription);
        }
        return found;
      };

      const { before, changed } = await store.exclusive(key, async () => {
        await settleHeld(store, customer.customerId, key, () =>
          readState(provider, customer.customerId, 'licences'),
        );
        let current = await readCurrent(false);
        const expected = expectedNumberOfSeats ?? current.numberOfSeats;
        // A total other than the buyer's may be this instance's cache: ask the provider itself.
        if (current.numberOfSeats !== expected) current = await readCurrent(true);
        checkSeatChange(current, expected, numberOfSeats);

        // The provider re-reads and applies only on top of `expected`, so that is the total before.
        const result = await recordChange(
          store,
          {
            customerId: customer.customerId,
            actor: roles.user.email,
            requestId: request.id,
            at: now(),
            change: { kind: 'licences', subscriptionId, before: expected, after: numberOfSeats },
          },
          () => provider.changeSeats(customer.customerId, subscriptionId, expected, numberOfSeats),
          (subscription) => subscription.numberOfSeats,
          request.log,
        );
        return { before: expected, changed: result };
      });

      audit(request.log, {
        actor: roles.user.email,
        customerId: customer.customerId,
        action: 'licence.add',
        before: { subscriptionId, numberOfSeats: before },
        after: { subscriptionId, numberOfSeats: changed.numberOfSeats },
        at: now(),
      });
      return { subscription: toSubscriptionInfo(customer, changed, roles) };
    },
  );
}
