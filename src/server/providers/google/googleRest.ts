import { signalOf, type CallLimits } from './googleCalls';

// Google's REST calls made by hand, for the APIs with no package of their own for Node 20 (the
// Reseller and Groups Settings APIs, docs/configuration-google.md "Which library calls each API"):
// JSON over the provider's measured fetch, with the call's limits and the reseller admin's token.

/** How a call is made as the reseller admin: its limits and token; the client library never retries. */
export type ResellerAuth = CallLimits & { retry: false; headers: { authorization: string } };

/** What a call answers, as googleapis' methods answer it. */
export interface RestAnswer<T> {
  data: T;
}

interface RestCall {
  method: 'GET' | 'POST' | 'PATCH';
  url: URL;
  auth: ResellerAuth;
  body?: unknown;
}

/** An API's base URL: GOOGLE_API_ROOT_URL when set, else its own host; always ending in a slash. */
export function apiRoot(rootUrl: string | undefined, googleHost: string): string {
  const root = rootUrl ?? googleHost;
  return root.endsWith('/') ? root : `${root}/`;
}

/** A method's URL under an API root, with its query parameters (undefined ones left out). */
export function restUrl(
  root: string,
  path: string,
  query: Readonly<Record<string, string | number | undefined>> = {},
): URL {
  const url = new URL(path, root);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

/** Google's refusal shaped like googleapis' errors, so readFailure reads both alike. */
function refusal(status: number, data: unknown, headers: Headers): Error {
  return Object.assign(new Error(`HTTP ${status}`), { response: { status, data, headers } });
}

/** One JSON call: a refusal throws with Google's answer; a lost or cut-off answer as fetch throws it. */
export async function callJson<T>(fetchJson: typeof fetch, call: RestCall): Promise<RestAnswer<T>> {
  const response = await fetchJson(call.url, {
    method: call.method,
    headers:
      call.body === undefined
        ? call.auth.headers
        : { ...call.auth.headers, 'content-type': 'application/json' },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    signal: signalOf(call.auth),
  });
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    throw refusal(response.status, data, response.headers);
  }
  return { data: (await response.json()) as T };
}
