import { ERROR_TEXT, type ErrorBody, type ErrorStatus } from '../contract/errors';
import { statusWordOf } from './statusWords';

export interface ApiErrorOptions {
  /** The envelope's status word where it is not its code's (statusWords.ts), e.g. a 409 ABORTED. */
  status?: ErrorStatus;
  /** Sent as the envelope's `details`. */
  details?: string;
  /** Seconds the caller should wait before trying again; sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** A failure that becomes the contract's error envelope (docs/api.md, Error envelope). Providers and routes throw it. */
export class ApiError extends Error {
  /** Fields sent beside `error` in the envelope, e.g. a 409's fresh subscription (docs/api.md). */
  extra?: Readonly<Record<string, unknown>>;
  readonly status: ErrorStatus;
  readonly details?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: number,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status ?? statusWordOf(code);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, status: this.status, message: this.message }
      : { code: this.code, status: this.status, message: this.message, details: this.details };
  }
}

/** 400 INVALID_ARGUMENT: the request itself is wrong. */
export const invalidArgument = (message: string) => new ApiError(400, message);

/** 401 UNAUTHENTICATED, in Google's words: no live session or token; the client signs in again. */
export const unauthenticated = () => new ApiError(401, ERROR_TEXT.unauthenticated);

/** 403 PERMISSION_DENIED: the caller may not do this. */
export const permissionDenied = (message: string, details?: string) =>
  new ApiError(403, message, { details });

/** 404 NOT_FOUND: what the request names does not exist. */
export const notFound = (message: string) => new ApiError(404, message);
