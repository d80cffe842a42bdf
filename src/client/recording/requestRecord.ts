import type { Query } from '../services/types';
import type { HttpRequestRecord } from '../../scenarios/scenario';

// One request written the same way by the recorder and by replay, so the two compare field by field.
export function httpRequestRecord(
  method: HttpRequestRecord['method'],
  path: string,
  options: { query?: Query; headers?: Record<string, string>; body?: unknown; xsrfToken?: string },
): HttpRequestRecord {
  const request: HttpRequestRecord = { method, path, xsrf: false };
  if (options.query && Object.keys(options.query).length > 0) request.query = { ...options.query };
  if (options.headers && Object.keys(options.headers).length > 0) {
    request.headers = { ...options.headers };
  }
  if (options.body !== undefined) request.body = JSON.parse(JSON.stringify(options.body));
  // The http service sends X-XSRF-TOKEN on every non-GET, empty when there is no cookie (spec §7).
  if (method !== 'GET' && options.xsrfToken) {
    request.xsrf = true;
    request.xsrfToken = options.xsrfToken;
  }
  return request;
}
