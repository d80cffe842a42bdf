import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import type { SubscriptionInfo } from '../../contract/subscription';
import { SERVER_TEXT } from '../messages';
import type { FakeGoogle } from '../../testing/fakeGoogle';
import { solidPng } from '../../testing/fakeGoogle/dataset';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';
import { Browser, errorOf, expectDeadlineAnswer } from '../../testing/server/portalHarness';

// The whole API in google mode, against the fake Google, as `npm run start:fake-google` runs it:
// the routes, the Google provider, deadlines and the photo endpoint together.

let portal: GooglePortal;
let fake: FakeGoogle;
let baseUrl: string;

async function startPortal(env: Record<string, string> = {}, deadlineMs?: number) {
  portal = await startGooglePortal({ env, logLevel: 'error', requestDeadlineMs: deadlineMs });
  ({ fake, baseUrl } = portal);
}

const infoUrl = (email: string) =>
  `${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(email)}`;

const signIn = (email: string, typed = email) => portal.signIn(email, { typed });

afterEach(async () => {
  await portal.close();
});

describe('sign-in', () => {
  it("answers an annual plan with the seat policy's maximum and a same-origin photo", async () => {
    await startPortal();
    const { browser, answer } = await signIn('admin@acme.example');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      customerId: 'C0acme001',
      customerDomain: 'acme.example',
      skuName: 'Google Workspace Business Standard',
      planName: 'ANNUAL',
      isAnnual: true,
      numberOfSeats: 20,
      licensedNumberOfSeats: 17,
      maximumNumberOfSeats: 50,
      isAdmin: true,
      thumbnailPhotoUrl: API_PATHS.photo,
      status: 'ACTIVE',
      renewalDate: '2027-03-31',
    });
    // The page's CSP allows images from its own origin, where the photo now is.
    expect(answer.headers.get('content-security-policy')).toMatch(/img-src 'self'/);
    const photo = await fetch(`${baseUrl}${API_PATHS.photo}`, {
      headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(solidPng(96, [26, 115, 232]));
  });

  it('reads the photo only with a session, and says when there is none', async () => {
    await startPortal();
    expect((await new Browser(baseUrl).get(API_PATHS.photo)).status).toBe(401);
    const { browser } = await signIn('staff@acme.example');
    const none = await browser.get(API_PATHS.photo);
    expect(none.status).toBe(404);
    expect(errorOf(none).message).toBe(SERVER_TEXT.noPhoto);
  });

  it("takes at most 2 sequential Google round trips once the reseller's tokens are there", async () => {
    await startPortal();
    fake.latencyMs = 40;
    await signIn('staff@acme.example');
    // The service account's tokens are now there; what is left is the sign-in's own calls.
    const from = fake.calls.length;
    const { answer } = await signIn('admin@flex.example');
    expect(answer.status).toBe(200);
    expect(fake.roundTrips(from)).toBeLessThanOrEqual(2);
  });

  it("never reads the directory with the person's own token, and still knows an admin", async () => {
    await startPortal();
    const admin = await signIn('admin@acme.example');
    const staff = await signIn('staff@acme.example');
    expect(admin.answer.body.isAdmin).toBe(true);
    expect(staff.answer.body.isAdmin).toBe(false);
    // Only tokeninfo sees the person's token; the directory is read as the reseller.
    const asPerson = fake.calls.filter((c) => c.caller === 'user');
    expect(asPerson).toEqual([]);
  });

  it('brings someone on a secondary domain, or typing an alias, to their organisation', async () => {
    await startPortal();
    const maria = await signIn('maria@acme-eu.example');
    expect(maria.answer.status).toBe(200);
    expect(maria.answer.body).toMatchObject({
      email: 'maria@acme-eu.example',
      customerId: 'C0acme001',
    });
    const alias = await signIn('staff@acme.example', 'team@acme-eu.example');
    expect(alias.answer.status).toBe(200);
    expect(alias.answer.body.email).toBe('staff@acme.example');
    const other = await signIn('staff@acme.example', 'admin@acme.example');
    expect(other.answer.status).toBe(403);
    expect(errorOf(other.answer).message).toBe(SERVER_TEXT.emailMismatch);
  });

  it('refuses a suspended account with its own 403, and a stranger as not a customer', async () => {
    await startPortal();
    const former = await signIn('former@acme.example');
    expect(former.answer.status).toBe(403);
    expect(errorOf(former.answer).message).toBe(
      SERVER_TEXT.directoryUserSuspended('former@acme.example'),
    );
    // Someone else's token learns nothing of the suspended account: only that it is not theirs.
    const other = await signIn('staff@acme.example', 'former@acme.example');
    expect(other.answer.status).toBe(403);
    expect(errorOf(other.answer).message).toBe(SERVER_TEXT.emailMismatch);
    const stranger = await signIn('someone@stranger.example');
    expect(stranger.answer.status).toBe(403);
    expect(errorOf(stranger.answer).message).toBe(ERROR_TEXT.notACustomer('Example Reseller'));
  });

  it('counts a domain another reseller manages as a Google account', async () => {
    await startPortal();
    const answer = await new Browser(baseUrl).get<{ isGoogleAccount: boolean }>(
      `${API_PATHS.emailValidator}?email=someone%40stranger.example`,
    );
    expect(answer.body).toEqual({ isGoogleAccount: true });
  });
});

describe('the managed account (docs/security.md, "Who signs in")', () => {
  async function signInPersonal(email: string) {
    const browser = new Browser(baseUrl);
    const answer = await browser.get<SubscriptionInfo>(infoUrl(email), {
      [TOKEN_HEADER]: fake.issuePersonalToken(email, SIGN_IN_SCOPES),
    });
    return { browser, answer };
  }

  it.each([
    ["a conflicting personal account with the admin's address", 'admin@acme.example'],
    ["a conflicting personal account with the licence delegate's", 'licences@acme.example'],
    ['an unmanaged personal account at the customer’s domain', 'contractor@acme.example'],
    ['a personal account whose address Google has not verified', 'newcomer@acme.example'],
  ])('refuses %s: 403, no session, no cookie', async (_case, email) => {
    await startPortal();
    const { browser, answer } = await signInPersonal(email);
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toEqual({
      code: 403,
      status: 'PERMISSION_DENIED',
      message: SERVER_TEXT.notManagedAccount(email),
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(browser.session).toBeUndefined();
    // Nothing of the customer was read for it.
    expect(fake.calls.some((c) => c.path.startsWith('/apps/reseller/v1/subscriptions'))).toBe(
      false,
    );
  });

  it("still tells a managed user of another reseller's customer 'Not a customer of …' first", async () => {
    await startPortal();
    const { answer } = await signIn('someone@stranger.example');
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toMatchObject({
      message: ERROR_TEXT.notACustomer('Example Reseller'),
      details: ERROR_TEXT.notACustomer('Example Reseller'),
    });
  });

  it('stops a session whose account was replaced at the same address from buying or changing', async () => {
    await startPortal();
    const delegate = await signIn('licences@acme.example');
    const admin = await signIn('admin@acme.example');
    fake.replaceUser('licences@acme.example');
    fake.replaceUser('admin@acme.example');
    const add = await delegate.browser.post(API_PATHS.addLicence, {
      customerId: 'C0acme001',
      subscriptionId: 'sub-acme-001',
      numberOfSeats: 21,
      expectedNumberOfSeats: 20,
    });
    expect(add.status).toBe(403);
    expect(errorOf(add).message).toBe(SERVER_TEXT.notInDirectory);
    const change = await admin.browser.post(API_PATHS.supportDelegate, {
      email: 'new@acme.example',
      customerId: 'C0acme001',
      action: 'add',
    });
    expect(change.status).toBe(403);
    expect(errorOf(change).message).toBe(SERVER_TEXT.notInDirectory);
    expect(fake.state.subscriptions.find((s) => s.subscriptionId === 'sub-acme-001')).toMatchObject(
      { numberOfSeats: 20 },
    );
    expect(fake.members('portal-support-c0acme001@reseller.example')).toEqual([
      'support@acme.example',
    ]);
  });
});

describe('secondary domains', () => {
  it("brings an address at a secondary domain behind a mail gateway to 'Sign in with Google'", async () => {
    await startPortal();
    const browser = new Browser(baseUrl);
    for (const email of ['lab@acme-labs.example', 'nobody@acme-labs.example']) {
      const answer = await browser.get<{ isGoogleAccount: boolean }>(
        `${API_PATHS.emailValidator}?email=${encodeURIComponent(email)}`,
      );
      // The same answer for an address that exists and one that does not.
      expect(answer.body).toEqual({ isGoogleAccount: true });
    }
    const { answer } = await signIn('lab@acme-labs.example');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'lab@acme-labs.example', customerId: 'C0acme001' });
  });

  it("brings an address at a customer's domain alias behind a mail gateway to 'Sign in with Google'", async () => {
    await startPortal();
    const browser = new Browser(baseUrl);
    const validate = (email: string) =>
      browser.get<{ isGoogleAccount: boolean }>(
        `${API_PATHS.emailValidator}?email=${encodeURIComponent(email)}`,
      );
    const from = fake.calls.length;
    for (const email of ['staff@acme-mail.example', 'nobody@acme-mail.example']) {
      // The same answer for an address that exists and one that does not.
      expect((await validate(email)).body).toEqual({ isGoogleAccount: true });
    }
    // Google was asked about the domain, never about either person, and once.
    const asked = fake.calls
      .slice(from)
      .filter((c) => c.path.startsWith('/admin/directory/v1/users/'));
    expect(asked.map((c) => c.path)).toEqual([
      '/admin/directory/v1/users/portal-domain-probe%40acme-mail.example',
    ]);
    // A domain nobody of the reseller's customers has is still no Google account.
    expect((await validate('someone@gateway-only.example')).body).toEqual({
      isGoogleAccount: false,
    });
    // The person signs in with their Google account and may type the alias address.
    const { answer } = await signIn('staff@acme.example', 'staff@acme-mail.example');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'staff@acme.example', customerId: 'C0acme001' });
  });
});

describe('licences and delegates', () => {
  it('adds licences on an annual plan up to the policy, and changes delegates', async () => {
    await startPortal({ ANNUAL_SEAT_CAP: '24' });
    const { browser, answer } = await signIn('admin@acme.example');
    expect(answer.body.maximumNumberOfSeats).toBe(24);
    const add = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
    const over = await browser.post(API_PATHS.addLicence, { ...add, numberOfSeats: 25 });
    expect(over.status).toBe(400);
    const bought = await browser.post<{ subscription: SubscriptionInfo }>(API_PATHS.addLicence, {
      ...add,
      numberOfSeats: 24,
    });
    expect(bought.status).toBe(200);
    expect(bought.body.subscription.numberOfSeats).toBe(24);
    expect(fake.state.subscriptions.find((s) => s.subscriptionId === 'sub-acme-001')).toMatchObject(
      { numberOfSeats: 24 },
    );
    const added = await browser.post<{ members: string[] }>(API_PATHS.supportDelegate, {
      email: 'New@acme.example',
      customerId: 'C0acme001',
      action: 'add',
    });
    expect(added.body.members).toEqual(['new@acme.example', 'support@acme.example']);
    expect(fake.members('portal-support-c0acme001@reseller.example')).toContain('new@acme.example');
  });

  it('the first delegate add of a customer without groups creates one and answers 200', async () => {
    await startPortal();
    const group = 'portal-licence-c0flex001@reseller.example';
    fake.deleteGroup(group);
    const { browser } = await signIn('admin@flex.example');
    const added = await browser.post<{ members: string[] }>(API_PATHS.licenceDelegate, {
      email: 'buyer@flex.example',
      customerId: 'C0flex001',
      action: 'add',
    });
    expect(added.status).toBe(200);
    expect(added.body.members).toEqual(['buyer@flex.example']);
    expect(fake.groupSettings(group)?.allowExternalMembers).toBe('true');
    const history = await browser.get<{ entries: object[] }>('/api/history?customer=C0flex001');
    expect(history.body.entries).toEqual([
      expect.objectContaining({ action: 'add', member: 'buyer@flex.example', state: 'done' }),
    ]);
  });

  it('refuses a purchase on a suspended subscription before calling Google', async () => {
    await startPortal();
    const { browser, answer } = await signIn('admin@paused.example');
    expect(answer.body).toMatchObject({
      status: 'SUSPENDED',
      suspensionReasons: ['RESELLER_INITIATED'],
      renewalDate: '2026-09-30',
    });
    const refused = await browser.post(API_PATHS.addLicence, {
      customerId: 'C0pause01',
      subscriptionId: 'sub-pause-001',
      numberOfSeats: 16,
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 400,
      status: 'FAILED_PRECONDITION',
      message: SERVER_TEXT.subscriptionSuspended('the reseller suspended it'),
    });
    expect(fake.calls.some((c) => c.path.endsWith('/changeSeats'))).toBe(false);
  });
});

describe('Google failing', () => {
  it('a lasting quota answers 503 with Retry-After', async () => {
    await startPortal();
    fake.failNext('GET', /^\/apps\/reseller\/v1\/customers\//, { reason: 'quotaExceeded' }, 3);
    const { answer } = await signIn('admin@acme.example');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(errorOf(answer)).toMatchObject({ status: 'UNAVAILABLE' });
  });

  it("a 5xx from Google answers a fixed text and the request id; Google's words go to the log only", async () => {
    await startPortal();
    const hostile = 'Backend Error at db-7.internal <script>alert(1)</script>';
    const body = { error: { code: 500, message: hostile, status: 'INTERNAL' } };
    fake.failNext('GET', /^\/apps\/reseller\/v1\/customers\//, { status: 500, body }, 3);
    const { answer } = await signIn('admin@acme.example');
    const requestId = answer.headers.get('x-request-id') ?? '';
    expect(answer.status).toBe(502);
    expect(errorOf(answer)).toEqual({
      code: 502,
      status: 'BAD_GATEWAY',
      message: SERVER_TEXT.withRequestId(
        SERVER_TEXT.upstreamFailed("Google's Reseller API"),
        requestId,
      ),
    });
    const logged =
      portal.logs
        .map((line) => JSON.stringify(line))
        .find((line) => line.includes('upstream failure')) ?? '';
    expect(logged).toContain(requestId);
    expect(logged).toContain('db-7.internal');
  });

  it('a details[]-only SERVICE_DISABLED names the API to enable, with the request id', async () => {
    await startPortal();
    fake.failNext('GET', /^\/apps\/reseller\/v1\/customers\//, { errorInfo: 'SERVICE_DISABLED' });
    const { answer } = await signIn('admin@acme.example');
    expect(answer.status).toBe(502);
    expect(errorOf(answer).message).toBe(
      SERVER_TEXT.withRequestId(
        SERVER_TEXT.apiNotEnabled("Google's Reseller API", 'Google Workspace Reseller API'),
        answer.headers.get('x-request-id') ?? '',
      ),
    );
  });

  it('a hung Google answers 504 in the envelope within the request deadline', async () => {
    await startPortal({ GOOGLE_CALL_TIMEOUT_MS: '60000' }, 600);
    fake.failNext('GET', /^\/apps\/reseller\/v1\/customers\//, 'hang', 5);
    const started = Date.now();
    const { answer } = await signIn('admin@acme.example');
    expectDeadlineAnswer(answer, started);
  });
});
