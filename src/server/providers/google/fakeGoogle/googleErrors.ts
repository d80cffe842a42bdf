// Google's error envelope as the Admin SDK and Reseller API send it (googleapis' discovery documents
// and Google's "standard error responses"): {error: {code, message, errors: [{domain, reason,
// message}], status}}. Test-only.

export type GoogleReason =
  | 'forbidden'
  | 'duplicate'
  | 'notFound'
  | 'invalid'
  | 'badRequest'
  | 'userRateLimitExceeded'
  | 'rateLimitExceeded'
  | 'quotaExceeded'
  | 'dailyLimitExceeded'
  | 'domainCannotUseApis'
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

const STATUS_WORDS: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
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
      status: STATUS_WORDS[shape.code] ?? 'UNKNOWN',
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
