import { isJsonObject } from '../../contract/json';
import type { HttpFailure } from './types';

// Reading what a failed call left behind: the contract's error envelope (docs/behaviour.md 2) or anything else.

/** The fields of a failure the error rules read; each is present only when it is a non-empty string. */
export interface FailureFields {
  status: number | null;
  /** body.error.message */
  message?: string;
  /** body.error.details */
  details?: string;
  /** body.error_description (OAuth-style answers) */
  errorDescription?: string;
}

/** The status of a call that got no answer at all (network down, blocked). */
export const NO_RESPONSE = 0;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim().length > 0 ? value : undefined;

export function isHttpFailure(value: unknown): value is HttpFailure {
  return isJsonObject(value) && typeof value.status === 'number' && 'body' in value;
}

export function readFailure(failure: unknown): FailureFields {
  if (!isHttpFailure(failure)) {
    return { status: null, message: failure instanceof Error ? text(failure.message) : undefined };
  }
  const fields: FailureFields = { status: failure.status };
  const body = failure.body;
  if (!isJsonObject(body)) return fields;
  const error = body.error;
  if (isJsonObject(error)) {
    fields.message = text(error.message);
    fields.details = text(error.details);
  }
  fields.errorDescription = text(body.error_description);
  return fields;
}

/** A readable sentence for a failure that carries no message of its own. */
export function describeStatus(status: number | null): string {
  if (status === NO_RESPONSE) return 'The portal could not be reached. Check your connection.';
  if (status === null) return 'An unexpected error occurred.';
  return `The portal answered with HTTP status ${status}.`;
}
