import type { PortalMetrics } from '../../plugins/metrics';
import { readFailure } from './googleFailure';

// Every HTTP call to Google's APIs passes this fetch (googleapis' fetchImplementation and the hand-made
// calls), so each call, retries included, is counted once with its latency (docs/deploy.md, Metrics).

/** Path prefixes of the APIs the portal calls, and the API label each gets. */
const API_PREFIXES: readonly (readonly [string, string])[] = [
  ['apps/reseller/v1/', 'reseller'],
  ['admin/directory/v1/', 'directory'],
  ['groups/v1/', 'groupssettings'],
];
const NS_PER_SECOND = 1e9;
const FIRST_ERROR_STATUS = 400;

/** The API and its method as a path pattern, ids replaced by {id}: bounded labels, no personal data. */
export function googleMethodOf(url: URL, httpMethod: string): { api: string; method: string } {
  const path = url.pathname.replace(/^\/+/, '');
  const [prefix, api] = API_PREFIXES.find(([start]) => path.startsWith(start)) ?? ['', 'other'];
  // Google's REST paths alternate collection and id: customers/{id}/subscriptions/{id}/changeSeats.
  const pattern = path
    .slice(prefix.length)
    .split('/')
    .map((segment, at) => (at % 2 === 1 ? '{id}' : segment))
    .join('/');
  return { api, method: `${httpMethod.toUpperCase()} ${api === 'other' ? url.host : pattern}` };
}

function urlOf(input: string | URL | Request): URL {
  if (input instanceof Request) return new URL(input.url);
  return new URL(input);
}

/** fetch, counting each call in portal_google_calls_total and timing it; answers pass unchanged. */
export function measuredFetch(metrics: PortalMetrics | undefined, base: typeof fetch = fetch) {
  if (metrics === undefined) return base;
  const measured: typeof fetch = async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const labels = googleMethodOf(urlOf(input), method);
    const started = process.hrtime.bigint();
    const record = (outcome: 'ok' | 'error' | 'lost', reason: string) => {
      metrics.googleCalls.inc({ ...labels, outcome, reason });
      metrics.googleCallDuration.observe(
        { ...labels, outcome },
        Number(process.hrtime.bigint() - started) / NS_PER_SECOND,
      );
    };
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      record('lost', readFailure(error).lost ?? 'network');
      throw error;
    }
    if (response.status < FIRST_ERROR_STATUS) {
      record('ok', '');
      return response;
    }
    // Google's reason is in the error body; a copy is read so the caller still reads the answer.
    const data: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    const failure = readFailure({ response: { status: response.status, data } });
    record('error', failure.reason ?? `http ${response.status}`);
    return response;
  };
  return measured;
}
