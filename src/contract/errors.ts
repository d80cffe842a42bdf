// The error envelope every endpoint answers with (docs/api.md, Error envelope), and the exact texts the client keys on.
export type { ErrorBody, ErrorEnvelope, ErrorStatus } from './errorEnvelope';

export const ERROR_TEXT = {
  unauthenticated:
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  insufficientScopes: 'Request had insufficient authentication scopes.',
  notACustomerPrefix: 'Not a customer of',
  memberAlreadyExists: 'Member already exists.',
  memberNotFound: 'Resource Not Found: memberKey',
  noSubscription: (domain: string) => `No Google Workspace subscription found for ${domain}.`,
  notACustomer: (resellerName: string) => `Not a customer of ${resellerName}`,
  /** The words the 403 screen knows a turned-off portal by (docs/behaviour.md 2.3). */
  portalTurnedOffMark: 'has turned self-service off',
  portalTurnedOff: (resellerName: string) =>
    `${resellerName} has turned self-service off for your organisation, so licenses and delegates cannot be changed in this portal. Contact ${resellerName} to change your subscription or to turn self-service back on.`,
} as const;
