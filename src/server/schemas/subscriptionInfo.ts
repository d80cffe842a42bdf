import { emailField } from './common';

/** SubscriptionInfo (docs/api.md, Endpoints), also the body of add-licence's answer. */
export const subscriptionInfoResponse = {
  type: 'object',
  required: [
    'email',
    'customerId',
    'customerDomain',
    'skuName',
    'planName',
    'isAnnual',
    'numberOfSeats',
    'licensedNumberOfSeats',
    'maximumNumberOfSeats',
    'subscriptionId',
    'isAdmin',
    'accessRoles',
    'thumbnailPhotoUrl',
    'status',
    'suspensionReasons',
    'isTrial',
    'renewalDate',
  ],
  properties: {
    email: { type: 'string' },
    customerId: { type: 'string' },
    customerDomain: { type: 'string' },
    skuName: { type: 'string' },
    planName: { type: 'string' },
    isAnnual: { type: 'boolean' },
    numberOfSeats: { type: 'integer' },
    licensedNumberOfSeats: { type: 'integer' },
    maximumNumberOfSeats: { type: 'integer' },
    subscriptionId: { type: 'string' },
    isAdmin: { type: 'boolean' },
    accessRoles: {
      type: 'object',
      required: ['license', 'support'],
      properties: { license: { type: 'boolean' }, support: { type: 'boolean' } },
    },
    thumbnailPhotoUrl: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['ACTIVE', 'SUSPENDED', 'PENDING'] },
    suspensionReasons: { type: 'array', items: { type: 'string' } },
    isTrial: { type: 'boolean' },
    renewalDate: { type: ['string', 'null'] },
  },
} as const;

// GET /api/subscription-info?email= (token in the x-goog-token header, checked by the handler so a
// missing token is the contract's 401, not a 400).
export const subscriptionInfoSchema = {
  querystring: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: emailField },
  },
  response: { 200: subscriptionInfoResponse },
} as const;
