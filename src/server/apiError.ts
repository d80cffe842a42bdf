import type { ErrorBody, ErrorStatus } from '../contract/errors';

/** A failure that becomes the contract's error envelope (docs/api.md, Error envelope). Providers and routes throw it. */
export class ApiError extends Error {
  /** Fields sent beside `error` in the envelope, e.g. a 409's fresh subscription (docs/api.md). */
  extra?: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: number,
    readonly status: ErrorStatus,
    message: string,
    readonly details?: string,
    /** Seconds the caller should wait before trying again; sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, status: this.status, message: this.message }
      : { code: this.code, status: this.status, message: this.message, details: this.details };
  }
}
