import { ERROR_TEXT } from '../../../contract/errors';
import { describeStatus, readFailure } from '../../services/httpFailure';

// The subscription fetch error catalogue (docs/behaviour.md 8): a pure function from a failure to what happens.
/** Plain data, as the forbidden screen stores it (docs/behaviour.md 3.1). */
export interface SubscriptionError {
  message: string;
  details: string;
}

export type SubscriptionFailureEntry =
  /** 'Not a customer of' the provider: the browser goes to the contact page. */
  | { kind: 'notACustomer' }
  /** 'Request had insufficient authentication scopes.': home, then a reload. */
  | { kind: 'insufficientScopes' }
  /** A message containing 'Expected OAuth 2 access token': a reload. */
  | { kind: 'expiredToken' }
  /** Anything else: the error is stored and /forbidden shows it. */
  | { kind: 'forbidden'; error: SubscriptionError };

export const EXPECTED_OAUTH_TOKEN = 'Expected OAuth 2 access token';

/** The readable message and the detail (details string preferred, otherwise message) of a failure. */
export function readSubscriptionFailure(failure: unknown): SubscriptionError {
  const fields = readFailure(failure);
  const message = fields.message ?? describeStatus(fields.status);
  return { message, details: fields.details ?? message };
}

export function subscriptionFailureEntry(failure: unknown): SubscriptionFailureEntry {
  const error = readSubscriptionFailure(failure);
  if (error.details.includes(ERROR_TEXT.notACustomerPrefix)) return { kind: 'notACustomer' };
  if (error.details === ERROR_TEXT.insufficientScopes) return { kind: 'insufficientScopes' };
  if (error.message.includes(EXPECTED_OAUTH_TOKEN)) return { kind: 'expiredToken' };
  return { kind: 'forbidden', error };
}

/** The message shown when subscription-info answers 2xx with something that is not one. */
export const UNEXPECTED_SUBSCRIPTION_ANSWER =
  'The subscription service answered with data the portal cannot read.';
