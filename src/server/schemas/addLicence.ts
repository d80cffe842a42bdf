import { idField } from './common';
import { subscriptionInfoResponse } from './subscriptionInfo';

// POST /api/add-licence { customerId, subscriptionId, numberOfSeats, expectedNumberOfSeats? } —
// numberOfSeats is the new total, expectedNumberOfSeats the total the buyer saw.
export const addLicenceSchema = {
  body: {
    type: 'object',
    required: ['customerId', 'subscriptionId', 'numberOfSeats'],
    additionalProperties: false,
    properties: {
      customerId: idField,
      subscriptionId: idField,
      numberOfSeats: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      expectedNumberOfSeats: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['subscription'],
      properties: { subscription: subscriptionInfoResponse },
    },
  },
} as const;
