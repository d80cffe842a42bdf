// Sessions and the headers of every answer (docs/security.md): forged, tampered, replayed and
// expired sessions are refused; cookies carry their flags; every answer carries the security headers;
// a spoofed X-Forwarded-For neither escapes the rate limit nor makes a cookie Secure.
import path from 'node:path';
import { sign } from '@fastify/cookie';
import {
  HOST_COOKIE_PREFIX,
  SESSION_COOKIE,
  TOKEN_HEADER,
  XSRF_COOKIE,
} from '../../src/contract/api';
import { PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../../src/contract/config';
import { ERROR_TEXT } from '../../src/contract/errors';
import { SESSION_LIFETIME_MS } from '../../src/contract/limits';
import { SIGN_IN_SCOPES } from '../../src/contract/limits';
import type { FakeGoogle } from '../../src/testing/fakeGoogle';
import { startGooglePortal, type GooglePortal } from '../../src/testing/server/googlePortal';
import { encodeSession } from '../../src/server/auth/session';
import { SERVER_TEXT } from '../../src/server/messages';
import { loadSqliteDriver } from '../../src/server/providers/sandbox/sqliteDriver';
import { isSignedInApiRoute } from '../../src/testing/server/routeTable';
import {
  POSTGRES_START_TIMEOUT_MS,
  startTestPostgres,
  type TestPostgres,
} from '../../src/testing/server/testPostgres';
import {
  Browser,
  errorOf,
  removeDataDir,
  startPortal,
  type Answer,
  type Portal,
} from '../../src/testing/server/portalHarness';
import { ACME, FLEX, MATRIX, rowKeyOf } from './support/authorizationMatrix';
import { tamperedSession } from './support/callers';

const DELEGATES = '/api/licence-delegate?customer=C0acme001';
const ADD_ONE = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001', numberOfSeats: 21 };
const MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;
const HOST_SESSION = `${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`;
const HOST_XSRF = `${HOST_COOKIE_PREFIX}${XSRF_COOKIE}`;

/** The runtime configuration a page carries (docs/api.md, Pages). */
function pageConfig(answer: Answer): PortalConfig {
  const pattern = new RegExp(
    `<script type="application/json" id="${PORTAL_CONFIG_ELEMENT_ID}">(.*?)</script>`,
  );
  const json = pattern.exec(answer.text)?.[1];
  if (json === undefined) throw new Error('no configuration block in the page');
  return JSON.parse(json) as PortalConfig;
}

let portal: Portal;
beforeEach(async () => {
  portal = await startPortal();
});
afterEach(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

/** The sandbox's access tokens last as long as Google's: expires_in 3599 (README.md, Demo accounts). */
const SANDBOX_TOKEN_LIFETIME_MS = 3_599_000;
const TEN_MINUTES_MS = 600_000;
/** The fake Google's access tokens, like Google's: expires_in 3599 when fresh. */
const FAKE_TOKEN_LIFETIME_MS = 3_599_000;
/** add-licence, both delegate lists (read and change), history and the photo, with their HEADs. */
const MINIMUM_SIGNED_IN_ROUTES = 10;

/** What a signed-in route could change at ACME: seats and both delegate lists. */
async function acmeState() {
  const provider = portal.sandbox.provider;
  return {
    seats: (await provider.findWorkspaceSubscription(ACME.customerId))?.numberOfSeats,
    licence: await provider.listDelegates('licence', ACME.customerId),
    support: await provider.listDelegates('support', ACME.customerId),
  };
}

/** An administrator moves the account to another customer behind the portal's back. */
function moveInDirectory(email: string, customerId: string): void {
  const Database = loadSqliteDriver();
  const db = new Database(path.join(portal.dataDir, 'sandbox.db'));
  try {
    db.prepare('UPDATE directory_users SET customer_id = ? WHERE email = ?').run(customerId, email);
  } finally {
    db.close();
  }
}

function claimsOf(browser: Browser): Record<string, unknown> {
  const [payload = ''] = (browser.session ?? '').split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Both calls a session opens, a read and a change: both must be refused with the contract's 401. */
async function expectRefused(browser: Browser): Promise<void> {
  const answers: Answer[] = [
    await browser.get(DELEGATES),
    await browser.post('/api/add-licence', ADD_ONE),
  ];
  for (const answer of answers) {
    expect(answer.status).toBe(401);
    expect(errorOf(answer)).toEqual({
      code: 401,
      status: 'UNAUTHENTICATED',
      message: ERROR_TEXT.unauthenticated,
    });
  }
  const acme = await portal.sandbox.provider.findWorkspaceSubscription('C0acme001');
  expect(acme?.numberOfSeats).toBe(20);
}

describe('session forgery', () => {
  it('accepts the genuine session (the baseline every forgery below departs from)', async () => {
    const admin = await portal.signIn('admin@acme.example');
    expect((await admin.get(DELEGATES)).status).toBe(200);
  });

  it.each([
    ['another customer', { customerId: 'C0flex001' }],
    ['another person', { email: 'staff@acme.example' }],
    ['a longer life', { exp: Date.UTC(2100, 0, 1) }],
    ['another XSRF fingerprint', { xsrf: 'x'.repeat(43) }],
  ])('refuses claims changed to %s under the original signature', async (_case, change) => {
    const admin = await portal.signIn('admin@acme.example');
    admin.cookies.set(SESSION_COOKIE, tamperedSession(admin.session ?? '', change));
    await expectRefused(admin);
  });

  it('refuses a session signed with another secret', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const claims = claimsOf(admin);
    const forged = sign(encodeSession(claims as never), 'another-secret-of-at-least-32-characters');
    admin.cookies.set(SESSION_COOKIE, forged);
    await expectRefused(admin);
  });

  it.each([
    ['unsigned claims', (payload: string) => payload],
    ['an empty signature', (payload: string) => `${payload}.`],
    [
      'a signature of other claims',
      (payload: string, signature: string) => `${payload}.${signature}`,
    ],
    [
      'a truncated signature',
      (payload: string, signature: string) => `${payload}.${signature.slice(0, 10)}`,
    ],
    ['garbage', () => '%%%.!!!'],
    ['an oversized value', () => 'a'.repeat(3000)],
  ])('refuses %s', async (_case, build) => {
    const admin = await portal.signIn('admin@acme.example');
    const staff = await portal.signIn('staff@acme.example');
    const [payload = ''] = (admin.session ?? '').split('.');
    const [, staffSignature = ''] = (staff.session ?? '').split('.');
    admin.cookies.set(SESSION_COOKIE, build(payload, staffSignature));
    await expectRefused(admin);
  });

  it.each([
    ['not JSON', Buffer.from('not json').toString('base64url')],
    [
      'claims without a customer',
      Buffer.from(JSON.stringify({ email: 'admin@acme.example', exp: 1, xsrf: 'x' })).toString(
        'base64url',
      ),
    ],
    [
      'an exp that is text',
      Buffer.from(
        JSON.stringify({
          email: 'a@acme.example',
          customerId: 'C0acme001',
          exp: 'never',
          xsrf: 'x',
        }),
      ).toString('base64url'),
    ],
  ])('refuses correctly signed claims that are %s', async (_case, payload) => {
    // Only someone holding the secret could sign these; the portal still refuses what it cannot read.
    const admin = await portal.signIn('admin@acme.example');
    admin.cookies.set(SESSION_COOKIE, sign(payload, portal.config.sessionSecret));
    await expectRefused(admin);
  });

  it('refuses a session after the secret changes (a restart with a new SESSION_SECRET)', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const { dataDir } = portal;
    await portal.close();
    portal = await startPortal({ dataDir, env: { SESSION_SECRET: 'n'.repeat(48) } });
    const moved = portal.browser();
    for (const [name, value] of admin.cookies) moved.cookies.set(name, value);
    await expectRefused(moved);
  });

  it("refuses another session's XSRF token even with a genuine session", async () => {
    const admin = await portal.signIn('admin@acme.example');
    const other = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/add-licence', ADD_ONE, {
      xsrf: other.cookies.get(XSRF_COOKIE) ?? '',
    });
    expect(answer.status).toBe(403);
  });
});

/** The Set-Cookie line that clears `name`: empty value, and Max-Age=0 or an expiry in the past. */
function clearing(answer: Answer, name: string): string | undefined {
  return answer.headers
    .getSetCookie()
    .find(
      (line) =>
        line.startsWith(`${name}=;`) &&
        (/; Max-Age=0(;|$)/i.test(line) || /; Expires=Thu, 01 Jan 1970/i.test(line)),
    );
}

describe('sign-out', () => {
  it('revokes the session at once: a copy of the cookie taken before is refused (401)', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const copy = portal.browser();
    for (const [name, value] of admin.cookies) copy.cookies.set(name, value);
    expect((await copy.get(DELEGATES)).status).toBe(200);

    const answer = await admin.post('/api/sign-out', {});
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(clearing(answer, SESSION_COOKIE)).toBeDefined();
    expect(clearing(answer, XSRF_COOKIE)).toBeDefined();

    // Well within the session's 59 minutes: only the revocation refuses it.
    await expectRefused(copy);
  });

  it('refuses a sign-out without the XSRF token (403) and leaves the session valid', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/sign-out', {}, { xsrf: null });
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toEqual(
      expect.objectContaining({ code: 403, status: 'PERMISSION_DENIED' }),
    );
    expect(clearing(answer, SESSION_COOKIE)).toBeUndefined();
    expect((await admin.get(DELEGATES)).status).toBe(200);
    const added = await admin.post('/api/add-licence', ADD_ONE);
    expect(added.status).toBe(200);
  });
});

describe('sessions end when they should', () => {
  const signInAgain = (browser: Browser, email: string, token = portal.token(email)) =>
    browser.get(`/api/subscription-info?email=${encodeURIComponent(email)}`, {
      [TOKEN_HEADER]: token,
    });

  function copyOf(browser: Browser): Browser {
    const copy = portal.browser();
    for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
    return copy;
  }

  it('rotates the session at each sign-in: the one in the incoming cookie is revoked', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const copiedAtEarlierReload = copyOf(admin);
    const before = claimsOf(admin).sid;
    // The early request of a reload is a sign-in with the stored token and the browser's cookies.
    expect((await signInAgain(admin, 'admin@acme.example')).status).toBe(200);
    expect(claimsOf(admin).sid).not.toBe(before);
    await expectRefused(copiedAtEarlierReload);
    expect((await admin.get(DELEGATES)).status).toBe(200);
    expect((await admin.post('/api/add-licence', ADD_ONE)).status).toBe(200);
  });

  it('never outlives the access token it was made from', async () => {
    const issuedAt = portal.clock.now;
    const token = portal.token('admin@acme.example');
    const tokenExpiresAt = issuedAt + SANDBOX_TOKEN_LIFETIME_MS;
    // A token in its last ten minutes: the session ends with it, not 59 minutes later.
    portal.clock.advance(SANDBOX_TOKEN_LIFETIME_MS - TEN_MINUTES_MS);
    const admin = portal.browser();
    const answer = await signInAgain(admin, 'admin@acme.example', token);
    expect(answer.status).toBe(200);
    expect(claimsOf(admin).exp).toBe(tokenExpiresAt);
    for (const line of answer.headers.getSetCookie()) {
      expect(line).toMatch(new RegExp(`; Max-Age=${TEN_MINUTES_MS / 1000}(;|$)`));
    }
    portal.clock.advance(TEN_MINUTES_MS - 1);
    expect((await admin.get(DELEGATES)).status).toBe(200);
    portal.clock.advance(1);
    await expectRefused(admin);
  });

  it("ends every session of the person at sign-out: other devices and earlier copies, not other people's", async () => {
    const office = await portal.signIn('admin@acme.example');
    const home = await portal.signIn('admin@acme.example');
    const copy = copyOf(office);
    const staff = await portal.signIn('staff@acme.example');
    for (const browser of [office, home, copy]) {
      expect((await browser.get(DELEGATES)).status).toBe(200);
    }

    expect((await office.post('/api/sign-out', {})).status).toBe(204);
    await expectRefused(home);
    await expectRefused(copy);
    const staffSeat = await staff.get('/api/subscription-info?email=staff@acme.example', {
      [TOKEN_HEADER]: portal.token('staff@acme.example'),
    });
    expect(staffSeat.status).toBe(200);

    // Signing in again, in the same millisecond, gives a session that works.
    const again = await portal.signIn('admin@acme.example');
    expect((await again.get(DELEGATES)).status).toBe(200);
    await expectRefused(home);
  });
});

describe('sign-out on every instance (two portals on one PostgreSQL)', () => {
  let postgres: TestPostgres;
  const portals: Portal[] = [];
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, POSTGRES_START_TIMEOUT_MS);
  afterAll(async () => {
    for (const one of portals) {
      await one.close();
      removeDataDir(one.dataDir);
    }
    await postgres.stop();
  }, POSTGRES_START_TIMEOUT_MS);

  it("ends the person's sessions made on the other instance, and copies taken there, at once", async () => {
    const env = {
      DATABASE_URL: await postgres.createDatabase('sign_out_everywhere'),
      SESSION_SECRET: 's'.repeat(40),
    };
    const one = await startPortal({ env });
    portals.push(one);
    const two = await startPortal({ env });
    portals.push(two);
    const office = await one.signIn('admin@acme.example');
    const home = await two.signIn('admin@acme.example');
    const copy = two.browser();
    for (const [name, value] of office.cookies) copy.cookies.set(name, value);
    for (const browser of [home, copy]) expect((await browser.get(DELEGATES)).status).toBe(200);

    expect((await office.post('/api/sign-out', {})).status).toBe(204);
    for (const browser of [home, copy]) {
      const refused = await browser.get(DELEGATES);
      expect(refused.status).toBe(401);
      expect(errorOf(refused).message).toBe(ERROR_TEXT.unauthenticated);
    }
  });
});

describe('sign-out when the portal store fails', () => {
  const failure = () => Promise.reject(new Error('the portal store is unreachable'));

  it.each([
    ['recording the sign-out', 'signOutPerson'],
    ['reading whether the session is live', 'isSessionEnded'],
  ] as const)('clears both cookies and answers 503 when %s fails', async (_case, method) => {
    const admin = await portal.signIn('admin@acme.example');
    portal.store[method] = failure;
    const answer = await admin.post('/api/sign-out', {});
    expect(answer.status).toBe(503);
    expect(errorOf(answer)).toEqual({
      code: 503,
      status: 'UNAVAILABLE',
      message: SERVER_TEXT.signOutNotRecorded,
    });
    expect(clearing(answer, SESSION_COOKIE)).toBeDefined();
    expect(clearing(answer, XSRF_COOKIE)).toBeDefined();
    expect(admin.session).toBe('');
  });
});

describe("the live user must still belong to the session's customer", () => {
  it('refuses every signed-in route of the route table once the directory moves the person to another customer', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const signedInRoutes = portal.routes().filter(isSignedInApiRoute);
    expect(signedInRoutes.length).toBeGreaterThanOrEqual(MINIMUM_SIGNED_IN_ROUTES);
    const before = await acmeState();

    moveInDirectory('admin@acme.example', FLEX.customerId);
    for (const route of signedInRoutes) {
      const row = MATRIX[rowKeyOf(route.method, route.url)];
      if (row === undefined) throw new Error(`no matrix row for ${route.method} ${route.url}`);
      const call = row.request({
        email: 'admin@acme.example',
        own: ACME,
        foreign: FLEX,
        token: null,
        seats: 20,
        newcomer: 'newcomer@acme.example',
        tamper: null,
      });
      const answer =
        route.method === 'POST'
          ? await admin.post(call.url, call.body)
          : await admin.request(route.method, call.url);
      expect({ route: `${route.method} ${route.url}`, status: answer.status }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      if (route.method !== 'HEAD') expect(errorOf(answer).message).toBe(SERVER_TEXT.notInDirectory);
    }
    expect(await acmeState()).toEqual(before);
  });
});

describe('google mode, against the fake Google', () => {
  let portal: GooglePortal;
  let fake: FakeGoogle;
  let baseUrl: string;
  const clock = { now: 0 };

  beforeEach(async () => {
    portal = await startGooglePortal({ withClient: true, now: () => clock.now });
    ({ fake, baseUrl } = portal);
    // The portal's clock starts after the fake's, as tokeninfo's expires_in counts from the fake's.
    clock.now = Date.now();
  });

  afterEach(async () => {
    await portal.close();
  });

  it("ends the session when tokeninfo's expires_in says the token does, with __Host- Secure cookies even over http", async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    // Google's tokeninfo answers the seconds the token has left: ten minutes here.
    fake.advanceClock(FAKE_TOKEN_LIFETIME_MS - TEN_MINUTES_MS);
    const admin = new Browser(baseUrl);
    const answer = await admin.get('/api/subscription-info?email=admin@acme.example', {
      [TOKEN_HEADER]: token,
    });
    expect(answer.status).toBe(200);
    const lines = answer.headers.getSetCookie();
    expect(lines.map((line) => line.split('=')[0]).sort()).toEqual(
      [HOST_SESSION, HOST_XSRF].sort(),
    );
    for (const line of lines) {
      expect(line).toMatch(/; Secure/i);
      const maxAge = Number(/; Max-Age=(\d+)/i.exec(line)?.[1]);
      // Whole seconds, and the few milliseconds the sign-in took.
      expect(maxAge).toBeLessThanOrEqual(TEN_MINUTES_MS / 1000);
      expect(maxAge).toBeGreaterThan(TEN_MINUTES_MS / 1000 - 5);
    }
    expect(pageConfig(await new Browser(baseUrl).get('/')).xsrfCookie).toBe(HOST_XSRF);

    // The provider reads tokeninfo on the real clock; the portal's is held still at the start.
    const { exp } = claimsOf(admin) as { exp: number };
    expect(exp).toBeLessThanOrEqual(Date.now() + TEN_MINUTES_MS);
    expect(exp).toBeLessThan(clock.now + SESSION_LIFETIME_MS);
    const photo = () => admin.get('/api/photo');
    clock.now = exp - 1;
    expect((await photo()).status).toBe(200);
    clock.now = exp;
    expect((await photo()).status).toBe(401);
  });
});

describe('stale purchase', () => {
  const ACME_SEATS = '/api/subscription-info?email=';

  async function totalSeenBy(browser: Browser, email: string): Promise<number> {
    const answer = await browser.get<{ numberOfSeats: number }>(
      `${ACME_SEATS}${encodeURIComponent(email)}`,
      { [TOKEN_HEADER]: portal.token(email) },
    );
    expect(answer.status).toBe(200);
    return answer.body.numberOfSeats;
  }

  const total = async () =>
    (await portal.sandbox.provider.findWorkspaceSubscription('C0acme001'))?.numberOfSeats;

  it('refuses an add on top of a total the buyer did not see (409 ABORTED), changing nothing', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const delegate = await portal.signIn('licences@acme.example');
    expect(await totalSeenBy(admin, 'admin@acme.example')).toBe(20);
    expect(await totalSeenBy(delegate, 'licences@acme.example')).toBe(20);

    const first = await delegate.post('/api/add-licence', {
      ...ADD_ONE,
      numberOfSeats: 21,
      expectedNumberOfSeats: 20,
    });
    expect(first.status).toBe(200);
    expect(await total()).toBe(21);

    const stale = await admin.post('/api/add-licence', {
      ...ADD_ONE,
      numberOfSeats: 23,
      expectedNumberOfSeats: 20,
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toEqual({
      code: 409,
      status: 'ABORTED',
      message:
        'The total number of licenses changed from 20 to 21 while you were adding licenses. Reload the page and try again.',
    });
    expect(await total()).toBe(21);
  });

  it('applies an add without expectedNumberOfSeats on top of the current total, as before', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const delegate = await portal.signIn('licences@acme.example');
    expect((await delegate.post('/api/add-licence', ADD_ONE)).status).toBe(200);
    expect(await total()).toBe(21);
    const older = await admin.post('/api/add-licence', { ...ADD_ONE, numberOfSeats: 23 });
    expect(older.status).toBe(200);
    expect(await total()).toBe(23);
  });
});

describe('session expiry', () => {
  it('holds for 59 minutes to the millisecond, then refuses reads and changes', async () => {
    const admin = await portal.signIn('admin@acme.example');
    expect(claimsOf(admin).exp).toBe(portal.clock.now + SESSION_LIFETIME_MS);
    portal.clock.advance(SESSION_LIFETIME_MS - 1);
    expect((await admin.get(DELEGATES)).status).toBe(200);
    portal.clock.advance(1);
    await expectRefused(admin);
  });

  it('refuses an expired identity token at sign-in', async () => {
    const token = portal.token('admin@acme.example');
    portal.clock.advance(3_599_000);
    const answer = await portal
      .browser()
      .get('/api/subscription-info?email=admin@acme.example', { [TOKEN_HEADER]: token });
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe('cookie flags', () => {
  function cookieLine(answer: Answer, name: string): string {
    const line = answer.headers
      .getSetCookie()
      .find((candidate) => candidate.startsWith(`${name}=`));
    if (line === undefined) throw new Error(`no ${name} cookie`);
    return line;
  }

  const signInAnswer = (target: Portal, headers: Record<string, string> = {}) =>
    target.browser().get('/api/subscription-info?email=admin@acme.example', {
      [TOKEN_HEADER]: target.token('admin@acme.example'),
      ...headers,
    });

  it('sets the session HttpOnly, SameSite=Strict, Path=/, 59 minutes, no Domain', async () => {
    const answer = await signInAnswer(portal);
    const session = cookieLine(answer, SESSION_COOKIE);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Strict/i);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).toMatch(new RegExp(`; Max-Age=${MAX_AGE_SECONDS}(;|$)`));
    expect(session).not.toMatch(/; Domain=/i);
    // Plain http on loopback: not Secure (a browser would drop a Secure cookie here).
    expect(session).not.toMatch(/; Secure/i);
  });

  it('sets the XSRF cookie readable by script, but otherwise the same', async () => {
    const xsrf = cookieLine(await signInAnswer(portal), XSRF_COOKIE);
    expect(xsrf).not.toMatch(/; HttpOnly/i);
    expect(xsrf).toMatch(/; SameSite=Strict/i);
    expect(xsrf).toMatch(new RegExp(`; Max-Age=${MAX_AGE_SECONDS}(;|$)`));
  });

  it('marks both Secure behind a trusted TLS proxy, and ignores a client claiming https itself', async () => {
    const spoofed = await signInAnswer(portal, { 'x-forwarded-proto': 'https' });
    expect(cookieLine(spoofed, SESSION_COOKIE)).not.toMatch(/; Secure/i);

    const proxied = await startPortal({ env: { TRUST_PROXY: '1' } });
    try {
      const answer = await signInAnswer(proxied, { 'x-forwarded-proto': 'https' });
      expect(cookieLine(answer, HOST_SESSION)).toMatch(/; Secure/i);
      expect(cookieLine(answer, HOST_XSRF)).toMatch(/; Secure/i);
    } finally {
      await proxied.close();
      removeDataDir(proxied.dataDir);
    }
  });

  it('names both cookies __Host- over https, and the page tells the client which XSRF cookie to echo', async () => {
    const proxied = await startPortal({ env: { TRUST_PROXY: '1' } });
    const overHttps = { 'x-forwarded-proto': 'https' };
    try {
      const answer = await signInAnswer(proxied, overHttps);
      expect(answer.status).toBe(200);
      const names = answer.headers.getSetCookie().map((line) => line.split('=')[0]);
      expect(names.sort()).toEqual([HOST_SESSION, HOST_XSRF].sort());
      const session = cookieLine(answer, HOST_SESSION);
      // What a browser requires of a __Host- cookie: Secure, Path=/ and no Domain.
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; Path=\/(;|$)/);
      expect(session).not.toMatch(/; Domain=/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(cookieLine(answer, HOST_XSRF)).not.toMatch(/; Domain=/i);

      expect(pageConfig(await proxied.browser().get('/', overHttps)).xsrfCookie).toBe(HOST_XSRF);
      expect(pageConfig(await proxied.browser().get('/')).xsrfCookie).toBe(XSRF_COOKIE);
    } finally {
      await proxied.close();
      removeDataDir(proxied.dataDir);
    }
  });

  it('over https reads only the __Host- cookies: a plainly named one, as a sibling subdomain could plant, is refused', async () => {
    const proxied = await startPortal({ env: { TRUST_PROXY: '1' } });
    const overHttps = { 'x-forwarded-proto': 'https' };
    try {
      const admin = proxied.browser();
      const signedIn = await admin.get('/api/subscription-info?email=admin@acme.example', {
        [TOKEN_HEADER]: proxied.token('admin@acme.example'),
        ...overHttps,
      });
      expect(signedIn.status).toBe(200);
      expect((await admin.get(DELEGATES, overHttps)).status).toBe(200);
      const added = await admin.request('POST', '/api/add-licence', {
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': admin.cookies.get(HOST_XSRF) ?? '',
          ...overHttps,
        },
        body: JSON.stringify(ADD_ONE),
      });
      expect(added.status).toBe(200);

      // The same session under the plain names, as a cookie of the parent domain would arrive.
      const planted = proxied.browser();
      planted.cookies.set(SESSION_COOKIE, admin.cookies.get(HOST_SESSION) ?? '');
      planted.cookies.set(XSRF_COOKIE, admin.cookies.get(HOST_XSRF) ?? '');
      const refused = await planted.get(DELEGATES, overHttps);
      expect(refused.status).toBe(401);
      expect(errorOf(refused).message).toBe(ERROR_TEXT.unauthenticated);

      // Sign-out clears them as they were set: a browser drops a __Host- clearing without Secure.
      const signedOut = await admin.request('POST', '/api/sign-out', {
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': admin.cookies.get(HOST_XSRF) ?? '',
          ...overHttps,
        },
        body: '{}',
      });
      expect(signedOut.status).toBe(204);
      for (const name of [HOST_SESSION, HOST_XSRF]) {
        expect(clearing(signedOut, name)).toMatch(/; Path=\/;.*Secure/i);
      }
    } finally {
      await proxied.close();
      removeDataDir(proxied.dataDir);
    }
  });

  it('keeps plain names without Secure in the sandbox over http, so a browser on 127.0.0.1 keeps them', async () => {
    const answer = await signInAnswer(portal);
    const names = answer.headers.getSetCookie().map((line) => line.split('=')[0]);
    expect(names.sort()).toEqual([SESSION_COOKIE, XSRF_COOKIE].sort());
    expect(pageConfig(await portal.browser().get('/')).xsrfCookie).toBe(XSRF_COOKIE);
  });

  it('sets no cookie on a refused sign-in', async () => {
    const answer = await portal.browser().get('/api/subscription-info?email=admin@acme.example', {
      [TOKEN_HEADER]: 'not-a-token',
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe('security headers on every kind of answer', () => {
  it.each([
    ['an API answer', 'GET', '/api/health'],
    ['an API refusal', 'GET', DELEGATES],
    ['an unknown API path', 'GET', '/api/nothing'],
    ['the SPA', 'GET', '/'],
    ['a client route', 'GET', '/licenses'],
    ['a built asset', 'GET', '/main.0123abcd.js'],
    ['an unknown page', 'GET', '/nothing'],
    ['a HEAD', 'HEAD', '/'],
  ])('on %s', async (_case, method, url) => {
    const answer = await portal.browser().request(method, url);
    const policy = answer.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'self'");
    expect(directives.get('form-action')).toBe("'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(answer.headers.get('x-powered-by')).toBeNull();
    if (url.startsWith('/api') || url === '/' || url === '/licenses') {
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('client addresses', () => {
  it('does not let a spoofed X-Forwarded-For escape the rate limit', async () => {
    const limited = await startPortal({ rateLimitMax: 3 });
    try {
      const browser = limited.browser();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await browser.get('/api/email-validator?email=a@acme.example', {
          'x-forwarded-for': `203.0.113.${attempt}`,
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
      removeDataDir(limited.dataDir);
    }
  });
});
