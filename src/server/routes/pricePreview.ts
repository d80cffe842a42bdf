import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contract/api';
import type { PricePreviewResponse } from '../../contract/prices';
import { ApiError } from '../apiError';
import { sessionHolderOf, sessionOf } from '../auth/guard';
import { readLiveRoles, requireOwnCustomer } from '../auth/roles';
import { changeService } from '../changes/changeService';
import { SERVER_TEXT } from '../messages';
import { subscriptionPrice } from '../prices/pricePreview';
import { pricePreviewSchema } from '../schemas/pricePreview';
import type { RouteContext } from './context';

const invalid = (message: string) => new ApiError(400, 'INVALID_ARGUMENT', message);

/** Seats to add: digits only (a query string is text), 1 to add-licence's largest number. */
function seatsToAdd(raw: string): number {
  if (!/^[0-9]+$/.test(raw)) throw invalid("Field 'seats' must be an integer.");
  const seats = Number(raw);
  if (seats < 1) throw invalid("Field 'seats' must be at least 1.");
  if (seats > Number.MAX_SAFE_INTEGER) {
    throw invalid(`Field 'seats' must be at most ${Number.MAX_SAFE_INTEGER}.`);
  }
  return seats;
}

// What adding seats would cost (docs/api.md, GET /api/price-preview): the same caller, holder and
// seat checks as the purchase itself (POST /api/add-licence), then the price file's price.
export async function pricePreviewRoutes(
  app: FastifyInstance,
  context: RouteContext,
): Promise<void> {
  const { provider, now, prices } = context;
  const changes = changeService(context);

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      API_PATHS.pricePreview,
      { schema: pricePreviewSchema },
      async (request): Promise<PricePreviewResponse> => {
        const session = sessionOf(request);
        const { customer: customerId, subscriptionId } = request.query;
        const seats = seatsToAdd(request.query.seats);
        requireOwnCustomer(session, customerId);

        const roles = await readLiveRoles(provider, session, sessionHolderOf(request));
        if (!roles.isAdmin && !roles.license) {
          throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.addLicenceRole);
        }
        const customer = await provider.findCustomer(session.customerId);
        if (customer === null) {
          throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.notInDirectory);
        }
        const subscription = await changes.checkLicences(customer, subscriptionId, seats);
        return { price: subscriptionPrice(prices, subscription, seats, now()) };
      },
    );
}
