import { isJsonObject } from '../../../contract/json';
import { ERROR_TEXT } from '../../../contract/errors';
import { ApiError } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import { ServiceAccountError } from './serviceAccount';

// Turns a failed Google call into the contract's error, read by Google's error reason rather than by
// the HTTP status alone (docs/configuration-google.md, "What each Google failure becomes").

export interface GoogleFailure {
  /** HTTP status, undefined when no answer arrived (timeout, reset, refused connection). */
  status: number | undefined;
  /** Google's first error reason (errors[].reason or details[].reason), e.g. userRateLimitExceeded. */
  reason: string | undefined;
  message: string;
  /** Seconds from Google's Retry-After header, when it sent one. */
  retryAfterSeconds: number | undefined;
  /** How the call ended without an answer: our own timeout, the request's deadline, the network. */
  lost: 'timeout' | 'deadline' | 'network' | undefined;
  /** The reseller's own sign-in (the service account's token exchange) failed, not the call. */
  serviceAccount: boolean;
}

/** Quota reasons that clear within seconds: worth a retry with backoff. */
const RATE_LIMIT_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded', 'quotaExceeded']);
/** A daily quota only resets the next day (Pacific time); retrying now cannot help. */
const DAILY_LIMIT_REASON = 'dailyLimitExceeded';
/** Seconds a caller should wait when Google gave no Retry-After. */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 30;
export const DAILY_LIMIT_RETRY_AFTER_SECONDS = 3600;
const HTTP_TOO_MANY_REQUESTS = 429;
const HTTP_FIRST_SERVER_ERROR = 500;
const MS_PER_SECOND = 1000;

function headerOf(headers: unknown, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  if (!isJsonObject(headers)) return undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
function retryAfterOf(headers: unknown): number | undefined {
  const raw = headerOf(headers, 'retry-after');
  if (raw === undefined) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / MS_PER_SECOND));
}

function lostHow(error: unknown, status: number | undefined): GoogleFailure['lost'] {
  if (status !== undefined) return undefined;
  const record = isJsonObject(error) ? error : {};
  const names = [
    record.name,
    record.code,
    isJsonObject(record.cause) ? record.cause.name : undefined,
  ];
  if (names.includes('TimeoutError')) return 'timeout';
  if (names.includes('AbortError') || names.includes('ABORT_ERR')) return 'deadline';
  return 'network';
}

/** Reads status, reason, message and Retry-After from a gaxios or fetch error. */
export function readFailure(error: unknown): GoogleFailure {
  if (error instanceof ServiceAccountError) {
    return { ...readFailure(error.cause), serviceAccount: true };
  }
  const record = isJsonObject(error) ? error : {};
  const response = isJsonObject(record.response) ? record.response : {};
  const status =
    typeof response.status === 'number'
      ? response.status
      : typeof record.status === 'number'
        ? record.status
        : undefined;
  const data = isJsonObject(response.data) ? response.data : {};
  const body = isJsonObject(data.error) ? data.error : {};
  const errors = Array.isArray(body.errors) ? body.errors : [];
  const details = Array.isArray(body.details) ? body.details : [];
  const first = [...errors, ...details].find(
    (entry) => isJsonObject(entry) && typeof entry.reason === 'string',
  ) as Record<string, unknown> | undefined;
  const reason = typeof first?.reason === 'string' ? first.reason : undefined;
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
  return {
    status,
    reason,
    message,
    retryAfterSeconds: retryAfterOf(response.headers),
    lost: lostHow(error, status),
    serviceAccount: false,
  };
}

export function isInsufficientScopes(failure: GoogleFailure): boolean {
  return (
    failure.status === 403 &&
    (failure.reason === 'insufficientPermissions' ||
      failure.reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' ||
      failure.message.includes('insufficient authentication scopes'))
  );
}

export function isRateLimited(failure: GoogleFailure): boolean {
  return (
    (failure.reason !== undefined && RATE_LIMIT_REASONS.has(failure.reason)) ||
    (failure.status === HTTP_TOO_MANY_REQUESTS && failure.reason !== DAILY_LIMIT_REASON)
  );
}

export function isDailyLimit(failure: GoogleFailure): boolean {
  return failure.reason === DAILY_LIMIT_REASON;
}

/** Google answered nothing usable: no answer at all, or a server error. The call may have happened. */
export function isLostAnswer(failure: GoogleFailure): boolean {
  return failure.status === undefined || failure.status >= HTTP_FIRST_SERVER_ERROR;
}

/** Worth trying a read again: a short quota, a server error, a timeout, a dropped connection. */
export function isTransient(failure: GoogleFailure): boolean {
  return failure.lost !== 'deadline' && (isRateLimited(failure) || isLostAnswer(failure));
}

/** The reason Google gives when the customer turned off the reseller's access to the Admin SDK. */
export function isAdminSdkAccessOff(failure: GoogleFailure): boolean {
  return failure.reason === 'domainCannotUseApis';
}

/** 403 forbidden: not the reseller's customer, or a customer who turned the reseller's access off. */
export function isForbidden(failure: GoogleFailure): boolean {
  return failure.status === 403 && failure.reason === 'forbidden';
}

/** The failure as the contract's error, for a call to `service` (e.g. "Google's Reseller API"). */
export function upstreamError(failure: GoogleFailure, apiService: string): ApiError {
  // A refused service-account sign-in is the reseller's configuration, never the person's 401.
  const service = failure.serviceAccount ? `${apiService} (service-account sign-in)` : apiService;
  if (failure.lost === 'deadline') {
    return new ApiError(504, 'DEADLINE_EXCEEDED', SERVER_TEXT.deadlineExceeded);
  }
  if (failure.lost === 'timeout') {
    return new ApiError(504, 'DEADLINE_EXCEEDED', SERVER_TEXT.upstreamTimeout(service));
  }
  if (isDailyLimit(failure)) {
    return new ApiError(
      503,
      'UNAVAILABLE',
      SERVER_TEXT.upstreamDailyQuota(service),
      undefined,
      failure.retryAfterSeconds ?? DAILY_LIMIT_RETRY_AFTER_SECONDS,
    );
  }
  if (isRateLimited(failure) || failure.status === 503) {
    return new ApiError(
      503,
      'UNAVAILABLE',
      SERVER_TEXT.upstreamBusy(service),
      undefined,
      failure.retryAfterSeconds ?? RATE_LIMIT_RETRY_AFTER_SECONDS,
    );
  }
  if (failure.status === undefined) {
    return new ApiError(
      502,
      'BAD_GATEWAY',
      `${service} could not be reached (${failure.message}). Try again in a minute.`,
    );
  }
  const side = failure.status >= HTTP_FIRST_SERVER_ERROR ? 'failed' : 'refused the request';
  return new ApiError(502, 'BAD_GATEWAY', `${service} ${side}: ${failure.message}`);
}

/** The user's own token was refused: the client reloads the page and signs in again. */
export function unauthenticated(): ApiError {
  return new ApiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);
}
