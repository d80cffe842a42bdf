// Google's error envelope as the Admin SDK and Reseller API send it (googleapis' discovery documents
// and Google's "standard error responses"): {error: {code, message, errors: [{domain, reason,
// message}], status}}; and as newer front ends send it, with details[] only (google.rpc.Status whose
// details hold a google.rpc.ErrorInfo, AIP-193). Test-only.

import { STATUS_WORD_OF_CODE } from '../../server/statusWords';

export type GoogleReason =
  | 'forbidden'
  | 'duplicate'
  | 'conditionNotMet'
  | 'notFound'
  | 'invalid'
  | 'badRequest'
  | 'userRateLimitExceeded'
  | 'rateLimitExceeded'
  | 'quotaExceeded'
  | 'dailyLimitExceeded'
  | 'domainCannotUseApis'
  | 'accessNotConfigured'
  | 'insufficientPermissions'
  | 'authError'
  | 'required'
  | 'backendError'
  | 'deadlineExceeded'
  | 'internalError';

interface ReasonShape {
  code: number;
  domain: string;
  message: string;
}

/** Codes and domains as Google sends them for each reason. */
export const REASONS: Readonly<Record<GoogleReason, ReasonShape>> = {
  forbidden: { code: 403, domain: 'global', message: 'Not Authorized to access this resource/api' },
  duplicate: { code: 409, domain: 'global', message: 'Entity already exists.' },
  conditionNotMet: { code: 412, domain: 'global', message: 'Precondition Failed' },
  notFound: { code: 404, domain: 'global', message: 'Resource Not Found' },
  invalid: { code: 400, domain: 'global', message: 'Invalid Value' },
  badRequest: { code: 400, domain: 'global', message: 'Bad Request' },
  userRateLimitExceeded: { code: 403, domain: 'usageLimits', message: 'User Rate Limit Exceeded' },
  rateLimitExceeded: { code: 403, domain: 'usageLimits', message: 'Rate Limit Exceeded' },
  quotaExceeded: {
    code: 429,
    domain: 'usageLimits',
    message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute'.",
  },
  dailyLimitExceeded: { code: 403, domain: 'usageLimits', message: 'Daily Limit Exceeded' },
  domainCannotUseApis: { code: 403, domain: 'global', message: 'Domain cannot use apis.' },
  accessNotConfigured: {
    code: 403,
    domain: 'usageLimits',
    message:
      'Access Not Configured. Admin SDK API has not been used in project 123456789012 before or it is disabled.',
  },
  insufficientPermissions: {
    code: 403,
    domain: 'global',
    message: 'Request had insufficient authentication scopes.',
  },
  authError: {
    code: 401,
    domain: 'global',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  required: { code: 401, domain: 'global', message: 'Login Required.' },
  backendError: { code: 503, domain: 'global', message: 'Backend Error' },
  // Google's canonical DEADLINE_EXCEEDED: its front end gave up while the backend may still finish.
  deadlineExceeded: {
    code: 504,
    domain: 'global',
    message: 'Deadline expired before operation could complete.',
  },
  internalError: { code: 500, domain: 'global', message: 'Internal Error' },
};

export interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    errors: { message: string; domain: string; reason: string }[];
    status: string;
    details?: unknown[];
  };
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An error answer for a reason; `message` replaces Google's default text for it. */
export function googleError(
  reason: GoogleReason,
  message?: string,
  retryAfterSeconds?: number,
): FakeAnswer {
  const shape = REASONS[reason];
  const text = message ?? shape.message;
  const body: GoogleErrorBody = {
    error: {
      code: shape.code,
      message: text,
      errors: [{ message: text, domain: shape.domain, reason }],
      status: STATUS_WORD_OF_CODE[shape.code] ?? 'UNKNOWN',
    },
  };
  if (reason === 'insufficientPermissions') {
    // Google adds the AIP-193 detail and words errors[].message differently for a missing scope.
    body.error.errors = [{ message: 'Insufficient Permission', domain: 'global', reason }];
    body.error.details = [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
        domain: 'googleapis.com',
      },
    ];
  }
  return {
    status: shape.code,
    body,
    ...(retryAfterSeconds === undefined
      ? {}
      : { headers: { 'retry-after': String(retryAfterSeconds) } }),
  };
}

/** google.api.ErrorReason values the fake sends in the details[]-only shape. */
export type ErrorInfoReason =
  | 'RATE_LIMIT_EXCEEDED'
  | 'SERVICE_DISABLED'
  | 'ACCESS_TOKEN_SCOPE_INSUFFICIENT'
  | 'IAM_PERMISSION_DENIED';

const RESELLER_PROJECT = 'projects/123456789012';

interface ErrorInfoShape {
  code: number;
  domain: string;
  message: (service: string) => string;
  metadata: (service: string) => Record<string, string>;
}

/** Status, message and ErrorInfo metadata as Google's reference examples give them per reason. */
const ERROR_INFO: Readonly<Record<ErrorInfoReason, ErrorInfoShape>> = {
  RATE_LIMIT_EXCEEDED: {
    code: 429,
    domain: 'googleapis.com',
    message: (service) =>
      `Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service '${service}' for consumer 'project_number:123456789012'.`,
    metadata: (service) => ({
      consumer: RESELLER_PROJECT,
      service,
      quota_metric: `${service}/default`,
      quota_limit: 'defaultPerMinutePerUser',
      quota_limit_value: '2400',
      quota_location: 'global',
    }),
  },
  SERVICE_DISABLED: {
    code: 403,
    domain: 'googleapis.com',
    message: (service) =>
      `${service} has not been used in project 123456789012 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${service}/overview?project=123456789012 then retry.`,
    metadata: (service) => ({
      consumer: RESELLER_PROJECT,
      service,
      activationUrl: `https://console.developers.google.com/apis/api/${service}/overview?project=123456789012`,
    }),
  },
  ACCESS_TOKEN_SCOPE_INSUFFICIENT: {
    code: 403,
    domain: 'googleapis.com',
    message: () => 'Request had insufficient authentication scopes.',
    metadata: (service) => ({ service }),
  },
  IAM_PERMISSION_DENIED: {
    code: 403,
    domain: 'iam.googleapis.com',
    message: () =>
      "Permission 'iam.serviceAccounts.signJwt' denied on resource (or it may not exist).",
    metadata: () => ({ permission: 'iam.serviceAccounts.signJwt' }),
  },
};

/** The API a path belongs to, as ErrorInfo's metadata.service names it. */
export function serviceOfPath(path: string): string {
  if (path.startsWith('/apps/reseller/')) return 'reseller.googleapis.com';
  if (path.startsWith('/v1/projects/')) return 'iamcredentials.googleapis.com';
  return 'admin.googleapis.com';
}

/** An error with details[] only (no errors[]), as newer Google front ends send it. */
export function errorInfoError(
  reason: ErrorInfoReason,
  service: string,
  metadata: Record<string, string> = {},
  retryAfterSeconds?: number,
): FakeAnswer {
  const shape = ERROR_INFO[reason];
  return {
    status: shape.code,
    body: {
      error: {
        code: shape.code,
        message: shape.message(service),
        status: STATUS_WORD_OF_CODE[shape.code] ?? 'UNKNOWN',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason,
            domain: shape.domain,
            metadata: { ...shape.metadata(service), ...metadata },
          },
        ],
      },
    },
    ...(retryAfterSeconds === undefined
      ? {}
      : { headers: { 'retry-after': String(retryAfterSeconds) } }),
  };
}
