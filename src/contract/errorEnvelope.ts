import { Type, type Static } from 'typebox';

// The error envelope every endpoint answers with (docs/api.md, Error envelope); its texts are in errors.ts.

export const ERROR_STATUSES = [
  'INVALID_ARGUMENT',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'ABORTED',
  'FAILED_PRECONDITION',
  'PAYLOAD_TOO_LARGE',
  'RESOURCE_EXHAUSTED',
  'INTERNAL',
  'BAD_GATEWAY',
  'UNAVAILABLE',
  'DEADLINE_EXCEEDED',
  'UNKNOWN',
] as const;
export const ErrorStatus = Type.Enum(ERROR_STATUSES, { type: 'string' });
export type ErrorStatus = Static<typeof ErrorStatus>;

export const ErrorBody = Type.Object({
  code: Type.Integer(),
  status: ErrorStatus,
  message: Type.String(),
  details: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const ErrorEnvelope = Type.Object({
  error: ErrorBody,
  /** Some identity endpoints answer OAuth-style; delegates read it as a fallback (docs/behaviour.md 8). */
  error_description: Type.Optional(Type.String()),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
