import { SESSION_COOKIE, TOKEN_HEADER, XSRF_COOKIE } from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { SESSION_LIFETIME_MS } from '../../contract/limits';
import {
  errorOf,
  portalForTests,
  removeDataDir,
  startPortal,
  type Browser,
  type Portal,
} from '../../testing/server/portalHarness';
import {
  POSTGRES_START_TIMEOUT_MS,
  startTestPostgres,
  type TestPostgres,
} from '../../testing/server/testPostgres';

// POST /api/sign-out against listening portals: every session of the person is ended in the portal
// store, both cookies are cleared, and a copied cookie or another device's session stops working at
// once, on every instance of one store.

const ACME = 'C0acme001';
const delegatesUrl = `/api/licence-delegate?customer=${ACME}`;
const addOne = { customerId: ACME, subscriptionId: 'sub-acme-001', numberOfSeats: 21 };

/** What someone who copied the cookies off a shared computer holds. */
function copyOf(portal: Portal, browser: Browser): Browser {
  const copy = portal.browser();
  for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
  return copy;
}

/** The claims of a session cookie (its signed payload is base64url JSON). */
function claimsOf(browser: Browser): Record<string, unknown> {
  const payload = (browser.session ?? '').split('.')[0] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function clearedCookies(lines: string[]): string[] {
  return lines
    .filter((line) => /Max-Age=0/i.test(line) || /Expires=Thu, 01 Jan 1970/i.test(line))
    .map((line) => line.split('=')[0] ?? '')
    .sort();
}

describe('POST /api/sign-out on one portal', () => {
  const portal = portalForTests();

  it('answers 204 without a body, clears both cookies, and the copied cookie stops working', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const thief = copyOf(portal, admin);
    expect((await thief.get(delegatesUrl)).status).toBe(200);

    const answer = await admin.post('/api/sign-out', {});
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    const lines = answer.headers.getSetCookie();
    expect(clearedCookies(lines)).toEqual([SESSION_COOKIE, XSRF_COOKIE].sort());
    expect(lines.every((line) => /Path=\//.test(line) && /SameSite=Strict/i.test(line))).toBe(true);
    expect(admin.cookies.get(SESSION_COOKIE)).toBe('');

    for (const call of [
      () => thief.get(delegatesUrl),
      () => thief.get(`/api/history?customer=${ACME}`),
      () => thief.post('/api/add-licence', addOne),
      () =>
        thief.post('/api/licence-delegate', {
          email: 'thief@acme.example',
          customerId: ACME,
          action: 'add',
        }),
    ]) {
      const refused = await call();
      expect(refused.status).toBe(401);
      expect(errorOf(refused).message).toBe(ERROR_TEXT.unauthenticated);
    }
    const subscription = await portal.sandbox.provider.findWorkspaceSubscription(ACME);
    expect(subscription?.numberOfSeats).toBe(20);
  });

  it('ends every session of the person, on every device, and no one else’s', async () => {
    const office = await portal.signIn('admin@acme.example');
    const home = await portal.signIn('admin@acme.example');
    const colleague = await portal.signIn('licences@acme.example');
    expect((await office.post('/api/sign-out', {})).status).toBe(204);
    expect((await home.get(delegatesUrl)).status).toBe(401);
    expect((await colleague.get(`/api/history?customer=${ACME}`)).status).toBe(200);
  });

  it('accepts no body at all, and refuses a body with fields', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const withField = await admin.post('/api/sign-out', { everywhere: true });
    expect(withField.status).toBe(400);
    expect(errorOf(withField).message).toBe("Unknown field 'everywhere' in the request body.");
    expect((await admin.get(delegatesUrl)).status).toBe(200);

    const noBody = await admin.request('POST', '/api/sign-out', {
      headers: { 'X-XSRF-TOKEN': admin.cookies.get(XSRF_COOKIE) ?? '' },
    });
    expect(noBody.status).toBe(204);
    expect((await admin.get(delegatesUrl)).status).toBe(401);
  });

  it('refuses a live session’s sign-out without its XSRF token, and nothing is revoked', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const forged = await admin.post('/api/sign-out', {}, { xsrf: null });
    expect(forged.status).toBe(403);
    expect(errorOf(forged).message).toMatch(/X-XSRF-TOKEN/);
    expect(forged.headers.getSetCookie()).toEqual([]);
    expect((await admin.get(delegatesUrl)).status).toBe(200);
  });

  it('is idempotent: no session, a signed-out one, an expired one or a tampered one all get 204', async () => {
    const stranger = portal.browser();
    const none = await stranger.post('/api/sign-out', {}, { xsrf: null });
    expect(none.status).toBe(204);
    expect(clearedCookies(none.headers.getSetCookie())).toEqual(
      [SESSION_COOKIE, XSRF_COOKIE].sort(),
    );

    const admin = await portal.signIn('admin@acme.example');
    const thief = copyOf(portal, admin);
    expect((await admin.post('/api/sign-out', {})).status).toBe(204);
    expect((await thief.post('/api/sign-out', {})).status).toBe(204);

    const late = await portal.signIn('admin@acme.example');
    portal.clock.advance(SESSION_LIFETIME_MS);
    expect((await late.post('/api/sign-out', {}, { xsrf: null })).status).toBe(204);

    const tampered = portal.browser();
    tampered.cookies.set(SESSION_COOKIE, 'eyJzaWQiOiJ4In0.forged');
    expect((await tampered.post('/api/sign-out', {}, { xsrf: null })).status).toBe(204);
  });

  it('keeps the sign-out until every session it ended would have expired, then sweeps it', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const signedOutAt = portal.clock.now;
    const thief = copyOf(portal, admin);
    expect((await admin.post('/api/sign-out', {})).status).toBe(204);
    expect(await portal.store.personSignedOutAt('admin@acme.example')).toBe(signedOutAt);

    portal.clock.advance(SESSION_LIFETIME_MS - 1);
    expect((await thief.get(delegatesUrl)).status).toBe(401);
    portal.clock.advance(1);
    // Expired anyway: the next sign-out (anyone's) sweeps the record, and the cookie stays refused.
    const next = await portal.signIn('staff@acme.example');
    expect((await next.post('/api/sign-out', {})).status).toBe(204);
    expect(await portal.store.personSignedOutAt('admin@acme.example')).toBeNull();
    expect((await thief.get(delegatesUrl)).status).toBe(401);
  });

  it('revokes the session a new sign-in replaces, until that session would have expired', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const replaced = String(claimsOf(admin).sid);
    const signIn = await admin.get('/api/subscription-info?email=admin@acme.example', {
      [TOKEN_HEADER]: portal.token('admin@acme.example'),
    });
    expect(signIn.status).toBe(200);
    expect(await portal.store.isSessionRevoked(replaced)).toBe(true);
    expect(await portal.store.isSessionRevoked(String(claimsOf(admin).sid))).toBe(false);
  });

  it('keeps a sign-out across a restart', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const thief = copyOf(portal, admin);
    expect((await admin.post('/api/sign-out', {})).status).toBe(204);
    await portal.restart();
    const again = portal.browser();
    for (const [name, value] of thief.cookies) again.cookies.set(name, value);
    expect((await again.get(delegatesUrl)).status).toBe(401);
  });

  it('refuses a signed session cookie without a session id (it could not be signed out)', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const { sid: _sid, ...withoutId } = claimsOf(admin);
    const payload = Buffer.from(JSON.stringify(withoutId)).toString('base64url');
    admin.cookies.set(SESSION_COOKIE, portal.app.signCookie(payload));
    expect((await admin.get(delegatesUrl)).status).toBe(401);
  });
});

describe('POST /api/sign-out with two portals on one PostgreSQL', () => {
  let postgres: TestPostgres;
  let portals: Portal[] = [];
  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, POSTGRES_START_TIMEOUT_MS);
  afterAll(async () => {
    for (const portal of portals) {
      await portal.close();
      removeDataDir(portal.dataDir);
    }
    await postgres.stop();
  }, POSTGRES_START_TIMEOUT_MS);

  it('ends the session on the other instance at once', async () => {
    const databaseUrl = await postgres.createDatabase('sign_out');
    const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: 's'.repeat(40) };
    portals = [await startPortal({ env }), await startPortal({ env })];
    const [one, two] = portals as [Portal, Portal];
    expect(one.store.dialect).toBe('postgres');
    expect(one.dataDir).not.toBe(two.dataDir);

    const admin = await one.signIn('admin@acme.example');
    const elsewhere = copyOf(two, admin);
    const otherDevice = await two.signIn('admin@acme.example');
    expect((await elsewhere.get(delegatesUrl)).status).toBe(200);
    expect((await otherDevice.get(delegatesUrl)).status).toBe(200);
    expect((await admin.post('/api/sign-out', {})).status).toBe(204);
    for (const browser of [elsewhere, otherDevice]) {
      const refused = await browser.get(delegatesUrl);
      expect(refused.status).toBe(401);
      expect(errorOf(refused).message).toBe(ERROR_TEXT.unauthenticated);
    }
  });
});
