import { connect } from 'node:net';
import { TOKEN_HEADER } from '../../contract/api';
import { errorOf, portalForTests } from '../../testing/server/portalHarness';

// Bad input never yields a 5xx, a stack trace or an HTML page; limits answer in the envelope;
// credentials never reach the logs.

const FUZZ_ROUNDS = 200;
// 200 calls take 2–5 s on a busy shared machine: the bound is for a stuck server, not a speed target.
jest.setTimeout(30_000);
/** More than any sensible per-minute limit of the token endpoint; the loop stops at the first 429. */
const SANDBOX_TOKEN_LIMIT_PROBES = 100;
/** A fixed seed keeps the fuzz loop reproducible. */
const FUZZ_SEED = 20_300_115;

/** mulberry32: a tiny deterministic generator. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function fuzzValue(random: () => number, depth = 0): unknown {
  const pick = Math.floor(random() * 10);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return Math.floor(random() * 200) - 100;
    case 3:
      return random() * 1e12;
    case 4:
      return ['', 'add', 'delete', 'C0acme001', 'sub-acme-001', '<script>', '\u0000', 'é@x.io'][
        Math.floor(random() * 8)
      ];
    case 5:
      return 'x'.repeat(Math.floor(random() * 400));
    case 6:
      return depth > 2 ? [] : [fuzzValue(random, depth + 1), fuzzValue(random, depth + 1)];
    case 7:
      return depth > 2 ? {} : { numberOfSeats: fuzzValue(random, depth + 1) };
    case 8:
      return Number.MAX_SAFE_INTEGER + random() * 1e6;
    default:
      return 'admin@acme.example';
  }
}

function fuzzBody(random: () => number): string {
  const fields = ['customerId', 'subscriptionId', 'numberOfSeats', 'email', 'action', 'extra'];
  const body: Record<string, unknown> = {};
  for (const field of fields) if (random() < 0.7) body[field] = fuzzValue(random);
  const json = JSON.stringify(body);
  // Now and then the body is broken JSON or not an object at all.
  if (random() < 0.1) return json.slice(0, Math.floor(random() * json.length));
  if (random() < 0.05) return JSON.stringify(fuzzValue(random));
  return json;
}

const portal = portalForTests({}, 'all');

it(`answers ${FUZZ_ROUNDS} random bodies without a 5xx, always in the envelope`, async () => {
  const random = randomSource(FUZZ_SEED);
  const admin = await portal.signIn('admin@acme.example');
  const paths = ['/api/add-licence', '/api/licence-delegate', '/api/support-delegate'];
  for (let round = 0; round < FUZZ_ROUNDS; round += 1) {
    const path = paths[round % paths.length] ?? paths[0];
    const answer = await admin.post(path ?? '', undefined, { raw: fuzzBody(random) });
    expect(answer.status).toBeLessThan(500);
    if (answer.status !== 200) {
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      expect(errorOf(answer)).toEqual(
        expect.objectContaining({ code: answer.status, message: expect.any(String) }),
      );
    }
  }
  // The seat total only ever went up, within the maximum.
  const acme = await portal.sandbox.provider.findWorkspaceSubscription('C0acme001');
  expect(acme?.numberOfSeats).toBeGreaterThanOrEqual(20);
  expect(acme?.numberOfSeats).toBeLessThanOrEqual(50);
});

it('answers an unknown API path with a 404 envelope', async () => {
  const answer = await portal.browser().request('GET', '/api/no-such-thing');
  expect(answer.status).toBe(404);
  expect(errorOf(answer)).toMatchObject({ code: 404, status: 'NOT_FOUND' });
});

it.each([
  ['DELETE', '/api/health', 'GET, HEAD'],
  ['PUT', '/api/add-licence', 'POST'],
  ['DELETE', '/api/licence-delegate?customer=C0acme001', 'GET, HEAD, POST'],
])('answers %s %s with a 405 envelope naming %s', async (method, url, allowed) => {
  const answer = await portal.browser().request(method, url);
  expect(answer.status).toBe(405);
  expect(answer.headers.get('allow')).toBe(allowed);
  expect(errorOf(answer)).toMatchObject({
    code: 405,
    message: `${url.split('?')[0] ?? ''} does not answer ${method}; use ${allowed}.`,
  });
});

it('answers a malformed URL in the envelope', async () => {
  const answer = await portal.browser().get('/api/email-validator?email=%E0%A4%A');
  expect(answer.status).toBe(400);
  expect(errorOf(answer)).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
});

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawExchange(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

it.each([
  ['headers over the limit', 'x-padding', 431, /headers are too large/],
  ['a request that is not HTTP', 'broken', 400, /not valid HTTP/],
])('answers %s in the envelope', async (_case, kind, code, message) => {
  const request =
    kind === 'broken'
      ? 'GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header line\r\n\r\n'
      : `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`;
  const answer = await rawExchange(portal.baseUrl, request);
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  expect(head).toMatch(new RegExp(`^HTTP/1.1 ${code} `));
  expect(head).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(body)).toEqual({
    error: { code, status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) },
  });
});

it('keeps cookies and tokens out of the logs', async () => {
  const admin = await portal.signIn('admin@acme.example');
  const token = portal.token('admin@acme.example');
  await admin.get('/api/subscription-info?email=admin@acme.example', { [TOKEN_HEADER]: token });
  const logged = JSON.stringify(portal.logs);
  // The request line carries no headers at all (docs/api.md, Logs), so neither credential appears.
  expect(logged).toContain('"path":"/api/subscription-info"');
  expect(logged).not.toContain(token);
  expect(logged).not.toContain(admin.session ?? 'no session');
});

describe('rate limits on the unauthenticated endpoints', () => {
  const limited = portalForTests({ rateLimitMax: 3 }, 'all');

  it.each([
    '/api/email-validator?email=a@acme.example',
    '/api/subscription-info?email=a@acme.example',
  ])('answers 429 with Retry-After after the limit on %s', async (url) => {
    const browser = limited.browser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await browser.get(url)).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    const refused = await browser.get(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(refused)).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
  });

  it('limits the sandbox token endpoint too', async () => {
    const browser = limited.browser();
    const token = () =>
      browser.post('/sandbox/oauth/token', {
        login_hint: 'admin@acme.example',
        client_id: 'sandbox-client',
        scopes: ['email'],
      });
    const first = await token();
    expect(first.status).toBe(200);
    let refused = first;
    for (
      let attempt = 0;
      attempt < SANDBOX_TOKEN_LIMIT_PROBES && refused.status !== 429;
      attempt += 1
    ) {
      refused = await token();
    }
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(refused).code).toBe(429);
  });

  it('does not limit the health check', async () => {
    const browser = limited.browser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await browser.get('/api/health')).status).toBe(200);
    }
  });
});
