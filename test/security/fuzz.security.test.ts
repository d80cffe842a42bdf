// Property-based fuzzing of every endpoint of the app's route table with fast-check (docs/security.md):
// arbitrary queries, bodies, content types and credentials. Whatever comes in, no answer is a 5xx,
// every answer is well-formed (an error is the envelope; a HEAD answer has no body), and /api answers
// are never cached. Runs are bounded and seeded, so a failure replays.
import fc from 'fast-check';
import { SESSION_COOKIE, TOKEN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../src/contract/api';
import type { ErrorEnvelope } from '../../src/contract/errors';
import {
  removeDataDir,
  startPortal,
  type Browser,
  type Portal,
} from '../../src/testing/server/portalHarness';
import { isApiRoute, type RouteRecord } from '../../src/testing/server/routeTable';
import { API_CACHE_CONTROL, MATRIX, NO_CONTENT, rowKeyOf } from './support/authorizationMatrix';
import { tamperedSession } from './support/callers';

/** Inputs per route: some 4,000 in all over the API's route table and the sandbox's token endpoint. */
const RUNS_PER_ROUTE = 220;
const FUZZ_SEED = 20_300_115;
/** Some 4,000 calls take about a minute alone and several on a busy shared machine: a wide bound. */
const FUZZ_TIMEOUT_MS = 400_000;
/** The sandbox's token endpoint is fuzzed too: it takes a body from anyone. */
const EXTRA_ROUTES: RouteRecord[] = [
  { method: 'POST', url: '/sandbox/oauth/token', sessionHook: false, holderHook: false },
];

/** Field names the endpoints know, and some they do not. */
const FIELD_NAMES = [
  'email',
  'customer',
  'customerId',
  'subscriptionId',
  'numberOfSeats',
  'expectedNumberOfSeats',
  'action',
  'login_hint',
  'client_id',
  'scopes',
  '__proto__',
  'constructor',
  'extra',
];
const INTERESTING_STRINGS = [
  '',
  'admin@acme.example',
  'ADMIN@ACME.EXAMPLE',
  'admin\u200b@acme.example',
  '<script>alert(1)</script>@x.io',
  'C0acme001',
  'C0flex001',
  'sub-acme-001',
  'add',
  'delete',
  'sandbox-client',
  '\u0000',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  'x'.repeat(300),
];

const stringValue = fc.oneof(
  fc.constantFrom(...INTERESTING_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const fieldValue = fc.oneof(
  stringValue,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 21, 51, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
const fields = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 5 });

const query = fc.oneof(
  fc.constant(''),
  fields.map((values) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) {
      params.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    return `?${params.toString()}`;
  }),
  // Raw bytes in the query: broken percent-escapes, repeated names, no value.
  fc.constantFrom('?email=%E0%A4%A', '?email=a&email=b', '?email', '?%', '?customer=%00', '?=&=&'),
);

const body = fc.oneof(
  fields.map((values) => JSON.stringify(values)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('', '{', '{"email":', 'null', '[]', '"x"', '{"__proto__":{"isAdmin":true}}'),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  undefined,
);

type Credential = 'none' | 'valid' | 'tampered' | 'garbage';
const credential = fc.constantFrom<Credential>('none', 'valid', 'tampered', 'garbage');

let portal: Portal;
let admin: Browser;
let token: string;
beforeAll(async () => {
  portal = await startPortal();
  admin = await portal.signIn('admin@acme.example');
  token = portal.token('admin@acme.example');
});
afterAll(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

function credentialHeaders(cookie: Credential, xsrf: Credential, goog: Credential) {
  const headers: Record<string, string> = {};
  const session = admin.session ?? '';
  const sessionValue = {
    none: null,
    valid: session,
    tampered: tamperedSession(session, { customerId: 'C0flex001' }),
    garbage: 'not-a-session',
  }[cookie];
  const xsrfToken = admin.cookies.get(XSRF_COOKIE) ?? '';
  const cookies = [
    ...(sessionValue === null ? [] : [`${SESSION_COOKIE}=${sessionValue}`]),
    ...(cookie === 'none' ? [] : [`${XSRF_COOKIE}=${xsrfToken}`]),
  ];
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const xsrfValue = { none: null, valid: xsrfToken, tampered: `${xsrfToken}x`, garbage: '\u00ff' }[
    xsrf
  ];
  if (xsrfValue !== null) headers[XSRF_HEADER] = xsrfValue;
  const googValue = { none: null, valid: token, tampered: `${token}x`, garbage: 'Bearer x' }[goog];
  if (googValue !== null) headers[TOKEN_HEADER] = googValue;
  return headers;
}

/** What a well-formed answer looks like, whatever the input. */
function checkAnswer(route: RouteRecord, status: number, headers: Headers, text: string): void {
  const where = `${route.method} ${route.url} → ${status}`;
  expect({ where, serverError: status >= 500 }).toEqual({ where, serverError: false });
  // A 200 that is not JSON (the photo) says so in its matrix row, with its own Cache-Control.
  const success = status === 200 ? MATRIX[rowKeyOf(route.method, route.url)]?.success : undefined;
  if (isApiRoute(route)) {
    const cache = success?.cacheControl ?? API_CACHE_CONTROL;
    expect({ where, cache: headers.get('cache-control') }).toEqual({ where, cache });
  }
  if (route.method === 'HEAD' || status === NO_CONTENT) {
    expect({ where, body: text }).toEqual({ where, body: '' });
    return;
  }
  const type = success?.contentType ?? /^application\/json/;
  expect({ where, type: headers.get('content-type') }).toEqual({
    where,
    type: expect.stringMatching(type),
  });
  if (success !== undefined) return;
  const parsed: unknown = JSON.parse(text);
  if (status >= 400) {
    const { error } = parsed as ErrorEnvelope;
    expect({ where, error }).toEqual({
      where,
      error: expect.objectContaining({
        code: status,
        status: expect.stringMatching(/^[A-Z_]+$/),
        message: expect.stringMatching(/\S/),
      }),
    });
    // Never a stack trace, never HTML.
    expect(text).not.toMatch(/\n\s+at |<html|<body/i);
  }
}

describe('every endpoint, fuzzed', () => {
  it('covers every /api route of the route table', () => {
    const api = portal.routes().filter(isApiRoute);
    expect(api.length).toBeGreaterThanOrEqual(13);
  });

  it(
    `answers ${RUNS_PER_ROUTE} arbitrary requests per route without a 5xx, always well-formed`,
    async () => {
      // Sign-out last: a valid session fuzzed there is revoked, and every other route needs it.
      const api = portal.routes().filter(isApiRoute);
      const signOut = (route: RouteRecord) => route.url === '/api/sign-out';
      const routes = [
        ...api.filter((route) => !signOut(route)),
        ...EXTRA_ROUTES,
        ...api.filter(signOut),
      ];
      let calls = 0;
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(
            query,
            body,
            contentType,
            credential,
            credential,
            credential,
            async (search, payload, type, cookie, xsrf, goog) => {
              const headers = credentialHeaders(cookie, xsrf, goog);
              const sendsBody = route.method === 'POST';
              if (sendsBody && type !== undefined) headers['content-type'] = type;
              const response = await fetch(`${portal.baseUrl}${route.url}${search}`, {
                method: route.method,
                headers,
                body: sendsBody ? payload : undefined,
              });
              calls += 1;
              checkAnswer(route, response.status, response.headers, await response.text());
            },
          ),
          { numRuns: RUNS_PER_ROUTE, seed: FUZZ_SEED, endOnFailure: true },
        );
      }
      expect(calls).toBe(routes.length * RUNS_PER_ROUTE);
      // Whatever was accepted, the data stayed within its rules.
      const acme = await portal.sandbox.provider.findWorkspaceSubscription('C0acme001');
      expect(acme?.numberOfSeats).toBeGreaterThanOrEqual(20);
      expect(acme?.numberOfSeats).toBeLessThanOrEqual(50);
      const flex = await portal.sandbox.provider.findWorkspaceSubscription('C0flex001');
      expect(flex?.numberOfSeats).toBe(10);
    },
    FUZZ_TIMEOUT_MS,
  );
});
