import { ERROR_TEXT } from '../../../contract/errors';
import { ApiError } from '../../apiError';

// Turns a failed Google call into the contract's error (contract §2, §3): Google's own texts where the
// client keys on them, 502/503 with a readable message for everything upstream, never a stack trace.

export interface GoogleFailure {
  /** HTTP status, undefined when Google could not be reached at all. */
  status: number | undefined;
  /** Google's first error reason (e.g. insufficientPermissions), when given. */
  reason: string | undefined;
  message: string;
}

const TOO_MANY_REQUESTS = 429;
const SERVICE_UNAVAILABLE = 503;
const FIRST_SERVER_ERROR = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads status, reason and message from a gaxios error (Google's JSON error body when there is one). */
export function readFailure(error: unknown): GoogleFailure {
  const record = isRecord(error) ? error : {};
  const response = isRecord(record.response) ? record.response : {};
  const status =
    typeof record.status === 'number'
      ? record.status
      : typeof response.status === 'number'
        ? response.status
        : undefined;
  const data = isRecord(response.data) ? response.data : {};
  const body = isRecord(data.error) ? data.error : {};
  const errors = Array.isArray(body.errors) ? body.errors : [];
  const details = Array.isArray(body.details) ? body.details : [];
  const first = [...errors, ...details].find(isRecord);
  const reason = first !== undefined && typeof first.reason === 'string' ? first.reason : undefined;
  const message =
    typeof body.message === 'string'
      ? body.message
      : typeof data.error_description === 'string'
        ? data.error_description
        : typeof data.error === 'string'
          ? data.error
          : error instanceof Error
            ? error.message
            : 'no answer';
  return { status, reason, message };
}

export function isInsufficientScopes(failure: GoogleFailure): boolean {
  return (
    failure.status === 403 &&
    (failure.message.includes('insufficient authentication scopes') ||
      failure.reason === 'insufficientPermissions' ||
      failure.reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')
  );
}

/** 503 when Google says to come back later, 502 for any other upstream failure. */
export function upstreamError(failure: GoogleFailure, service: string): ApiError {
  if (failure.status === undefined) {
    return new ApiError(
      502,
      'BAD_GATEWAY',
      `${service} could not be reached (${failure.message}). Try again in a minute.`,
    );
  }
  if (failure.status === SERVICE_UNAVAILABLE || failure.status === TOO_MANY_REQUESTS) {
    return new ApiError(
      503,
      'UNAVAILABLE',
      `${service} is busy or unavailable right now (${failure.message}). Try again in a minute.`,
    );
  }
  const side = failure.status >= FIRST_SERVER_ERROR ? 'failed' : 'refused the request';
  return new ApiError(502, 'BAD_GATEWAY', `${service} ${side}: ${failure.message}`);
}

/** The user's own token was refused: the client reloads the page and signs in again. */
export function unauthenticated(): ApiError {
  return new ApiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);
}
