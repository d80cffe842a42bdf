import type { HttpRequestRecord, Query, RecordedAction, ScenarioStep } from './scenario';

// Steps written the same way by the recorder and by replay, so the two compare field by field.

/** What JSON keeps of a value (undefined fields dropped), so live values compare with files. */
export function asJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** JSON with object keys sorted, so equal values always give equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const record = inner as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  });
}

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
  if (options.body !== undefined) request.body = asJson(options.body);
  // The http service sends X-XSRF-TOKEN on every non-GET, empty when there is no cookie.
  if (method !== 'GET' && options.xsrfToken) {
    request.xsrf = true;
    request.xsrfToken = options.xsrfToken;
  }
  return request;
}

/** redux-saga marks every action a saga puts with this property; the rest come from the screen. */
const SAGA_ACTION_MARK = '@@redux-saga/SAGA_ACTION';

/** Redux's own actions (and a test plan's) are not the portal's. */
export const isInternalAction = (type: string): boolean => type.startsWith('@@');

/** An action the store saw, as an `intent` (from the screen) or an `action` (put by a saga). */
export function actionStep(action: { type: string; payload?: unknown }): ScenarioStep {
  const recorded: RecordedAction = asJson({ type: action.type, payload: action.payload });
  const bySaga = Boolean((action as Record<string, unknown>)[SAGA_ACTION_MARK]);
  return bySaga ? { kind: 'action', action: recorded } : { kind: 'intent', action: recorded };
}
