import { readFailure } from '../../services/httpFailure';

// Delegate errors (docs/behaviour.md 8): error.error.message, then error.error_description, then a generic
// message (its text is the portal's own, docs/behaviour.md 7.6).
export const GENERIC_DELEGATE_ERROR =
  'The delegate list could not be changed or loaded. Please try again later.';

/** Shown when a delegate list answers 2xx with something that is not a list of members. */
export const UNEXPECTED_MEMBERS_ANSWER =
  'The delegate service answered with data the portal cannot read.';

export function delegateErrorMessage(failure: unknown): string {
  const fields = readFailure(failure);
  return fields.message ?? fields.errorDescription ?? GENERIC_DELEGATE_ERROR;
}
