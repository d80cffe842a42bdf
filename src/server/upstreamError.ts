import { ApiError } from './apiError';

/**
 * A 5xx caused by Google or the network: the client gets the fixed message and the request id, the
 * log gets `upstream`, what Google or the network said (docs/security.md, "Errors from upstream").
 */
export class UpstreamError extends ApiError {
  constructor(
    code: number,
    message: string,
    readonly upstream: Readonly<Record<string, unknown>>,
    retryAfterSeconds?: number,
  ) {
    super(code, message, { retryAfterSeconds });
    this.name = 'UpstreamError';
  }
}
