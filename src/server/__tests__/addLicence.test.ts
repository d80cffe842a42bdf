import type { HistoryPage } from '../../contract/history';
import type { SubscriptionInfo } from '../../contract/subscription';
import { errorOf, portalForTests } from '../../testing/server/portalHarness';

// Purchases state what they saw (docs/api.md, POST /api/add-licence): with expectedNumberOfSeats a
// stale page's add is refused with 409 and nothing changes; without it, today's behaviour.

const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const STALE_TEXT =
  'The total number of licenses changed from 20 to 21 while you were adding licenses. Reload the page and try again.';

const portal = portalForTests();

async function acmeSeats(): Promise<number> {
  const subscription = await portal.sandbox.provider.findWorkspaceSubscription(ACME.customerId);
  return subscription?.numberOfSeats ?? Number.NaN;
}

it('refuses a purchase from a stale page with 409 ABORTED, and nothing changes', async () => {
  // Both saw 20. The delegate buys 1; the admin, still looking at 20, buys 3.
  const admin = await portal.signIn('admin@acme.example');
  const delegate = await portal.signIn('licences@acme.example');
  const first = await delegate.post('/api/add-licence', {
    ...ACME,
    numberOfSeats: 21,
    expectedNumberOfSeats: 20,
  });
  expect(first.status).toBe(200);

  const stale = await admin.post('/api/add-licence', {
    ...ACME,
    numberOfSeats: 23,
    expectedNumberOfSeats: 20,
  });
  expect(stale.status).toBe(409);
  expect(errorOf(stale)).toEqual({ code: 409, status: 'ABORTED', message: STALE_TEXT });
  expect(await acmeSeats()).toBe(21);

  const history = await admin.get<HistoryPage>(`/api/history?customer=${ACME.customerId}`);
  expect(history.body.entries).toMatchObject([{ kind: 'licences', before: 20, after: 21 }]);
  expect(portal.logs.filter((line) => line.audit === true)).toHaveLength(1);

  // After a reload (the true total, 21) the same purchase goes through.
  const retried = await admin.post<{ subscription: SubscriptionInfo }>('/api/add-licence', {
    ...ACME,
    numberOfSeats: 24,
    expectedNumberOfSeats: 21,
  });
  expect(retried.status).toBe(200);
  expect(retried.body.subscription.numberOfSeats).toBe(24);
});

it('keeps today’s behaviour for a request without expectedNumberOfSeats', async () => {
  const admin = await portal.signIn('admin@acme.example');
  expect((await admin.post('/api/add-licence', { ...ACME, numberOfSeats: 21 })).status).toBe(200);
  const older = await admin.post('/api/add-licence', { ...ACME, numberOfSeats: 23 });
  expect(older.status).toBe(200);
  expect(await acmeSeats()).toBe(23);
});

it('lets exactly one of many concurrent purchases from the same page through', async () => {
  const buyers = await Promise.all([
    portal.signIn('admin@acme.example'),
    portal.signIn('licences@acme.example'),
    portal.signIn('admin@acme.example'),
    portal.signIn('licences@acme.example'),
  ]);
  const answers = await Promise.all(
    buyers.map((buyer, index) =>
      buyer.post('/api/add-licence', {
        ...ACME,
        numberOfSeats: 21 + index,
        expectedNumberOfSeats: 20,
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([200, 409, 409, 409]);
  const winner = answers.findIndex((answer) => answer.status === 200);
  expect(await acmeSeats()).toBe(21 + winner);
  const admin = buyers[0];
  const history = await admin?.get<HistoryPage>(`/api/history?customer=${ACME.customerId}`);
  expect(history?.body.entries).toMatchObject([{ before: 20, after: 21 + winner }]);
});

it.each([
  ['a string', '20', "Field 'expectedNumberOfSeats' must be an integer."],
  ['a fraction', 20.5, "Field 'expectedNumberOfSeats' must be an integer."],
  ['a negative number', -1, "Field 'expectedNumberOfSeats' must be at least 0."],
  ['null', null, "Field 'expectedNumberOfSeats' must be an integer."],
])('refuses %s as expectedNumberOfSeats with 400', async (_case, expected, message) => {
  const admin = await portal.signIn('admin@acme.example');
  const answer = await admin.post('/api/add-licence', {
    ...ACME,
    numberOfSeats: 21,
    expectedNumberOfSeats: expected,
  });
  expect(answer.status).toBe(400);
  expect(errorOf(answer)).toEqual({ code: 400, status: 'INVALID_ARGUMENT', message });
  expect(await acmeSeats()).toBe(20);
});

it('checks the plan before the total: a Flexible plan stays a 400 whatever was seen', async () => {
  const flexAdmin = await portal.signIn('admin@flex.example');
  const answer = await flexAdmin.post('/api/add-licence', {
    customerId: 'C0flex001',
    subscriptionId: 'sub-flex-001',
    numberOfSeats: 12,
    expectedNumberOfSeats: 3,
  });
  expect(answer.status).toBe(400);
  expect(errorOf(answer).message).toMatch(/annual plan/);
});
