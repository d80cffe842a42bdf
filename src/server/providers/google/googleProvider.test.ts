import { API_PATHS } from '../../../contract/api';
import { ERROR_TEXT } from '../../../contract/errors';
import { SIGN_IN_SCOPES } from '../../../contract/limits';
import { ApiError } from '../../apiError';
import { withDeadline } from '../../deadline';
import { SERVER_TEXT } from '../../messages';
import type { PortalProvider } from '../provider';
import { startFakeGoogle, type Fault, type FakeGoogle } from './fakeGoogle.testing';
import { solidPng } from './fakeGoogle/dataset';
import { createGoogleProvider } from './googleProvider';
import type { GoogleProviderOptions } from './options';

// How the Google provider reads Google's answers, failures included, against the local fake Google.

let fake: FakeGoogle;
let provider: PortalProvider;
let mxLookups: string[];
let warnings: { details: object; message: string }[];

function open(overrides: Partial<GoogleProviderOptions> = {}): PortalProvider {
  return createGoogleProvider({
    clientId: fake.clientId,
    resellerName: 'Example Reseller',
    resellerAdminEmail: fake.resellerAdmin,
    serviceAccountKey: fake.serviceAccountKey,
    delegateGroupTemplate: fake.groupTemplate,
    apiRootUrl: fake.rootUrl,
    tokenInfoUrl: fake.tokenInfoUrl,
    tokenUrl: fake.tokenUrl,
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
    expect(error.message).toContain('service-account sign-in');
    expect(error.message).toContain('Client is unauthorized');
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

  it("falls back to Google's customers when DNS fails", async () => {
    await expect(provider.isGoogleAccount('x@broken-dns.example')).resolves.toBe(false);
    await expect(provider.isGoogleAccount('admin@nosub.example')).resolves.toBe(true);
  });
});

describe('getDirectoryUser', () => {
  it("reads the person with their own token and the reseller's at once: admin, photo, customer", async () => {
    fake.latencyMs = 50;
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    // The service account's directory token is already there, as after the first sign-in.
    await provider.lookupDirectoryUser('staff@acme.example');
    const from = fake.calls.length;
    await expect(provider.getDirectoryUser('admin@acme.example', token)).resolves.toEqual({
      email: 'admin@acme.example',
      isAdmin: true,
      thumbnailPhotoUrl: API_PATHS.photo,
      customerId: 'C0acme001',
      aliases: [],
    });
    const reads = fake.calls.slice(from);
    expect(reads.map((c) => c.caller).sort()).toEqual(['reseller', 'user']);
    expect(fake.roundTrips(from)).toBe(1);
  });

  it("reads Google's refusal of the admin view (reason forbidden) as 'not an admin'", async () => {
    const token = fake.issueToken('licences@acme.example', SIGN_IN_SCOPES);
    await expect(provider.getDirectoryUser('licences@acme.example', token)).resolves.toMatchObject({
      isAdmin: false,
      customerId: 'C0acme001',
    });
  });

  it('does not read any other 403 as "not an admin": a quota becomes 503 with Retry-After', async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    fake.failNext('GET', USERS, { reason: 'userRateLimitExceeded' }, 6);
    const error = await failure(provider.getDirectoryUser('admin@acme.example', token));
    expect(error).toMatchObject({ code: 503, status: 'UNAVAILABLE', retryAfterSeconds: 30 });
    expect(error.message).toBe(SERVER_TEXT.upstreamBusy("Google's Directory API"));
  });

  it("maps Google's 401 to the contract's exact 401 text", async () => {
    const error = await failure(provider.getDirectoryUser('admin@acme.example', 'expired'));
    expect(error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect(error.message).toBe(ERROR_TEXT.unauthenticated);
  });

  it("maps Google's insufficient-scope 403 to the exact text", async () => {
    const token = fake.issueToken('admin@acme.example', ['email', 'profile']);
    const error = await failure(provider.getDirectoryUser('admin@acme.example', token));
    expect(error).toMatchObject({ code: 403, message: ERROR_TEXT.insufficientScopes });
  });

  it('says a person missing from the directory is not a user there (403)', async () => {
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    const error = await failure(provider.getDirectoryUser('ghost@acme.example', token));
    expect(error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(error.message).toContain('ghost@acme.example');
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
    const token = fake.issueToken('admin@acme.example', SIGN_IN_SCOPES);
    const error = await failure(provider.getDirectoryUser('admin@acme.example', token));
    expect(error).toMatchObject({ code: 403, message: text('acme.example') });
    await expect(provider.lookupDirectoryUser('staff@acme.example')).rejects.toMatchObject({
      code: 403,
      message: text('acme.example'),
    });
  });

  it("gives no customer for someone of an account that is not the reseller's", async () => {
    const token = fake.issueToken('someone@stranger.example', SIGN_IN_SCOPES);
    await expect(
      provider.getDirectoryUser('someone@stranger.example', token),
    ).resolves.toMatchObject({
      email: 'someone@stranger.example',
      customerId: null,
    });
  });

  it('finds a person by an alias, with their primary address', async () => {
    await expect(provider.lookupDirectoryUser('team@acme-eu.example')).resolves.toMatchObject({
      email: 'staff@acme.example',
      aliases: ['team@acme-eu.example'],
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

  it('an unreachable Google becomes 502', async () => {
    await fake.close();
    const error = await failure(provider.findCustomer('acme.example'));
    expect(error).toMatchObject({ code: 502, status: 'BAD_GATEWAY' });
    expect(error.message).toMatch(/could not be reached/);
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
  it('refuses with 409 when another admin changed the total, and does not call changeSeats', async () => {
    fake.setSeats('sub-acme-001', 22);
    const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 25));
    expect(error).toMatchObject({ code: 409, status: 'ABORTED' });
    expect(error.message).toMatch(/changed from 20 to 22/);
    expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(0);
  });

  it('sends the new numberOfSeats of an annual plan and returns what Google answers', async () => {
    await expect(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 21)).resolves.toMatchObject({
      numberOfSeats: 21,
      maximumNumberOfSeats: 50,
      subscriptionId: 'sub-acme-001',
    });
    expect(fake.state.subscriptions.find((s) => s.subscriptionId === 'sub-acme-001')).toMatchObject(
      {
        numberOfSeats: 21,
      },
    );
  });

  it("maps Google's 400 on changeSeats to 400 with Google's message", async () => {
    fake.failNext('POST', CHANGE_SEATS, { reason: 'invalid', message: 'Invalid seat count.' });
    const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 21));
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
    'refuses a %s subscription before calling changeSeats',
    async (status, reasons, text) => {
      fake.updateSubscription('sub-acme-001', { status, suspensionReasons: [...reasons] });
      const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 21));
      expect(error).toMatchObject({ code: 400, status: 'FAILED_PRECONDITION', message: text });
      expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(0);
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
      await expect(quick.changeSeats('C0acme001', 'sub-acme-001', 20, 24)).resolves.toMatchObject({
        numberOfSeats: 24,
      });
      expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
    },
  );

  it("waits for a slow changeSeats within the write's own limit, not a read's", async () => {
    const writes = open({ callTimeoutMs: 200, writeTimeoutMs: 3000 });
    fake.failNext('POST', CHANGE_SEATS, { slowMs: 600 });
    await expect(writes.changeSeats('C0acme001', 'sub-acme-001', 20, 24)).resolves.toMatchObject({
      numberOfSeats: 24,
    });
    expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
  });

  it.each([503, 504] as const)(
    'reads back with backoff while Google applies a change it answered %i to a moment later',
    async (answer) => {
      const writes = open({ callTimeoutMs: 300, writeTimeoutMs: 5000 });
      fake.failNext('POST', CHANGE_SEATS, { applyLater: { afterMs: 700, answer } });
      await expect(writes.changeSeats('C0acme001', 'sub-acme-001', 20, 24)).resolves.toMatchObject({
        numberOfSeats: 24,
      });
      expect(callsTo('POST', CHANGE_SEATS)).toHaveLength(1);
      expect(callsTo('GET', /\/subscriptions\/sub-acme-001$/).length).toBeGreaterThan(2);
    },
  );

  it('a purchase not seen within the write limit is 504 UNKNOWN: it may still go through', async () => {
    const writes = open({ callTimeoutMs: 200, writeTimeoutMs: 800 });
    fake.failNext('POST', CHANGE_SEATS, { applyLater: { answer: 'hang' } });
    const error = await failure(writes.changeSeats('C0acme001', 'sub-acme-001', 20, 24));
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
      withDeadline(1500, () => writes.changeSeats('C0acme001', 'sub-acme-001', 20, 24)),
    );
    expect(error).toMatchObject({ code: 504, status: 'UNKNOWN' });
  });

  it('a quota refusal of the change itself is not repeated either', async () => {
    fake.failNext('POST', CHANGE_SEATS, { reason: 'quotaExceeded' });
    const error = await failure(provider.changeSeats('C0acme001', 'sub-acme-001', 20, 24));
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

    await provider.changeSeats('C0acme001', 'sub-acme-001', 20, 22);
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

  it('treats a group that does not exist yet as no delegates, and says so when adding', async () => {
    fake.deleteGroup('portal-licence-c0flex001@reseller.example');
    await expect(provider.listDelegates('licence', 'C0flex001')).resolves.toEqual([]);
    const error = await failure(provider.addDelegate('licence', 'C0flex001', 'a@flex.example'));
    expect(error).toMatchObject({ code: 502 });
    expect(error.message).toContain('portal-licence-c0flex001@reseller.example');
  });

  it('an insert whose answer was lost but which happened is a success, sent once', async () => {
    fake.failNext('POST', MEMBERS, { applyThen: 'reset' });
    await expect(provider.addDelegate('licence', 'C0acme001', 'a@acme.example')).resolves.toEqual([
      'a@acme.example',
      'licences@acme.example',
    ]);
    expect(callsTo('POST', MEMBERS)).toHaveLength(1);
  });

  it('an insert that Google failed (503) and that did not happen is a 503 that says so', async () => {
    fake.failNext('POST', MEMBERS, { reason: 'backendError' });
    const error = await failure(provider.addDelegate('licence', 'C0acme001', 'a@acme.example'));
    expect(error).toMatchObject({
      code: 503,
      message: SERVER_TEXT.changeNotApplied("Google's Directory API"),
    });
    expect(callsTo('POST', MEMBERS)).toHaveLength(1);
  });

  it('a delete whose answer was lost but which happened is a success, sent once', async () => {
    fake.failNext('DELETE', MEMBER, { applyThen: 503 });
    await expect(
      provider.removeDelegate('support', 'C0acme001', 'support@acme.example'),
    ).resolves.toEqual([]);
    expect(callsTo('DELETE', MEMBER)).toHaveLength(1);
  });

  it('a delete lost before it happened is a 503, and the member stays', async () => {
    fake.failNext('DELETE', MEMBER, 'reset');
    const error = await failure(
      provider.removeDelegate('support', 'C0acme001', 'support@acme.example'),
    );
    expect(error.code).toBe(503);
    expect(fake.members('portal-support-c0acme001@reseller.example')).toEqual([
      'support@acme.example',
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
});
