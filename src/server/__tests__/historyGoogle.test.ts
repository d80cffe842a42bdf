import type { FastifyInstance } from 'fastify';
import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import type { HistoryPage } from '../../contract/history';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import type { SubscriptionInfo } from '../../contract/subscription';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { createLogger } from '../logger';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../../testing/fakeGoogle';
import { groupAddress } from '../../testing/fakeGoogle/dataset';
import { createGoogleProvider, readGoogleOptions } from '../providers/google';
import type { PortalProvider } from '../providers/provider';
import { readSeatPolicy } from '../providers/seatPolicy';
import { createSqliteStore } from '../store/openStore';
import type { PortalStore } from '../store/portalStore';
import { Browser, errorOf } from '../../testing/server/portalHarness';

// Google mode keeps a short cache of Google's answers per instance. What another instance changed
// a moment ago is not in it: settling pending entries and judging a buyer's total ask Google itself.

const SESSION_SECRET = 'a-session-secret-of-at-least-thirty-two-characters';
const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };

let fake: FakeGoogle;
let provider: PortalProvider;
let store: PortalStore;
let app: FastifyInstance;
let baseUrl: string;

beforeEach(async () => {
  fake = await startFakeGoogle();
  const env = { ...fakeGoogleEnv(fake, SESSION_SECRET), LOG_LEVEL: 'silent' };
  const config = readConfig(env);
  provider = createGoogleProvider({ ...readGoogleOptions(env), seatPolicy: readSeatPolicy(env) });
  const opened = createSqliteStore(':memory:');
  await opened.migrate();
  store = opened.store;
  app = buildApp({ config, provider, store, logger: createLogger('silent') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterEach(async () => {
  await app.close();
  await provider.close();
  await store.close();
  await fake.close();
});

/** Signs in; the answer leaves the subscription (20 seats) in this instance's cache. */
async function signIn(email: string): Promise<Browser> {
  const browser = new Browser(baseUrl);
  const answer = await browser.get<SubscriptionInfo>(
    `${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(email)}`,
    { [TOKEN_HEADER]: fake.issueToken(email, SIGN_IN_SCOPES) },
  );
  expect(answer.body.numberOfSeats).toBe(20);
  return browser;
}

async function history(browser: Browser) {
  const answer = await browser.get<HistoryPage>(`/api/history?customer=${ACME.customerId}`);
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

it('settles an entry another instance left pending from Google, not from this cache', async () => {
  const admin = await signIn('admin@acme.example');
  // Another instance wrote its intent, Google applied the change, and the instance died.
  await store.recordIntent({
    customerId: ACME.customerId,
    actor: 'licences@acme.example',
    requestId: 'request-of-the-other-instance',
    at: Date.now(),
    change: { kind: 'licences', subscriptionId: ACME.subscriptionId, before: 20, after: 24 },
  });
  fake.setSeats(ACME.subscriptionId, 24);

  expect(await history(admin)).toEqual([
    expect.objectContaining({ before: 20, after: 24, state: 'done' }),
  ]);
});

it('buys on top of the total the buyer saw on another instance, past this cache', async () => {
  const admin = await signIn('admin@acme.example');
  // Another instance sold 5 licences; this instance's cache still says 20.
  fake.setSeats(ACME.subscriptionId, 25);

  const bought = await admin.post<{ subscription: SubscriptionInfo }>('/api/add-licence', {
    ...ACME,
    numberOfSeats: 26,
    expectedNumberOfSeats: 25,
  });
  expect(bought.status).toBe(200);
  expect(bought.body.subscription.numberOfSeats).toBe(26);

  const stale = await admin.post('/api/add-licence', {
    ...ACME,
    numberOfSeats: 21,
    expectedNumberOfSeats: 20,
  });
  expect(stale.status).toBe(409);
  expect(errorOf(stale).message).toBe(
    'The total number of licenses changed from 20 to 26 while you were adding licenses. Reload the page and try again.',
  );
  expect(fake.state.subscriptions.find((s) => s.subscriptionId === ACME.subscriptionId)).toEqual(
    expect.objectContaining({ numberOfSeats: 26 }),
  );
  expect(await history(admin)).toEqual([
    expect.objectContaining({ before: 25, after: 26, state: 'done' }),
  ]);
});

it('settles a delegate change another instance left pending from Google’s group', async () => {
  const admin = await signIn('admin@acme.example');
  // Warm this instance's cache of the licence delegate group.
  expect((await admin.get(`/api/licence-delegate?customer=${ACME.customerId}`)).status).toBe(200);
  await store.recordIntent({
    customerId: ACME.customerId,
    actor: 'admin@acme.example',
    requestId: 'delegate-of-the-other-instance',
    at: Date.now(),
    change: {
      kind: 'licence-delegate',
      action: 'add',
      member: 'new@acme.example',
      before: [],
      after: null,
    },
  });
  fake.state.groups.get(groupAddress('licence', ACME.customerId))?.push('new@acme.example');
  expect(await history(admin)).toEqual([
    expect.objectContaining({
      kind: 'licence-delegate',
      member: 'new@acme.example',
      state: 'done',
    }),
  ]);
});

it('settles a delegate added by an alias as done, though Google lists the primary address', async () => {
  const admin = await signIn('admin@acme.example');
  // team@acme-eu.example is an alias of staff@acme.example; the add's answer never arrived.
  await store.recordIntent({
    customerId: ACME.customerId,
    actor: 'admin@acme.example',
    requestId: 'alias-add-left-pending',
    at: Date.now(),
    change: {
      kind: 'licence-delegate',
      action: 'add',
      member: 'team@acme-eu.example',
      before: ['licences@acme.example'],
      after: null,
    },
  });
  fake.state.groups.get(groupAddress('licence', ACME.customerId))?.push('staff@acme.example');
  expect(await history(admin)).toEqual([
    expect.objectContaining({ member: 'team@acme-eu.example', state: 'done' }),
  ]);
});
