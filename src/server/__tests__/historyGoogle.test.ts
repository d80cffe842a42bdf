import type { HistoryPage } from '../../contract/history';
import type { SubscriptionInfo } from '../../contract/subscription';
import type { FakeGoogle } from '../../testing/fakeGoogle';
import { groupAddress } from '../../testing/fakeGoogle/dataset';
import type { PortalStore, RecordedChange } from '../store/portalStore';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';
import { type Browser, errorOf } from '../../testing/server/portalHarness';

// Google mode keeps a short cache of Google's answers per instance. What another instance changed
// a moment ago is not in it: the settlement worker and the judging of a buyer's total ask Google itself.

const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };

let portal: GooglePortal;
let fake: FakeGoogle;
let store: PortalStore;

beforeEach(async () => {
  portal = await startGooglePortal({ withStore: true });
  fake = portal.fake;
  store = portal.store as PortalStore;
});

afterEach(async () => {
  await portal.close();
});

/** Signs in; the answer leaves the subscription (20 seats) in this instance's cache. */
async function signIn(email: string): Promise<Browser> {
  const { browser, answer } = await portal.signIn(email);
  expect(answer.body.numberOfSeats).toBe(20);
  return browser;
}

/** The intent `actor`'s change left behind on another instance that died before settling it. */
function leftPending(actor: string, change: RecordedChange) {
  return store.recordIntent({
    customerId: ACME.customerId,
    actor,
    requestId: 'request-of-the-other-instance',
    at: Date.now(),
    change,
  });
}

async function history(browser: Browser) {
  const answer = await browser.get<HistoryPage>(`/api/history?customer=${ACME.customerId}`);
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

it('settles an entry another instance left pending from Google, not from this cache', async () => {
  const admin = await signIn('admin@acme.example');
  // Another instance wrote its intent, Google applied the change, and the instance died.
  await leftPending('licences@acme.example', {
    kind: 'licences',
    subscriptionId: ACME.subscriptionId,
    before: 20,
    after: 24,
  });
  fake.setSeats(ACME.subscriptionId, 24);

  await portal.settle();
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
  await leftPending('admin@acme.example', {
    kind: 'licence-delegate',
    action: 'add',
    member: 'new@acme.example',
    before: [],
    after: null,
  });
  fake.state.groups.get(groupAddress('licence', ACME.customerId))?.push('new@acme.example');
  await portal.settle();
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
  await leftPending('admin@acme.example', {
    kind: 'licence-delegate',
    action: 'add',
    member: 'team@acme-eu.example',
    before: ['licences@acme.example'],
    after: null,
  });
  fake.state.groups.get(groupAddress('licence', ACME.customerId))?.push('staff@acme.example');
  await portal.settle();
  expect(await history(admin)).toEqual([
    expect.objectContaining({ member: 'team@acme-eu.example', state: 'done' }),
  ]);
});
