import type { ErrorStatus } from '../contract/errors';

// The status word of an HTTP code in an error envelope (docs/api.md, Error envelope): Google's
// canonical words, which the portal's envelope shares, and the portal's own for the codes Google
// does not answer with (a method or media type refused, a body too large, a bad gateway).
export const STATUS_WORD_OF_CODE: Readonly<Partial<Record<number, ErrorStatus>>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'INVALID_ARGUMENT',
  409: 'ALREADY_EXISTS',
  412: 'FAILED_PRECONDITION',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'BAD_GATEWAY',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const HTTP_FIRST_SERVER_ERROR = 500;

/** The status word of `code`: the map's, else INTERNAL for a 5xx and INVALID_ARGUMENT for a 4xx. */
export function statusWordOf(code: number): ErrorStatus {
  return (
    STATUS_WORD_OF_CODE[code] ?? (code >= HTTP_FIRST_SERVER_ERROR ? 'INTERNAL' : 'INVALID_ARGUMENT')
  );
}
