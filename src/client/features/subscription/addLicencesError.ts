import { readFailure } from '../../services/httpFailure';

// Add-licence errors (docs/behaviour.md 8): error.error.message, else a generic message (its text is not shown
// in the spec, so this one is ours).
export const GENERIC_ADD_LICENCES_ERROR =
  'Your licenses could not be added. Please try again later.';

export function addLicencesErrorMessage(failure: unknown): string {
  return readFailure(failure).message ?? GENERIC_ADD_LICENCES_ERROR;
}
