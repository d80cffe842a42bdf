import { readFailure } from '../../services/httpFailure';

// Errors of GET /api/history: the server's message (docs/api.md), else a generic one.
export const GENERIC_HISTORY_ERROR =
  'The change history could not be loaded. Please try again later.';

export function historyErrorMessage(failure: unknown): string {
  return readFailure(failure).message ?? GENERIC_HISTORY_ERROR;
}

/** Shown when /api/history answers 2xx with something that is not a page of the history. */
export const UNEXPECTED_HISTORY_ANSWER =
  'The change history service answered with data the portal cannot read.';
