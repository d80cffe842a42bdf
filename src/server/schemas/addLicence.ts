import { idField } from './common';
import { subscriptionInfoResponse } from './subscriptionInfo';

// POST /api/add-licence { customerId, subscriptionId, numberOfSeats } — numberOfSeats is the new total.
export const addLicenceSchema = {
  body: {
    type: 'object',
    required: ['customerId', 'subscriptionId', 'numberOfSeats'],
    additionalProperties: false,
    properties: {
      customerId: idField,
      subscriptionId: idField,
      numberOfSeats: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
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
