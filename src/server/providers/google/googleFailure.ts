import { isJsonObject } from '../../../contract/json';
import { ApiError } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import { UpstreamError } from '../../upstreamError';
import { ServiceAccountError, type ServiceAccountStep } from './serviceAccount';

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
  /** Which step of that sign-in failed, when it did. */
  serviceAccountStep?: ServiceAccountStep;
}

/** Quota reasons that clear within seconds: worth a retry with backoff. */
const RATE_LIMIT_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded', 'quotaExceeded']);
/** A daily quota only resets the next day (Pacific time); retrying now cannot help. */
const DAILY_LIMIT_REASON = 'dailyLimitExceeded';
/** Seconds a caller should wait when Google gave no Retry-After. */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 30;
export const DAILY_LIMIT_RETRY_AFTER_SECONDS = 3600;
/**
 * google.rpc.ErrorInfo reasons of details[]-only errors, read as the classic errors[] reason they
 * stand for, so both shapes take the same path (docs/configuration-google.md).
 */
const ERROR_INFO_REASONS: Readonly<Record<string, string>> = {
  RATE_LIMIT_EXCEEDED: 'rateLimitExceeded',
  RESOURCE_QUOTA_EXCEEDED: 'quotaExceeded',
  SERVICE_DISABLED: 'accessNotConfigured',
  ACCESS_TOKEN_SCOPE_INSUFFICIENT: 'insufficientPermissions',
  ACCESS_TOKEN_EXPIRED: 'authError',
  CREDENTIALS_MISSING: 'required',
};
/** A RATE_LIMIT_EXCEEDED on a per-day quota limit (metadata.quota_limit) is the daily limit. */
const DAILY_QUOTA_LIMIT = /PerDay/i;
/** Google's reason when the reseller's project has not enabled the API (errors[] shape). */
const API_NOT_ENABLED_REASON = 'accessNotConfigured';
/** What the reseller enables in its Google Cloud project for each service the portal calls. */
const API_TO_ENABLE: Readonly<Record<string, string>> = {
  "Google's Reseller API": 'Google Workspace Reseller API',
  "Google's Directory API": 'Admin SDK API',
};
const IAM_CREDENTIALS_API = 'IAM Service Account Credentials API';
const HTTP_FORBIDDEN = 403;
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

/** An errors[] reason as it is, an ErrorInfo reason as the classic reason it stands for. */
function classicReason(entry: Record<string, unknown>): string {
  const reason = String(entry.reason);
  const metadata = isJsonObject(entry.metadata) ? entry.metadata : {};
  if (reason === 'RATE_LIMIT_EXCEEDED' && DAILY_QUOTA_LIMIT.test(String(metadata.quota_limit))) {
    return DAILY_LIMIT_REASON;
  }
  return ERROR_INFO_REASONS[reason] ?? reason;
}

/** Reads status, reason, message and Retry-After from a gaxios or fetch error. */
export function readFailure(error: unknown): GoogleFailure {
  if (error instanceof ServiceAccountError) {
    return { ...readFailure(error.cause), serviceAccount: true, serviceAccountStep: error.step };
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
  // An OAuth endpoint's refusal names its error code in `error` (RFC 6749), e.g. invalid_grant.
  const reason =
    typeof first?.reason === 'string'
      ? classicReason(first)
      : typeof data.error === 'string'
        ? data.error
        : undefined;
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

/** What the log keeps of a failure; the client sees only the fixed text and the request id. */
function upstreamDetail(failure: GoogleFailure): Record<string, unknown> {
  return Object.fromEntries(Object.entries(failure).filter(([, value]) => value !== undefined));
}

/** A refused sign-in of the reseller's service account, as the setting the reseller must fix. */
function serviceAccountRefusal(failure: GoogleFailure, service: string): string | undefined {
  if (failure.serviceAccountStep === 'credentials')
    return SERVER_TEXT.noDefaultCredentials(service);
  if (failure.serviceAccountStep === 'signJwt') {
    if (failure.reason === API_NOT_ENABLED_REASON) {
      return SERVER_TEXT.apiNotEnabled(service, IAM_CREDENTIALS_API);
    }
    return failure.status === HTTP_FORBIDDEN ? SERVER_TEXT.tokenCreatorMissing(service) : undefined;
  }
  if (failure.reason === 'unauthorized_client')
    return SERVER_TEXT.serviceAccountUnauthorized(service);
  if (failure.reason === 'invalid_grant') return SERVER_TEXT.serviceAccountInvalid(service);
  return undefined;
}

/** The failure as the contract's error, for a call to `service` (e.g. "Google's Reseller API"). */
export function upstreamError(failure: GoogleFailure, apiService: string): ApiError {
  // A refused service-account sign-in is the reseller's configuration, never the person's 401.
  const service = failure.serviceAccount ? `${apiService} (service-account sign-in)` : apiService;
  const detail = upstreamDetail(failure);
  if (failure.lost === 'deadline') {
    return new ApiError(504, SERVER_TEXT.deadlineExceeded);
  }
  if (failure.lost === 'timeout') {
    return new UpstreamError(504, SERVER_TEXT.upstreamTimeout(service), detail);
  }
  if (isDailyLimit(failure)) {
    return new UpstreamError(
      503,
      SERVER_TEXT.upstreamDailyQuota(service),
      detail,
      failure.retryAfterSeconds ?? DAILY_LIMIT_RETRY_AFTER_SECONDS,
    );
  }
  if (isRateLimited(failure) || failure.status === 503) {
    return new UpstreamError(
      503,
      SERVER_TEXT.upstreamBusy(service),
      detail,
      failure.retryAfterSeconds ?? RATE_LIMIT_RETRY_AFTER_SECONDS,
    );
  }
  if (failure.status === undefined) {
    const text = failure.serviceAccount ? serviceAccountRefusal(failure, service) : undefined;
    return new UpstreamError(502, text ?? SERVER_TEXT.upstreamUnreachable(service), detail);
  }
  if (failure.status >= HTTP_FIRST_SERVER_ERROR) {
    return new UpstreamError(502, SERVER_TEXT.upstreamFailed(service), detail);
  }
  const api = API_TO_ENABLE[apiService];
  const text =
    (failure.serviceAccount ? serviceAccountRefusal(failure, service) : undefined) ??
    (failure.reason === API_NOT_ENABLED_REASON && api !== undefined
      ? SERVER_TEXT.apiNotEnabled(service, api)
      : undefined) ??
    (isInsufficientScopes(failure) ? SERVER_TEXT.delegationScopeMissing(service) : undefined) ??
    SERVER_TEXT.upstreamRefused(service);
  return new UpstreamError(502, text, detail);
}
