import { readFailure } from '../../services/httpFailure';

// Add-licence errors (docs/behaviour.md 8): error.error.message, else a generic message (its text is the portal's
// own, docs/behaviour.md 7.6).
export const GENERIC_ADD_LICENCES_ERROR =
  'Your licenses could not be added. Please try again later.';

export function addLicencesErrorMessage(failure: unknown): string {
  return readFailure(failure).message ?? GENERIC_ADD_LICENCES_ERROR;
}
