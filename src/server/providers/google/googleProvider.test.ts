import { API_PATHS } from '../../../contract/api';
import { ERROR_TEXT } from '../../../contract/errors';
import { SIGN_IN_SCOPES } from '../../../contract/limits';
import { ApiError } from '../../apiError';
import { withDeadline } from '../../plugins/deadline';
import { SERVER_TEXT } from '../../messages';
import { UpstreamError } from '../../upstreamError';
import type { PortalProvider, WorkspaceSubscription } from '../provider';
import { checkSeatChange } from '../seatRules';
import {
  fakeGoogleProviderOptions,
  startFakeGoogle,
  type Fault,
  type FakeGoogle,
} from '../../../testing/fakeGoogle';
import { solidPng } from '../../../testing/fakeGoogle/dataset';
import { createGoogleProvider } from './googleProvider';
import type { GoogleProviderOptions } from './options';

// How the Google provider reads Google's answers, failures included, against the local fake Google.

let fake: FakeGoogle;
let provider: PortalProvider;
let mxLookups: string[];
let warnings: { details: object; message: string }[];

function open(overrides: Partial<GoogleProviderOptions> = {}): PortalProvider {
  return createGoogleProvider({
    ...fakeGoogleProviderOptions(fake),
    log: { warn: (details, message) => warnings.push({ details, message }) },
    resolveMx: async (domain) => {
      mxLookups.push(domain);
      if (domain === 'broken-dns.example') {
        throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
      }
      return (fake.state.mx.get(domain) ?? []).map((exchange) => ({ exchange, priority: 10 }));
    },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const RESELLER = /^\/apps\/reseller\//;
const CUSTOMERS = /^\/apps\/reseller\/v1\/customers\/[^/]+$/;
const CHANGE_SEATS = /\/changeSeats$/;
const USERS = /^\/admin\/directory\/v1\/users\/[^/]+$/;
const MEMBERS = /\/members$/;
const MEMBER = /\/members\/[^/]+$/;
const GROUPS = /^\/admin\/directory\/v1\/groups$/;
const GROUP_SETTINGS = /^\/groups\/v1\/groups\/[^/]+$/;
const ACME_LICENCE_GROUP = 'portal-licence-c0acme001@reseller.example';
const ACME_SUPPORT_GROUP = 'portal-support-c0acme001@reseller.example';
const FLEX_LICENCE_GROUP = 'portal-licence-c0flex001@reseller.example';

const callsTo = (method: string, path: RegExp) =>
  fake.calls.filter((c) => c.method === method && path.test(c.path));

beforeEach(async () => {
  fake = await startFakeGoogle();
  mxLookups = [];
  warnings = [];
  provider = open();
});

afterEach(async () => {
  await provider.close();
  await fake.close();
});

describe('service account', () => {
  it("exchanges a signed JWT for the reseller admin's token once, and reuses it", async () => {
    await provider.findCustomer('acme.example');
    await provider.listDelegates('licence', 'C0acme001');
    await provider.findCustomer('flex.example');
    // One exchange per scope set: the Reseller API's and the group members'.
    expect(callsTo('POST', /^\/token$/)).toHaveLength(2);
    expect(
      fake.calls.filter((c) => c.path.startsWith('/apps/')).every((c) => c.caller === 'reseller'),
    ).toBe(true);
  });

  it('a refused delegation becomes 502 naming the service-account sign-in, not a 401', async () => {
    const broken = open({ resellerAdminEmail: 'someone@acme.example' });
    const error = await failure(broken.listDelegates('licence', 'C0acme001'));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
    expect(error.message).toBe(
      SERVER_TEXT.serviceAccountUnauthorized("Google's Directory API (service-account sign-in)"),
    );
    // Google's own words go to the log, never to the client.
    expect(error.message).not.toContain('Client is unauthorized');
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).upstream).toMatchObject({
      status: 401,
      message: expect.stringContaining('Client is unauthorized') as unknown,
    });
  });
});

describe('keyless service account (signJwt as the service account)', () => {
  // The runtime's token comes from the fake metadata server; src/server/__tests__/keylessGoogle.test.ts
  // proves google-auth-library's application default credentials find it in a real portal process.
  const keyless = (runtimeAccessToken = () => fake.runtimeToken()) =>
    open({
      serviceAccountKey: undefined,
      serviceAccountEmail: fake.serviceAccountEmail,
      runtimeAccessToken,
    });

  it("signs the delegation's assertion with signJwt as the service account and exchanges it", async () => {
    await expect(keyless().findCustomer('acme.example')).resolves.toMatchObject({
      customerId: 'C0acme001',
    });
    expect(callsTo('POST', /^\/v1\/projects\/-\/serviceAccounts\/[^/]+:signJwt$/)).toHaveLength(1);
    expect(callsTo('POST', /^\/token$/)).toHaveLength(1);
    expect(callsTo('GET', CUSTOMERS).map((c) => c.caller)).toEqual(['reseller']);
  });

  it('without roles/iam.serviceAccountTokenCreator: 502 naming the role', async () => {
    fake.iam.tokenCreators.clear();
    const error = await failure(keyless().findCustomer('acme.example'));
    expect(error).toMatchObject({
      code: 502,
      message: SERVER_TEXT.tokenCreatorMissing("Google's Reseller API (service-account sign-in)"),
    });
    expect(callsTo('POST', /^\/token$/)).toHaveLength(0);
  });

  it('with the IAM Credentials API not enabled: 502 naming the API to enable', async () => {
    fake.iam.credentialsApiEnabled = false;
    const error = await failure(keyless().findCustomer('acme.example'));
    expect(error).toMatchObject({
      code: 502,
      message: SERVER_TEXT.apiNotEnabled(
        "Google's Reseller API (service-account sign-in)",
        'IAM Service Account Credentials API',
      ),
    });
  });

  it('with no application default credentials: 502 saying so', async () => {
    const none = keyless(() =>
      Promise.reject(new Error('Could not load the default credentials.')),
    );
    const error = await failure(none.findCustomer('acme.example'));
    expect(error).toMatchObject({
      code: 502,
      message: SERVER_TEXT.noDefaultCredentials("Google's Reseller API (service-account sign-in)"),
    });
  });
});

describe('verifyToken', () => {
  it('refuses a valid token that was issued to another application', async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES, 'someone-else');
    await expect(provider.verifyToken(token)).resolves.toBeNull();
  });

  it("tries Google's token service again after a failure, and maps a lasting one to 502", async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    fake.failNext('POST', /^\/tokeninfo$/, { status: 500, body: { error: 'internal_failure' } });
    await expect(provider.verifyToken(token)).resolves.toMatchObject({
      email: 'admin@acme.example',
    });

    fake.failNext('POST', /^\/tokeninfo$/, { status: 500, body: { error: 'internal_failure' } }, 3);
    const error = await failure(provider.verifyToken(token));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
    expect(callsTo('POST', /^\/tokeninfo$/)).toHaveLength(5);
  });
});

describe('isGoogleAccount', () => {
  it('says yes for a domain whose mail goes to Google, without asking the Reseller API', async () => {
    await expect(provider.isGoogleAccount('someone@workspace.example')).resolves.toBe(true);
    expect(fake.calls.some((c) => RESELLER.test(c.path))).toBe(false);
  });

  it('says no for a domain with other mail that Google does not know', async () => {
    await expect(provider.isGoogleAccount('someone@other.example')).resolves.toBe(false);
    expect(mxLookups).toEqual(['other.example']);
  });

  it('counts a domain another reseller manages: customers.get answers it', async () => {
    await expect(provider.isGoogleAccount('someone@stranger.example')).resolves.toBe(true);
  });

  it("says yes for a customer's secondary domain whose mail goes through a gateway", async () => {
    await expect(provider.isGoogleAccount('lab@acme-labs.example')).resolves.toBe(true);
    expect(mxLookups).toEqual(['acme-labs.example']);
  });

  it('asks Google about the domain only, so every address there gets the same answer', async () => {
    const from = fake.calls.length;
    await expect(provider.isGoogleAccount('lab@acme-labs.example')).resolves.toBe(true);
    await expect(provider.isGoogleAccount('nobody@acme-labs.example')).resolves.toBe(true);
    const asked = fake.calls.slice(from).map((c) => c.path);
    expect(asked.some((path) => /lab@|nobody@/.test(path))).toBe(false);
    // The second address is answered from the cache: the same answer, no call at all.
    expect(asked.filter((path) => path === '/admin/directory/v1/users')).toHaveLength(1);
  });

  it("says no for a domain whose account is not the reseller's customer, or nobody's", async () => {
    fake.state.mx.set('stranger-eu.example', ['mx1.mail-gateway.example']);
    fake.state.customers
      .find((c) => c.customerDomain === 'stranger.example')
      ?.secondaryDomains.push('stranger-eu.example');
    await expect(provider.isGoogleAccount('someone@stranger-eu.example')).resolves.toBe(false);
    await expect(provider.isGoogleAccount('someone@nowhere.example')).resolves.toBe(false);
  });

  it("falls back to Google's customers when DNS fails", async () => {
    await expect(provider.isGoogleAccount('x@broken-dns.example')).resolves.toBe(false);
    await expect(provider.isGoogleAccount('admin@nosub.example')).resolves.toBe(true);
  });
});

describe('lookupDirectoryUser', () => {
  it("reads the person with the reseller's credentials alone: id, admin, photo, customer", async () => {
    const from = fake.calls.length;
    await expect(provider.lookupDirectoryUser('admin@acme.example')).resolves.toEqual({
      id: fake.state.users.find((u) => u.primaryEmail === 'admin@acme.example')?.id,
      email: 'admin@acme.example',
      isAdmin: true,
      thumbnailPhotoUrl: API_PATHS.photo,
      customerId: 'C0acme001',
      aliases: ['admin@acme-mail.example'],
    });
    const reads = fake.calls.slice(from).filter((c) => USERS.test(c.path));
    expect(reads.map((c) => c.caller)).toEqual(['reseller']);
  });

  it('a quota that lasts becomes 503 with Retry-After', async () => {
    fake.failNext('GET', USERS, { reason: 'userRateLimitExceeded' }, 3);
    const error = await failure(provider.lookupDirectoryUser('admin@acme.example'));
    expect(error).toMatchObject({ code: 503, status: 'UNAVAILABLE', retryAfterSeconds: 30 });
    expect(error.message).toBe(SERVER_TEXT.upstreamBusy("Google's Directory API"));
  });

  it('answers null for an address nobody has in the directory', async () => {
    await expect(provider.lookupDirectoryUser('ghost@acme.example')).resolves.toBeNull();
    await expect(provider.lookupDirectoryUser('contractor@acme.example')).resolves.toBeNull();
  });

  it.each([
    [
      'turned off the Admin SDK for the reseller',
      { adminSdkAccess: false },
      SERVER_TEXT.adminSdkAccessOff,
    ],
    ['turned off reseller access', { resellerAccess: false }, SERVER_TEXT.resellerAccessOff],
  ])('a customer who %s gets a 403 saying what to turn back on', async (_case, access, text) => {
    fake.setCustomerAccess('acme.example', access);
    await expect(provider.lookupDirectoryUser('staff@acme.example')).rejects.toMatchObject({
      code: 403,
      message: text('acme.example'),
    });
  });

  it("answers null for someone of an account that is not the reseller's", async () => {
    await expect(provider.lookupDirectoryUser('someone@stranger.example')).resolves.toBeNull();
  });

  it('finds a person by an alias, with their primary address', async () => {
    await expect(provider.lookupDirectoryUser('team@acme-eu.example')).resolves.toMatchObject({
      email: 'staff@acme.example',
      aliases: ['team@acme-eu.example', 'staff@acme-mail.example'],
    });
  });
});

describe('verifyToken: whose account the token is', () => {
  it("gives a managed user's directory id as sub, and a verified address", async () => {
    const token = fake.issueToken('licences@acme.example', SIGN_IN_SCOPES);
    const user = await provider.lookupDirectoryUser('licences@acme.example');
    await expect(provider.verifyToken(token)).resolves.toMatchObject({
      email: 'licences@acme.example',
      sub: user?.id,
      emailVerified: true,
    });
  });

  it("gives a conflicting personal account with the same address its own id, not the user's", async () => {
    const token = fake.issuePersonalToken('licences@acme.example', SIGN_IN_SCOPES);
    const user = await provider.lookupDirectoryUser('licences@acme.example');
    const info = await provider.verifyToken(token);
    expect(info).toMatchObject({ email: 'licences@acme.example', emailVerified: true });
    expect(info?.sub).toEqual(expect.stringMatching(/^\d+$/));
    expect(info?.sub).not.toBe(user?.id);
  });

  it('reads Google\'s email_verified "false" as unverified', async () => {
    const token = fake.issuePersonalToken('newcomer@acme.example', SIGN_IN_SCOPES);
    await expect(provider.verifyToken(token)).resolves.toMatchObject({
      email: 'newcomer@acme.example',
      emailVerified: false,
    });
  });
});

describe('Google failures, read by reason', () => {
  it.each(['userRateLimitExceeded', 'rateLimitExceeded', 'quotaExceeded'] as const)(
    '%s is tried again; when it lasts, 503 UNAVAILABLE with Retry-After',
    async (reason) => {
      fake.failNext('GET', CUSTOMERS, { reason }, 3);
      const error = await failure(provider.findCustomer('acme.example'));
      expect(error).toMatchObject({ code: 503, status: 'UNAVAILABLE', retryAfterSeconds: 30 });
      expect(callsTo('GET', CUSTOMERS)).toHaveLength(3);
    },
  );

  it('a short quota that clears is invisible to the caller', async () => {
    fake.failNext('GET', CUSTOMERS, { reason: 'quotaExceeded' });
    await expect(provider.findCustomer('acme.example')).resolves.toMatchObject({
      customerId: 'C0acme001',
    });
  });

  it("waits as long as Google's Retry-After says before trying again", async () => {
    fake.failNext('GET', CUSTOMERS, { reason: 'rateLimitExceeded', retryAfterSeconds: 1 });
    await provider.findCustomer('acme.example');
    const [first, second] = callsTo('GET', CUSTOMERS);
    expect((second?.startedAt ?? 0) - (first?.endedAt ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it("dailyLimitExceeded is not tried again: 503 with an hour's Retry-After", async () => {
    fake.failNext('GET', CUSTOMERS, { reason: 'dailyLimitExceeded' });
    const error = await failure(provider.findCustomer('acme.example'));
    expect(error).toMatchObject({ code: 503, retryAfterSeconds: 3600 });
    expect(error.message).toBe(SERVER_TEXT.upstreamDailyQuota("Google's Reseller API"));
    expect(callsTo('GET', CUSTOMERS)).toHaveLength(1);
  });

  it.each([
    [{ status: 500, body: { error: { code: 500, message: 'Backend Error' } } }, 3, 502],
    [{ reason: 'backendError' }, 3, 503],
    [{ reason: 'invalid' }, 1, 502],
  ] as [Fault, number, number][])(
    'a lasting %j is tried %i times and becomes %i',
    async (fault, attempts, code) => {
      fake.failNext('GET', CUSTOMERS, fault, 3);
      const error = await failure(provider.findCustomer('acme.example'));
      expect(error.code).toBe(code);
      expect(error.message).toContain("Google's Reseller API");
      expect(error.message).not.toMatch(/\n\s+at /);
      expect(callsTo('GET', CUSTOMERS)).toHaveLength(attempts);
    },
  );

  it.each([
    ['RATE_LIMIT_EXCEEDED', {}, 3, 503, SERVER_TEXT.upstreamBusy("Google's Reseller API"), 30],
    [
      'RATE_LIMIT_EXCEEDED',
      { quota_limit: 'defaultPerDayPerProject' },
      1,
      503,
      SERVER_TEXT.upstreamDailyQuota("Google's Reseller API"),
      3600,
    ],
    [
      'SERVICE_DISABLED',
      {},
      1,
      502,
      SERVER_TEXT.apiNotEnabled("Google's Reseller API", 'Google Workspace Reseller API'),
      undefined,
    ],
    [
      'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      {},
      1,
      502,
      SERVER_TEXT.delegationScopeMissing("Google's Reseller API"),
      undefined,
    ],
  ] as const)(
    'a details[]-only %s %j is read by its ErrorInfo reason: %i tries, then %i',
    async (errorInfo, metadata, attempts, code, message, retryAfterSeconds) => {
      fake.failNext('GET', CUSTOMERS, { errorInfo, metadata }, 3);
      const error = await failure(provider.findCustomer('acme.example'));
      expect(error).toMatchObject({ code, message });
      expect(error.retryAfterSeconds).toBe(retryAfterSeconds);
      expect(callsTo('GET', CUSTOMERS)).toHaveLength(attempts);
    },
  );

  it("a details[]-only rate limit that clears is invisible, and Google's Retry-After is passed on", async () => {
    fake.failNext('GET', CUSTOMERS, { errorInfo: 'RATE_LIMIT_EXCEEDED' });
    await expect(provider.findCustomer('acme.example')).resolves.toMatchObject({
      customerId: 'C0acme001',
    });
    fake.failNext('GET', CUSTOMERS, { errorInfo: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 60 });
    const error = await failure(provider.findCustomer('flex.example'));
    expect(error).toMatchObject({ code: 503, retryAfterSeconds: 60 });
  });

  it('the classic accessNotConfigured names the API to enable, like SERVICE_DISABLED', async () => {
    fake.failNext('GET', MEMBERS, { reason: 'accessNotConfigured' });
    const error = await failure(provider.listDelegates('licence', 'C0acme001'));
    expect(error).toMatchObject({
      code: 502,
      message: SERVER_TEXT.apiNotEnabled("Google's Directory API", 'Admin SDK API'),
    });
  });

  it("5xx texts never carry Google's or the network's words; the log detail does", async () => {
    const body = { error: { code: 500, message: 'Backend Error <b>db-7 at 10.0.0.3</b>' } };
    fake.failNext('GET', CUSTOMERS, { status: 500, body }, 3);
    const failed = await failure(provider.findCustomer('acme.example'));
    expect(failed.message).toBe(SERVER_TEXT.upstreamFailed("Google's Reseller API"));
    expect((failed as UpstreamError).upstream).toMatchObject({
      status: 500,
      message: body.error.message,
    });
    fake.failNext('GET', CUSTOMERS, {
      status: 400,
      body: { error: { code: 400, message: 'Bad <x>' } },
    });
    const refused = await failure(provider.findCustomer('flex.example'));
    expect(refused).toMatchObject({
      code: 502,
      message: SERVER_TEXT.upstreamRefused("Google's Reseller API"),
    });
  });

  it('an unreachable Google becomes 502', async () => {
    await fake.close();
    const error = await failure(provider.findCustomer('acme.example'));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
    expect(error.message).toMatch(
      /^Google's Reseller API.* could not be reached\. Try again in a minute\.$/,
    );
    fake = await startFakeGoogle();
  });
});

describe('time limits', () => {
  it('a hung read is given up after the call time limit and tried again; then 504', async () => {
    const quick = open({ callTimeoutMs: 150 });
    fake.failNext('GET', CUSTOMERS, 'hang', 3);
    const started = Date.now();
    const error = await failure(quick.findCustomer('acme.example'));
    expect(error).toMatchObject({ code: 504, status: 'DEADLINE_EXCEEDED' });
    expect(error.message).toBe(SERVER_TEXT.upstreamTimeout("Google's Reseller API"));
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("stops at the request's deadline, whatever the call limit", async () => {
    fake.failNext('GET', CUSTOMERS, 'hang', 3);
    const started = Date.now();
    const error = await failure(withDeadline(300, () => provider.findCustomer('acme.example')));
    expect(error).toMatchObject({ code: 504, message: SERVER_TEXT.deadlineExceeded });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('an MX lookup that never answers is given up, and Google is asked instead', async () => {
    await fake.close();
    fake = await startFakeGoogle({ dns: true });
    if (fake.dns !== undefined) fake.dns.silent = true;
    const viaDns = open({
      resolveMx: undefined,
      dnsServers: [fake.dnsServer ?? ''],
      mxTimeoutMs: 200,
    });
    const started = Date.now();
    await expect(viaDns.isGoogleAccount('admin@nosub.example')).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.dns?.questions).toContain('nosub.example');
  });

  it('answers MX questions from the fake DNS server when it is asked', async () => {
    await fake.close();
    fake = await startFakeGoogle({ dns: true });
    const viaDns = open({ resolveMx: undefined, dnsServers: [fake.dnsServer ?? ''] });
    await expect(viaDns.isGoogleAccount('maria@acme-eu.example')).resolves.toBe(true);
    expect(fake.calls.some((c) => RESELLER.test(c.path))).toBe(false);
    await expect(viaDns.isGoogleAccount('x@elsewhere.example')).resolves.toBe(false);
  });
});

describe('changeSeats', () => {
  /** Acme's subscription as Google's answer reads: what the change service checks the rules on. */
  async function acmeSubscription(): Promise<WorkspaceSubscription> {
    const found = await provider.findWorkspaceSubscription('C0acme001');
    if (found === null) throw new Error('the fake Google has no Acme subscription');
    return found;
  }

  it('sends the new numberOfSeats of an annual plan, reads nothing before, and returns what Google answers', async () => {
    await expect(provider.changeSeats('C0acme001', 'sub-acme-001', 21)).resolves.toMatchObject({
      numberOfSeats: 21,
      maximumNumberOfSeats: 50,
      subscriptionId: 'sub-acme-001',
    });
    expect(fake.state.subscriptions.find((s) => s.subscriptionId === 'sub-acme-001')).toMatchObject(
      {
        numberOfSeats: 21,
      },
    );
    expect(fake.calls.filter((c) => c.method === 'GET' && RESELLER.test(c.path))).toHaveLength(0);
  });

  it('answers 404 NOT_FOUND for an id Google no longer knows, so the change service re-reads it', async () => {
    const error = await failure(provider.changeSeats('C0acme001', 'sub-gone-001', 21));
    expect(error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
  });

  it("keeps the reseller's cap on an annual plan where Google sends a larger maximum", async () => {
    fake.updateSubscription('sub-acme-001', { maximumNumberOfSeats: 300 });
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      maximumNumberOfSeats: 50,
    });
    const current = await acmeSubscription();
    expect(() => checkSeatChange(current, 20, 60)).toThrow(
      'The new total of 60 licenses is above the maximum of 50 for this subscription.',
    );
  });

  it("takes Google's maximum on an annual plan where it is below the reseller's cap", async () => {
    fake.updateSubscription('sub-acme-001', { maximumNumberOfSeats: 30 });
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      maximumNumberOfSeats: 30,
    });
  });

  it("stops an annual plan in its trial at Google's 10 seats, saying why", async () => {
    fake.updateSubscription('sub-acme-001', {
      numberOfSeats: 5,
      licensedNumberOfSeats: 3,
      trialEnd: Date.parse('2030-02-01T00:00:00Z'),
    });
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      isTrial: true,
      maximumNumberOfSeats: 10,
    });
    const current = await acmeSubscription();
    expect(() => checkSeatChange(current, 5, 12)).toThrow(SERVER_TEXT.trialSeatLimit(12, 10));
    expect(() => checkSeatChange(current, 5, 10)).not.toThrow();
  });

  it("maps Google's 400 on changeSeats to 400 with Google's message", async () => {
    fake.failNext('POST', CHANGE_SEATS, { reason: 'invalid', message: 'Invalid seat count.' });
    const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 21));
    expect(error).toMatchObject({ code: 400, message: 'Invalid seat count.' });
  });

  it.each([
    [
      'SUSPENDED',
      ['TRIAL_ENDED'],
      SERVER_TEXT.subscriptionSuspended('the free trial ended without a paid plan'),
    ],
    ['PENDING', [], SERVER_TEXT.subscriptionPending],
  ] as const)(
    'reads a %s subscription as the seat rules refuse it',
    async (status, reasons, text) => {
      fake.updateSubscription('sub-acme-001', { status, suspensionReasons: [...reasons] });
      const current = await acmeSubscription();
      expect(() => checkSeatChange(current, 20, 21)).toThrow(text);
    },
  );

  it.each([
    ['the connection drops', 'reset'],
    ['Google answers 503', 503],
    ['Google never answers', 'hang'],
  ] as const)(
    'is never repeated: when %s after the change, a read-back confirms it',
    async (_case, applyThen) => {
      const quick = open({ callTimeoutMs: 300, writeTimeoutMs: 1000 });
      fake.failNext('POST', CHANGE_SEATS, { applyThen });
      await expect(quick.changeSeats('C0acme001', 'sub-acme-001', 24)).resolves.toMatchObject({
        numberOfSeats: 24,
      });
      expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
    },
  );

  it("waits for a slow changeSeats within the write's own limit, not a read's", async () => {
    const writes = open({ callTimeoutMs: 200, writeTimeoutMs: 3000 });
    fake.failNext('POST', CHANGE_SEATS, { slowMs: 600 });
    await expect(writes.changeSeats('C0acme001', 'sub-acme-001', 24)).resolves.toMatchObject({
      numberOfSeats: 24,
    });
    expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
  });

  it.each([503, 504] as const)(
    'reads back with backoff while Google applies a change it answered %i to a moment later',
    async (answer) => {
      const writes = open({ callTimeoutMs: 300, writeTimeoutMs: 5000 });
      fake.failNext('POST', CHANGE_SEATS, { applyLater: { afterMs: 700, answer } });
      await expect(writes.changeSeats('C0acme001', 'sub-acme-001', 24)).resolves.toMatchObject({
        numberOfSeats: 24,
      });
      expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
      expect(callsTo('GET', /\/subscriptions\/sub-acme-001$/).length).toBeGreaterThan(2);
    },
  );

  it('a purchase not seen within the write limit is 504 UNKNOWN: it may still go through', async () => {
    const writes = open({ callTimeoutMs: 200, writeTimeoutMs: 800 });
    fake.failNext('POST', CHANGE_SEATS, { applyLater: { answer: 'hang' } });
    const error = await failure(writes.changeSeats('C0acme001', 'sub-acme-001', 24));
    expect(error).toMatchObject({
      code: 504,
      status: 'UNKNOWN',
      message: SERVER_TEXT.purchaseUnconfirmed,
    });
    expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
    // Google's backend finishes it afterwards: the purchase did go through.
    fake.applyHeldChanges();
    expect(fake.state.subscriptions.find((s) => s.subscriptionId === 'sub-acme-001')).toMatchObject(
      { numberOfSeats: 24 },
    );
  });

  it("answers UNKNOWN before the request's deadline, not the deadline's own 504", async () => {
    const writes = open({ callTimeoutMs: 200 });
    fake.failNext('POST', CHANGE_SEATS, 'hang');
    const error = await failure(
      withDeadline(1500, () => writes.changeSeats('C0acme001', 'sub-acme-001', 24)),
    );
    expect(error).toMatchObject({ code: 504, status: 'UNKNOWN' });
  });

  it('a quota refusal of the change itself is not repeated either', async () => {
    fake.failNext('POST', CHANGE_SEATS, { reason: 'quotaExceeded' });
    const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 24));
    expect(error).toMatchObject({ code: 503, retryAfterSeconds: 30 });
    expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
  });
});

describe('which subscription', () => {
  const extra = (
    subscriptionId: string,
    fields: Partial<FakeGoogle['state']['subscriptions'][number]>,
  ) =>
    fake.addSubscription({
      customerId: 'C0acme001',
      subscriptionId,
      skuId: '1010020025',
      planName: 'ANNUAL_YEARLY_PAY',
      numberOfSeats: 5,
      licensedNumberOfSeats: 5,
      status: 'ACTIVE',
      suspensionReasons: [],
      creationTime: Date.parse('2020-01-01T00:00:00Z'),
      ...fields,
    });

  it('reads every page of the list (the Workspace subscription is on the second)', async () => {
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      subscriptionId: 'sub-acme-001',
    });
    expect(callsTo('GET', /^\/apps\/reseller\/v1\/subscriptions$/)).toHaveLength(2);
  });

  it('never chooses an Archived User SKU or an add-on, even when nothing else is there', async () => {
    fake.updateSubscription('sub-acme-001', { skuId: '1010340001' });
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toBeNull();
    await expect(provider.findWorkspaceSubscription('C0nosub01')).resolves.toBeNull();
  });

  it('takes an active subscription before a suspended one, and a paid one before a trial', async () => {
    fake.updateSubscription('sub-acme-001', { status: 'SUSPENDED', suspensionReasons: ['OTHER'] });
    extra('sub-trial', {
      planName: 'TRIAL',
      numberOfSeats: undefined,
      maximumNumberOfSeats: 10,
      trialEnd: Date.now(),
    });
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      subscriptionId: 'sub-trial',
      isTrial: true,
      maximumNumberOfSeats: 10,
    });
    await provider.close();
    provider = open();
    extra('sub-paid', {});
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      subscriptionId: 'sub-paid',
      isTrial: false,
    });
  });

  it('breaks a tie by the allow-list order, then age, and logs a warning naming the candidates', async () => {
    extra('sub-older-plus', {});
    const byDefault = await provider.findWorkspaceSubscription('C0acme001');
    // Business Standard comes before Business Plus in Google's table, the default order.
    expect(byDefault?.subscriptionId).toBe('sub-acme-001');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({
      customerId: 'C0acme001',
      chosen: 'sub-acme-001',
      candidates: [
        { subscriptionId: 'sub-acme-001', skuId: '1010020028' },
        { subscriptionId: 'sub-older-plus', skuId: '1010020025' },
      ],
    });
    const plusFirst = open({ workspaceSkuIds: ['1010020025', '1010020028'] });
    await expect(plusFirst.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      subscriptionId: 'sub-older-plus',
    });
  });
});

describe('cache', () => {
  it('reuses customers, subscription and delegate lists, and drops them on every change', async () => {
    const count = () => fake.calls.filter((c) => !c.path.startsWith('/token')).length;
    await provider.findCustomer('acme.example');
    await provider.findWorkspaceSubscription('C0acme001');
    await provider.listDelegates('licence', 'C0acme001');
    const afterFirst = count();
    await provider.findCustomer('acme.example');
    await provider.findWorkspaceSubscription('C0acme001');
    await provider.listDelegates('licence', 'C0acme001');
    expect(count()).toBe(afterFirst);

    await provider.changeSeats('C0acme001', 'sub-acme-001', 22);
    await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
      numberOfSeats: 22,
    });
    await expect(
      provider.addDelegate('licence', 'C0acme001', 'new@acme.example'),
    ).resolves.toContain('new@acme.example');
    await expect(provider.listDelegates('licence', 'C0acme001')).resolves.toContain(
      'new@acme.example',
    );
  });

  it('GOOGLE_CACHE_TTL_MS=0 asks Google every time', async () => {
    const uncached = open({ cacheTtlMs: 0 });
    await uncached.findCustomer('acme.example');
    await uncached.findCustomer('acme.example');
    expect(callsTo('GET', CUSTOMERS)).toHaveLength(2);
  });

  it('keeps no answer for a domain Google does not know, asked through the e-mail validator', async () => {
    for (let asked = 0; asked < 2; asked += 1) {
      await expect(provider.isGoogleAccount('someone@other.example')).resolves.toBe(false);
      await expect(provider.isGoogleAccount('someone@stranger.example')).resolves.toBe(true);
    }
    const domains = callsTo('GET', CUSTOMERS).map((call) => decodeURIComponent(call.path));
    expect(domains.filter((path) => path.endsWith('/other.example'))).toHaveLength(2);
    expect(domains.filter((path) => path.endsWith('/stranger.example'))).toHaveLength(1);
  });

  it('keeps at most GOOGLE_CACHE_MAX_ENTRIES answers, the least recently used leaving first', async () => {
    const small = open({ cacheMaxEntries: 2 });
    for (const key of ['acme.example', 'flex.example', 'flex.example', 'paused.example']) {
      await small.findCustomer(key);
    }
    expect(callsTo('GET', CUSTOMERS)).toHaveLength(3);
    await small.findCustomer('paused.example');
    await small.findCustomer('acme.example');
    expect(callsTo('GET', CUSTOMERS).map((call) => call.path.split('/').pop())).toEqual([
      'acme.example',
      'flex.example',
      'paused.example',
      'acme.example',
    ]);
  });
});

describe('delegate groups', () => {
  it('uses one group per customer and kind, from the template, and reads every page', async () => {
    for (const email of ['a@acme.example', 'b@acme.example', 'c@acme.example']) {
      await provider.addDelegate('support', 'C0acme001', email);
    }
    const uncached = open({ cacheTtlMs: 0 });
    await uncached.listDelegates('licence', 'C0acme001');
    const from = fake.calls.length;
    await expect(uncached.listDelegates('support', 'C0acme001')).resolves.toEqual([
      'a@acme.example',
      'b@acme.example',
      'c@acme.example',
      'support@acme.example',
    ]);
    expect(fake.calls.slice(from).map((c) => c.path)).toEqual([
      '/admin/directory/v1/groups/portal-support-c0acme001%40reseller.example/members',
      '/admin/directory/v1/groups/portal-support-c0acme001%40reseller.example/members',
    ]);
  });

  it('lists a group that does not exist yet as no delegates', async () => {
    fake.deleteGroup(FLEX_LICENCE_GROUP);
    await expect(provider.listDelegates('licence', 'C0flex001')).resolves.toEqual([]);
  });

  it('an insert whose answer was lost but which happened is a success, the member there once', async () => {
    fake.failNext('POST', MEMBERS, { applyThen: 'reset' });
    await expect(provider.addDelegate('licence', 'C0acme001', 'a@acme.example')).resolves.toEqual([
      'a@acme.example',
      'licences@acme.example',
    ]);
    // Sent once more: Google's duplicate says the first one went through.
    expect(callsTo('POST', MEMBERS).map((c) => c.status)).toEqual(['no answer', 409]);
    expect(fake.members(ACME_LICENCE_GROUP)).toEqual(['licences@acme.example', 'a@acme.example']);
  });

  it('an insert Google failed (503) before making it is sent once more and made', async () => {
    fake.failNext('POST', MEMBERS, { reason: 'backendError' });
    await expect(provider.addDelegate('licence', 'C0acme001', 'a@acme.example')).resolves.toEqual([
      'a@acme.example',
      'licences@acme.example',
    ]);
    expect(callsTo('POST', MEMBERS).map((c) => c.status)).toEqual([503, 200]);
  });

  it('an insert lost twice is an error, so the history keeps the change pending', async () => {
    fake.failNext('POST', MEMBERS, 'reset', 2);
    const error = await failure(provider.addDelegate('licence', 'C0acme001', 'a@acme.example'));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
    expect(callsTo('POST', MEMBERS)).toHaveLength(2);
  });

  it('a delete whose answer was lost but which happened is a success', async () => {
    fake.failNext('DELETE', MEMBER, { applyThen: 503 });
    await expect(
      provider.removeDelegate('support', 'C0acme001', 'support@acme.example'),
    ).resolves.toEqual([]);
    expect(callsTo('DELETE', MEMBER).map((c) => c.status)).toEqual([503, 404]);
  });

  it('a delete lost before it happened is sent once more and made', async () => {
    fake.failNext('DELETE', MEMBER, 'reset');
    await expect(
      provider.removeDelegate('support', 'C0acme001', 'support@acme.example'),
    ).resolves.toEqual([]);
    expect(fake.members(ACME_SUPPORT_GROUP)).toEqual([]);
  });

  it('refuses to delete from a group that does not exist yet as an absent delegate', async () => {
    fake.deleteGroup(FLEX_LICENCE_GROUP);
    const error = await failure(provider.removeDelegate('licence', 'C0flex001', 'a@flex.example'));
    expect(error).toMatchObject({ code: 404, message: ERROR_TEXT.memberNotFound });
  });
});

describe('delegate groups set themselves up', () => {
  it("the first add creates the group in the reseller's domain and opens it to outsiders", async () => {
    fake.deleteGroup(FLEX_LICENCE_GROUP);
    await expect(provider.addDelegate('licence', 'C0flex001', 'A@flex.example')).resolves.toEqual([
      'a@flex.example',
    ]);
    expect(fake.members(FLEX_LICENCE_GROUP)).toEqual(['a@flex.example']);
    expect(fake.groupSettings(FLEX_LICENCE_GROUP)).toMatchObject({
      allowExternalMembers: 'true',
      whoCanJoin: 'INVITED_CAN_JOIN',
    });
    expect(callsTo('POST', GROUPS).map((c) => c.status)).toEqual([201]);
    expect(callsTo('PATCH', GROUP_SETTINGS).map((c) => c.status)).toEqual([200]);
    // Later adds go straight to the members.
    const from = fake.calls.length;
    await provider.addDelegate('licence', 'C0flex001', 'b@flex.example');
    expect(fake.calls.slice(from).filter((c) => !c.path.startsWith('/token'))).toEqual([
      expect.objectContaining({ method: 'POST', status: 200 }),
      expect.objectContaining({ method: 'GET', status: 200 }),
    ]);
  });

  it("a group another instance made first ('already exists') is used, its settings applied", async () => {
    // The other instance created the group and stopped before its settings.
    fake.createGroup(FLEX_LICENCE_GROUP);
    fake.failNext('POST', MEMBERS, { reason: 'notFound', message: 'Resource Not Found: groupKey' });
    await expect(provider.addDelegate('licence', 'C0flex001', 'a@flex.example')).resolves.toEqual([
      'a@flex.example',
    ]);
    expect(callsTo('POST', GROUPS).map((c) => c.status)).toEqual([409]);
    expect(fake.groupSettings(FLEX_LICENCE_GROUP)?.allowExternalMembers).toBe('true');
  });

  it('two instances adding the first delegates at once both succeed, in one group', async () => {
    fake.deleteGroup(FLEX_LICENCE_GROUP);
    const other = open();
    const added = await Promise.all([
      provider.addDelegate('licence', 'C0flex001', 'a@flex.example'),
      other.addDelegate('licence', 'C0flex001', 'b@flex.example'),
    ]);
    await other.close();
    expect(added.flat()).toEqual(expect.arrayContaining(['a@flex.example', 'b@flex.example']));
    expect(fake.members(FLEX_LICENCE_GROUP).sort()).toEqual(['a@flex.example', 'b@flex.example']);
    expect(fake.groupSettings(FLEX_LICENCE_GROUP)?.allowExternalMembers).toBe('true');
  });

  it('an internal group that refuses an outside member is opened, and the member added', async () => {
    fake.createGroup(FLEX_LICENCE_GROUP, { allowExternalMembers: 'false' });
    await expect(provider.addDelegate('licence', 'C0flex001', 'a@flex.example')).resolves.toEqual([
      'a@flex.example',
    ]);
    expect(callsTo('POST', MEMBERS).map((c) => c.status)).toEqual([412, 200]);
    expect(fake.groupSettings(FLEX_LICENCE_GROUP)?.allowExternalMembers).toBe('true');
  });

  it('a group that still refuses outsiders once opened is a 502 naming it', async () => {
    fake.failNext('POST', MEMBERS, { reason: 'conditionNotMet', message: 'Not allowed.' }, 2);
    const error = await failure(provider.addDelegate('licence', 'C0flex001', 'a@flex.example'));
    expect(error).toMatchObject({
      code: 502,
      status: 'BAD_GATEWAY',
      message: SERVER_TEXT.delegateGroupRefusesOutsiders(FLEX_LICENCE_GROUP),
    });
    expect(fake.members(FLEX_LICENCE_GROUP)).toEqual([]);
  });

  it('a new group Google does not show yet is a 503 asking to try again', async () => {
    fake.deleteGroup(FLEX_LICENCE_GROUP);
    const missing = { reason: 'notFound', message: 'Resource Not Found: groupKey' } as const;
    fake.failNext('POST', MEMBERS, missing, 2);
    const error = await failure(provider.addDelegate('licence', 'C0flex001', 'a@flex.example'));
    expect(error).toMatchObject({
      code: 503,
      retryAfterSeconds: 30,
      message: SERVER_TEXT.delegateGroupNotReady(FLEX_LICENCE_GROUP),
    });
  });
});

describe('delegate lists as Google shows them', () => {
  it('a member added by an alias is listed once, under the primary address', async () => {
    await expect(
      provider.addDelegate('support', 'C0acme001', 'team@acme-eu.example'),
    ).resolves.toEqual(['staff@acme.example', 'support@acme.example']);
    const again = await failure(provider.addDelegate('support', 'C0acme001', 'staff@acme.example'));
    expect(again).toMatchObject({ code: 409, message: ERROR_TEXT.memberAlreadyExists });
  });

  it('a member Google shows only a moment after the insert is in the list handed back', async () => {
    fake.setMemberLag(2);
    await expect(provider.addDelegate('licence', 'C0acme001', 'a@acme.example')).resolves.toEqual([
      'a@acme.example',
      'licences@acme.example',
    ]);
    await expect(provider.listDelegates('licence', 'C0acme001')).resolves.toEqual([
      'a@acme.example',
      'licences@acme.example',
    ]);
    await expect(
      provider.removeDelegate('licence', 'C0acme001', 'licences@acme.example'),
    ).resolves.toEqual(['a@acme.example']);
  });

  it('a lost insert read back while Google lags is still a success', async () => {
    fake.setMemberLag(3);
    fake.failNext('POST', MEMBERS, { applyThen: 'reset' });
    await expect(provider.addDelegate('licence', 'C0acme001', 'a@acme.example')).resolves.toEqual([
      'a@acme.example',
      'licences@acme.example',
    ]);
  });
});

describe('photos', () => {
  it("returns the directory photo's bytes with their content type", async () => {
    await expect(provider.getUserPhoto('admin@acme.example')).resolves.toEqual({
      contentType: 'image/png',
      data: solidPng(96, [26, 115, 232]),
    });
    await expect(provider.getUserPhoto('staff@acme.example')).resolves.toBeNull();
  });

  // A JPEG's start (SOI, then a JFIF APP0 segment), enough for its signature.
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

  it.each(['JPEG', 'image/jpeg', 'JPG', 'jpg', 'image/jpg'])(
    'serves a photo whose type is spelt %s, by its bytes',
    async (mimeType) => {
      fake.updateUser('admin@acme.example', { photo: { mimeType, data: JPEG } });
      await expect(provider.getUserPhoto('admin@acme.example')).resolves.toEqual({
        contentType: 'image/jpeg',
        data: JPEG,
      });
    },
  );

  it('serves the type the bytes show when the declared one disagrees', async () => {
    const png = solidPng(4, [0, 0, 0]);
    fake.updateUser('admin@acme.example', { photo: { mimeType: 'JPEG', data: png } });
    await expect(provider.getUserPhoto('admin@acme.example')).resolves.toMatchObject({
      contentType: 'image/png',
    });
  });

  it('a photo whose bytes are no image falls back to the silhouette and logs why', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    fake.updateUser('admin@acme.example', { photo: { mimeType: 'PNG', data: html } });
    await expect(provider.getUserPhoto('admin@acme.example')).resolves.toBeNull();
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({
          email: 'admin@acme.example',
          mimeType: 'PNG',
        }) as unknown,
        message: 'photo unreadable',
      },
    ]);
  });
});
