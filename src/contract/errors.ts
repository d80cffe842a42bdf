// The error envelope every endpoint answers with (docs/api.md, Error envelope), and the exact texts the client keys on.
export type ErrorStatus =
  | 'INVALID_ARGUMENT'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'ABORTED'
  | 'FAILED_PRECONDITION'
  | 'PAYLOAD_TOO_LARGE'
  | 'RESOURCE_EXHAUSTED'
  | 'INTERNAL'
  | 'BAD_GATEWAY'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED'
  | 'UNKNOWN';

export interface ErrorBody {
  code: number;
  status: ErrorStatus;
  message: string;
  details?: string;
}

export interface ErrorEnvelope {
  error: ErrorBody;
  /** Some identity endpoints answer OAuth-style; delegates read it as a fallback (docs/behaviour.md 8). */
  error_description?: string;
}

export const ERROR_TEXT = {
  unauthenticated:
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  insufficientScopes: 'Request had insufficient authentication scopes.',
  notACustomerPrefix: 'Not a customer of',
  memberAlreadyExists: 'Member already exists.',
  memberNotFound: 'Resource Not Found: memberKey',
  noSubscription: (domain: string) => `No Google Workspace subscription found for ${domain}.`,
  notACustomer: (resellerName: string) => `Not a customer of ${resellerName}`,
} as const;
