import { readFailure } from '../../services/httpFailure';

// Errors of GET /api/history: the server's message (docs/api.md), else a generic one.
export const GENERIC_HISTORY_ERROR =
  'The change history could not be loaded. Please try again later.';

export function historyErrorMessage(failure: unknown): string {
  return readFailure(failure).message ?? GENERIC_HISTORY_ERROR;
}
