import { emailField, idField } from './common';

const membersResponse = {
  200: {
    type: 'object',
    required: ['members'],
    properties: { members: { type: 'array', items: { type: 'string' } } },
  },
} as const;

// GET /api/licence-delegate?customer= and /api/support-delegate?customer=
export const delegateListSchema = {
  querystring: {
    type: 'object',
    required: ['customer'],
    additionalProperties: false,
    properties: { customer: idField },
  },
  response: membersResponse,
} as const;

// POST /api/licence-delegate and /api/support-delegate { email, customerId, action }
export const delegateChangeSchema = {
  body: {
    type: 'object',
    required: ['email', 'customerId', 'action'],
    additionalProperties: false,
    properties: {
      email: emailField,
      customerId: idField,
      action: { type: 'string', enum: ['add', 'delete'] },
    },
  },
  response: membersResponse,
} as const;
