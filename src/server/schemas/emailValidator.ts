import { emailField } from './common';

// GET /api/email-validator?email=
export const emailValidatorSchema = {
  querystring: {
    type: 'object',
    required: ['email'],
    additionalProperties: false,
    properties: { email: emailField },
  },
  response: {
    200: {
      type: 'object',
      required: ['isGoogleAccount'],
      properties: { isGoogleAccount: { type: 'boolean' } },
    },
  },
} as const;
