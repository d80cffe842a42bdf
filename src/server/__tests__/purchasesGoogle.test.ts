import { API_PATHS } from '../../contract/api';
import type { HistoryEntry, HistoryPage } from '../../contract/history';
import type { SubscriptionInfo } from '../../contract/subscription';
import { DEFAULT_PURCHASE_GRACE_MS } from '../limits';
import { SERVER_TEXT } from '../messages';
import type { FakeGoogle } from '../../testing/fakeGoogle';
import type { PortalStore } from '../store/portalStore';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';
import { type Browser, errorOf } from '../../testing/server/portalHarness';

// Purchases in google mode against the fake Google's latency (docs/api.md, POST /api/add-licence):
// Google's answer comes late, is a 503 or 504, or never comes, while its backend applies the change;
// and Google changes a subscription's id when it updates it.

const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const CHANGE_SEATS = /\/changeSeats$/;
const RENEWED_ID = 'sub-acme-renewed';
/** Short limits, so a purchase Google never confirms is decided within a test. */
const LIMITS = { GOOGLE_CALL_TIMEOUT_MS: '300', GOOGLE_WRITE_TIMEOUT_MS: '1500' };

let portal: GooglePortal;
let fake: FakeGoogle;
let store: PortalStore;
let clock: number;
let logLines: Record<string, unknown>[];

async function start(env: Record<string, string> = {}, requestDeadlineMs?: number) {
  portal = await startGooglePortal({
    env: { ...LIMITS, ...env },
    logLevel: 'info',
    withStore: true,
    now: () => clock,
    requestDeadlineMs,
  });
  ({ fake, logs: logLines } = portal);
  store = portal.store as PortalStore;
}

beforeEach(() => {
  clock = Date.now();
});

afterEach(async () => {
  await portal.close();
});

async function signIn(email: string): Promise<Browser> {
  const { browser, answer } = await portal.signIn(email);
  expect(answer.status).toBe(200);
  return browser;
}

const buy = (browser: Browser, subscriptionId = ACME.subscriptionId) =>
  browser.post<{ subscription?: SubscriptionInfo }>(API_PATHS.addLicence, {
    customerId: ACME.customerId,
    subscriptionId,
    numberOfSeats: 24,
    expectedNumberOfSeats: 20,
  });

async function history(browser: Browser): Promise<HistoryEntry[]> {
  const answer = await browser.get<HistoryPage>(`/api/history?customer=${ACME.customerId}`);
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

/** ACME's Workspace subscription in the fake, under its first id or the one Google gave it. */
const seats = () =>
  fake.state.subscriptions.find((s) => [ACME.subscriptionId, RENEWED_ID].includes(s.subscriptionId))
    ?.numberOfSeats;

const audits = () =>
  logLines
    .filter((line) => line.audit === true)
    .map((line) => [
      line.action,
      line.outcome,
      (line.after as { numberOfSeats: number }).numberOfSeats,
    ]);

describe("purchases that survive Google's latency", () => {
  it('a change Google applies a moment after answering 503 is bought, listed done and audited', async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    fake.failNext('POST', CHANGE_SEATS, { applyLater: { afterMs: 600, answer: 503 } });
    const answer = await buy(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.subscription?.numberOfSeats).toBe(24);
    expect(fake.calls.filter((c) => c.method === 'POST' && CHANGE_SEATS.test(c.path))).toHaveLength(
      1,
    );
    expect(await history(admin)).toEqual([expect.objectContaining({ after: 24, state: 'done' })]);
    expect(audits()).toEqual([['licence.add', 'done', 24]]);
  });

  it("the add-licence deadline covers the write's limit: a slow Google is waited for past the usual deadline", async () => {
    await start({ GOOGLE_WRITE_TIMEOUT_MS: '3000' }, 1000);
    const admin = await signIn('admin@acme.example');
    fake.failNext('POST', CHANGE_SEATS, { slowMs: 1500 });
    const answer = await buy(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.subscription?.numberOfSeats).toBe(24);
  });

  it('a call that hangs while Google applies the change is confirmed by read-backs in the write window', async () => {
    await start({ GOOGLE_WRITE_TIMEOUT_MS: '3000', GOOGLE_CALL_TIMEOUT_MS: '8000' });
    const admin = await signIn('admin@acme.example');
    fake.failNext('POST', CHANGE_SEATS, { applyLater: { afterMs: 2000, answer: 'hang' } });
    const answer = await buy(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.subscription?.numberOfSeats).toBe(24);
    expect(fake.calls.filter((c) => c.method === 'POST' && CHANGE_SEATS.test(c.path))).toHaveLength(
      1,
    );
    expect(await history(admin)).toEqual([expect.objectContaining({ after: 24, state: 'done' })]);
    expect(await store.countNotifications()).toEqual(expect.objectContaining({ waiting: 1 }));
  });

  it('an unconfirmed purchase is 504 UNKNOWN, listed unconfirmed, then done once Google shows it', async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    fake.failNext('POST', CHANGE_SEATS, { applyLater: { answer: 504 } });
    const answer = await buy(admin);
    expect(answer.status).toBe(504);
    expect(errorOf(answer)).toEqual({
      code: 504,
      status: 'UNKNOWN',
      message: SERVER_TEXT.purchaseUnconfirmed,
    });
    expect(await history(admin)).toEqual([
      expect.objectContaining({ after: 24, state: 'unconfirmed' }),
    ]);

    fake.applyHeldChanges();
    // Nobody reads the history: the settlement worker's pass settles it (docs/api.md, GET /api/history).
    expect(await portal.settle()).toBe(1);
    expect(await history(admin)).toEqual([expect.objectContaining({ after: 24, state: 'done' })]);
    expect(await store.countNotifications()).toEqual(expect.objectContaining({ waiting: 1 }));
    expect(audits()).toEqual([
      ['licence.add', 'unconfirmed', 24],
      ['licence.add', 'done', 24],
    ]);
  });

  it('buying the same total again while the first purchase is unconfirmed is refused: one done, one event', async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    // Google answers 504 and applies the write only after the portal's read-backs gave up: 504 UNKNOWN.
    fake.failNext('POST', CHANGE_SEATS, { applyLater: { answer: 504 } });
    expect((await buy(admin)).status).toBe(504);
    // The buyer reloads and tries again before anything settled it: refused, nothing sent.
    const again = await buy(admin);
    expect(again.status).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 409,
      status: 'ABORTED',
      message: SERVER_TEXT.purchaseBeingConfirmed,
    });
    expect(fake.calls.filter((c) => c.method === 'POST' && CHANGE_SEATS.test(c.path))).toHaveLength(
      1,
    );
    fake.applyHeldChanges();
    expect(seats()).toBe(24);
    await portal.settle();
    expect(await history(admin)).toEqual([expect.objectContaining({ after: 24, state: 'done' })]);
    expect(await store.countNotifications()).toEqual(expect.objectContaining({ waiting: 1 }));
    expect(audits()).toEqual([
      ['licence.add', 'unconfirmed', 24],
      ['licence.add', 'done', 24],
    ]);
    // Settled, the next purchase goes through on top of the total Google shows.
    const next = await admin.post<{ subscription?: SubscriptionInfo }>(API_PATHS.addLicence, {
      customerId: ACME.customerId,
      subscriptionId: ACME.subscriptionId,
      numberOfSeats: 25,
      expectedNumberOfSeats: 24,
    });
    expect(next.status).toBe(200);
  });

  it('a purchase never seen within the grace period is listed not-made, never hidden as failed', async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    fake.failNext('POST', CHANGE_SEATS, 'hang');
    expect((await buy(admin)).status).toBe(504);
    clock += DEFAULT_PURCHASE_GRACE_MS - 1;
    await portal.settle();
    expect((await history(admin)).map((entry) => entry.state)).toEqual(['unconfirmed']);
    clock += 1;
    await portal.settle();
    expect((await history(admin)).map((entry) => entry.state)).toEqual(['not-made']);
    expect(seats()).toBe(20);
    expect(audits()).toEqual([
      ['licence.add', 'unconfirmed', 24],
      ['licence.add', 'not-made', 24],
    ]);
  });

  it('a purchase Google refuses is failed: not listed, and audited as failed', async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    fake.failNext('POST', CHANGE_SEATS, { reason: 'invalid', message: 'Invalid seat count.' });
    expect((await buy(admin)).status).toBe(400);
    expect(await history(admin)).toEqual([]);
    expect(audits()).toEqual([['licence.add', 'failed', 24]]);
  });

  it("a purchase Google turns away for its quota is failed too: Google's 4xx applied nothing", async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    fake.failNext('POST', CHANGE_SEATS, { reason: 'rateLimitExceeded', retryAfterSeconds: 7 });
    const refused = await buy(admin);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect(seats()).toBe(20);
    expect(await history(admin)).toEqual([]);
    expect(audits()).toEqual([['licence.add', 'failed', 24]]);
  });
});

describe('subscription ids that Google changes', () => {
  it('an add with the old id is 409 ABORTED with the fresh view, and nothing is bought', async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    fake.renewSubscriptionId(ACME.subscriptionId, RENEWED_ID);
    const answer = await buy(admin);
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toEqual({
      code: 409,
      status: 'ABORTED',
      message: SERVER_TEXT.subscriptionIdChanged,
    });
    expect(answer.body.subscription).toEqual(
      expect.objectContaining({ subscriptionId: RENEWED_ID, numberOfSeats: 20 }),
    );
    expect(seats()).toBe(20);

    // The fresh view's id buys.
    const again = await buy(admin, RENEWED_ID);
    expect(again.status).toBe(200);
    expect(seats()).toBe(24);
  });

  it("an id the portal never showed this customer stays a 403, and shows nothing of the customer's", async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    fake.renewSubscriptionId(ACME.subscriptionId, RENEWED_ID);
    const answer = await buy(admin, 'sub-flex-001');
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain(RENEWED_ID);
  });

  it('pending history under the old id still settles', async () => {
    await start();
    const admin = await signIn('admin@acme.example');
    await store.recordIntent({
      customerId: ACME.customerId,
      actor: 'licences@acme.example',
      requestId: 'request-of-the-other-instance',
      at: clock,
      change: { kind: 'licences', subscriptionId: ACME.subscriptionId, before: 20, after: 24 },
    });
    fake.setSeats(ACME.subscriptionId, 24);
    fake.renewSubscriptionId(ACME.subscriptionId, RENEWED_ID);
    await portal.settle();
    expect(await history(admin)).toEqual([expect.objectContaining({ after: 24, state: 'done' })]);
  });
});
