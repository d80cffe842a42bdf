import { EMAIL_MAX_LENGTH } from '../../contract/limits';

// Building blocks of the route schemas. Every object is closed (additionalProperties: false) so an
// unknown field is a 400, never silently ignored.

/** Customer and subscription ids are short opaque strings (Reseller API ids are under 64 chars). */
export const ID_MAX_LENGTH = 128;

export const emailField = { type: 'string', minLength: 1, maxLength: EMAIL_MAX_LENGTH } as const;
export const idField = { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } as const;

export const errorEnvelopeSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'status', 'message'],
      properties: {
        code: { type: 'integer' },
        status: { type: 'string' },
        message: { type: 'string' },
        details: { type: 'string' },
      },
    },
  },
} as const;
