import { API_PATHS, DELEGATE_PATHS, TOKEN_HEADER } from '../../contract/api';
import { SERVER_TEXT } from '../messages';
import {
  CONSOLE_API_ROUTES,
  isApiRoute,
  OPEN_API_ROUTES,
  RESELLER_API_ROUTES,
} from '../../testing/server/routeTable';
import {
  errorOf,
  portalForTests,
  type Answer,
  type Browser,
} from '../../testing/server/portalHarness';

// The quota shield (docs/security.md): per address when open, per session and customer signed in.

/** Small limits, so each test reaches them in a few requests. */
const LIMIT = 3;
const ACME = 'C0acme001';
const FLEX = 'C0flex001';
/** The load balancer's checks: polled often, so never limited. */
const PROBE_ROUTES = ['GET /api/health', 'HEAD /api/health', 'GET /api/ready', 'HEAD /api/ready'];
const SECONDS_PER_MINUTE = 60;

function expectRefused(answer: Answer, message: unknown): void {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  expect(errorOf(answer)).toEqual({ code: 429, status: 'RESOURCE_EXHAUSTED', message });
}

/** The 429 message for a wait of whatever the answer's Retry-After says. */
function waitOf(answer: Answer): string {
  const seconds = Number(answer.headers.get('retry-after'));
  return seconds < SECONDS_PER_MINUTE ? `${seconds} second${seconds === 1 ? '' : 's'}` : '1 minute';
}

describe('per client address on the open routes', () => {
  // Loopback is a trusted proxy here, so X-Forwarded-For names the client.
  const portal = portalForTests({ rateLimitMax: LIMIT, env: { TRUST_PROXY: 'loopback' } }, 'all');

  const validator = (browser: Browser, client: string, method = 'GET') =>
    browser.request(method, `${API_PATHS.emailValidator}?email=someone%40acme.example`, {
      headers: { 'x-forwarded-for': client },
    });

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    const browser = portal.browser();
    const statuses = [];
    for (const client of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2:abcd:1234:5678:9abc',
    ]) {
      statuses.push((await validator(browser, client)).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const sameSlash64 = await validator(browser, '2001:db8:1:2:ffff:ffff:ffff:ffff');
    expectRefused(sameSlash64, SERVER_TEXT.rateLimited(waitOf(sameSlash64)));
    expect((await validator(browser, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('counts IPv4 addresses one by one, an IPv4-mapped IPv6 address as its IPv4 one', async () => {
    const browser = portal.browser();
    for (let sent = 0; sent < LIMIT; sent += 1) {
      expect((await validator(browser, '198.51.100.7')).status).toBe(200);
    }
    expect((await validator(browser, '::ffff:198.51.100.7')).status).toBe(429);
    expect((await validator(browser, '198.51.100.8')).status).toBe(200);
  });

  it('counts GET and HEAD of one route together, and each open route on its own', async () => {
    const browser = portal.browser();
    const client = '203.0.113.50';
    expect((await validator(browser, client, 'GET')).status).toBe(200);
    expect((await validator(browser, client, 'HEAD')).status).toBe(200);
    expect((await validator(browser, client, 'GET')).status).toBe(200);
    expect((await validator(browser, client, 'HEAD')).status).toBe(429);
    const signIn = await browser.get(`${API_PATHS.subscriptionInfo}?email=admin%40acme.example`, {
      [TOKEN_HEADER]: portal.token('admin@acme.example'),
      'x-forwarded-for': client,
    });
    expect(signIn.status).toBe(200);
  });

  it('limits sign-out per address too, and never the health or readiness check', async () => {
    const browser = portal.browser();
    const client = '203.0.113.60';
    const signOut = () =>
      browser.request('POST', API_PATHS.signOut, { headers: { 'x-forwarded-for': client } });
    for (let sent = 0; sent < LIMIT; sent += 1) expect((await signOut()).status).toBe(204);
    expectRefused(await signOut(), expect.stringMatching(/^Too many requests\. Try again in /));
    for (let sent = 0; sent <= LIMIT; sent += 1) {
      const health = await browser.get(API_PATHS.health, { 'x-forwarded-for': client });
      expect(health.status).toBe(200);
      const ready = await browser.get(API_PATHS.ready, { 'x-forwarded-for': client });
      expect(ready.status).toBe(200);
    }
  });
});

describe('per session on the signed-in routes', () => {
  const portal = portalForTests({ sessionRateLimitMax: LIMIT }, 'all');

  it('counts one session over every signed-in route, and leaves other sessions alone', async () => {
    const admin = await portal.signIn('admin@acme.example');
    expect((await admin.get(`${DELEGATE_PATHS.licence}?customer=${ACME}`)).status).toBe(200);
    expect((await admin.get(`${API_PATHS.history}?customer=${ACME}`)).status).toBe(200);
    expect((await admin.get(API_PATHS.photo)).status).toBe(200);
    const refused = await admin.get(`${DELEGATE_PATHS.support}?customer=${ACME}`);
    expectRefused(refused, SERVER_TEXT.rateLimited(waitOf(refused)));
    const added = await admin.post(API_PATHS.addLicence, {
      customerId: ACME,
      subscriptionId: 'sub-acme-001',
      numberOfSeats: 21,
      expectedNumberOfSeats: 20,
    });
    expect(added.status).toBe(429);
    // Nothing was bought by the refused add.
    const other = await portal.signIn('admin@acme.example');
    const list = await other.get(`${DELEGATE_PATHS.licence}?customer=${ACME}`);
    expect(list.status).toBe(200);
    const history = await other.get<{ entries: unknown[] }>(
      `${API_PATHS.history}?customer=${ACME}`,
    );
    expect(history.body.entries).toEqual([]);
  });
});

describe('per customer on the signed-in routes', () => {
  const portal = portalForTests({ customerRateLimitMax: LIMIT }, 'all');

  it("counts every session of a customer together, and not another customer's", async () => {
    const admin = await portal.signIn('admin@acme.example');
    const staff = await portal.signIn('staff@acme.example');
    expect((await admin.get(API_PATHS.photo)).status).toBe(200);
    // staff@acme.example has no photo: a 404, counted all the same.
    expect((await staff.get(API_PATHS.photo)).status).toBe(404);
    expect((await admin.get(`${DELEGATE_PATHS.licence}?customer=${ACME}`)).status).toBe(200);
    const refused = await staff.get(API_PATHS.photo);
    expectRefused(refused, SERVER_TEXT.organisationRateLimited(waitOf(refused)));
    expect((await admin.get(API_PATHS.photo)).status).toBe(429);

    const flex = await portal.signIn('admin@flex.example');
    expect((await flex.get(`${DELEGATE_PATHS.licence}?customer=${FLEX}`)).status).toBe(200);
  });
});

describe('over the route table', () => {
  const portal = portalForTests({}, 'all');

  it('limits every open /api route per address, but the health and readiness checks', () => {
    const open = portal
      .routes()
      .filter(isApiRoute)
      .filter((route) => OPEN_API_ROUTES.includes(`${route.method} ${route.url}`));
    expect(open.length).toBe(OPEN_API_ROUTES.length);
    for (const route of open) {
      const name = `${route.method} ${route.url}`;
      const expected = PROBE_ROUTES.includes(name) ? [] : ['address'];
      expect({ name, checks: route.checks }).toEqual({ name, checks: expected });
    }
  });

  it('limits every signed-in /api route per session and customer, after its session hook', () => {
    const signedIn = portal
      .routes()
      .filter(isApiRoute)
      .filter((route) => !OPEN_API_ROUTES.includes(`${route.method} ${route.url}`))
      .filter((route) => !RESELLER_API_ROUTES.includes(`${route.method} ${route.url}`))
      .filter((route) => !CONSOLE_API_ROUTES.includes(`${route.method} ${route.url}`));
    expect(signedIn.length).toBeGreaterThanOrEqual(4);
    for (const route of signedIn) {
      const name = `${route.method} ${route.url}`;
      expect({ name, checks: route.checks }).toEqual({
        name,
        checks: ['session', 'session and customer'],
      });
    }
  });
});
