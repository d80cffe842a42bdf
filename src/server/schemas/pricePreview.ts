import { Type } from 'typebox';
import { PricePreviewResponse } from '../../contract/prices';
import { ID_MAX_LENGTH } from './common';

/** Digits of the largest seat count add-licence takes (Number.MAX_SAFE_INTEGER). */
const SEATS_MAX_DIGITS = String(Number.MAX_SAFE_INTEGER).length;
const Id = Type.String({ minLength: 1, maxLength: ID_MAX_LENGTH });

// GET /api/price-preview?customer=&subscriptionId=&seats= — seats to add, as text (a query string);
// the handler reads its value as add-licence's schema reads numberOfSeats.
export const pricePreviewSchema = {
  querystring: Type.Object(
    {
      customer: Id,
      subscriptionId: Id,
      seats: Type.String({ minLength: 1, maxLength: SEATS_MAX_DIGITS }),
    },
    { additionalProperties: false },
  ),
  response: { 200: PricePreviewResponse },
};
