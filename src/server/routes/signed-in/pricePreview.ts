import { API_PATHS } from '../../../contract/api';
import { pricePreviewSchema } from '../../../contract/endpoints';
import type { PricePreviewResponse } from '../../../contract/prices';
import { invalidArgument } from '../../apiError';
import { subscriptionPrice } from '../../prices/pricePreview';
import type { ApiScope, RouteContext } from '../context';
import { licenceBuyerOf } from '../licenceBuyer';

/** The `seats` query as seats to add: digits only (a query string is text), 1 to the largest total. */
function seatsToAddOf(raw: string): number {
  if (!/^[0-9]+$/.test(raw)) throw invalidArgument("Field 'seats' must be an integer.");
  const seatsToAdd = Number(raw);
  if (seatsToAdd < 1) throw invalidArgument("Field 'seats' must be at least 1.");
  if (seatsToAdd > Number.MAX_SAFE_INTEGER) {
    throw invalidArgument(`Field 'seats' must be at most ${Number.MAX_SAFE_INTEGER}.`);
  }
  return seatsToAdd;
}

// What adding seats would cost (docs/api.md, GET /api/price-preview): the same caller, holder and
// seat checks as the purchase itself (POST /api/add-licence), then the price file's price.
export async function pricePreviewRoutes(app: ApiScope, context: RouteContext): Promise<void> {
  const { provider, now, prices } = context;
  app.get(
    API_PATHS.pricePreview,
    { schema: pricePreviewSchema },
    async (request): Promise<PricePreviewResponse> => {
      const { customer: customerId, subscriptionId } = request.query;
      const seatsToAdd = seatsToAddOf(request.query.seats);
      const { customer } = await licenceBuyerOf(request, provider, customerId);
      const subscription = await app.changes.checkLicences(customer, subscriptionId, seatsToAdd);
      return { price: subscriptionPrice(prices, subscription, seatsToAdd, now()) };
    },
  );
}
