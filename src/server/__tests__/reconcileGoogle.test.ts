import type { FastifyInstance } from 'fastify';
import type { HistoryPage } from '../../contract/history';
import { buildMetricsServer, METRICS_PATH } from '../plugins/metrics';
import { createReconcileWorker, type ReconcileWorker } from '../services/reconcileWorker';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';

// The ledger's reconciliation in google mode (docs/api.md, Reconciliation): every customer's
// subscriptions read from the fake Google's paged subscriptions.list, a total changed in Google's
// console found once, told to billing systems on GET /api/reseller/events and counted on /metrics.

const KEY = 'a-reseller-api-key-of-at-least-thirty-two-characters';
const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const AT = Date.UTC(2030, 0, 15, 9);

let portal: GooglePortal;
let worker: ReconcileWorker;
let metricsServer: FastifyInstance;
beforeEach(async () => {
  portal = await startGooglePortal({ withStore: true, env: { RESELLER_API_KEYS: KEY } });
  const { store } = portal;
  if (store === undefined) throw new Error('startGooglePortal without its store');
  worker = createReconcileWorker({
    provider: portal.provider,
    store,
    now: () => AT,
    log: portal.app.log,
    everyMs: 60_000,
    metrics: portal.metrics,
  });
  metricsServer = buildMetricsServer(portal.metrics);
});
afterEach(async () => {
  await worker.stop();
  await metricsServer.close();
  await portal.close();
});

const events = async () => {
  const answer = await portal.app.inject({
    method: 'GET',
    url: '/api/reseller/events',
    headers: { authorization: `Bearer ${KEY}` },
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { events: { type: string }[] }).events;
};
const drifting = async () => {
  const text = (await metricsServer.inject({ method: 'GET', url: METRICS_PATH })).body;
  return /^portal_subscriptions_drifting (\d+)$/m.exec(text)?.[1];
};

it("finds a total changed in Google's console once, on the events API and the gauge", async () => {
  const listedBefore = portal.fake.calls.length;
  const first = await worker.runOnce();
  // The fake pages by two: every page of every customer was read.
  const pages = portal.fake.calls
    .slice(listedBefore)
    .filter(
      ({ method, path }) => method === 'GET' && path.startsWith('/apps/reseller/v1/subscriptions'),
    );
  expect(pages.length).toBeGreaterThan(1);
  expect(first.baselines).toBe(first.compared);
  expect(first.compared).toBeGreaterThanOrEqual(3);
  expect(await drifting()).toBe('0');

  portal.fake.setSeats(ACME.subscriptionId, 27);
  const second = await worker.runOnce();
  expect(second.differences).toEqual([
    {
      state: 'outside-change',
      customerId: ACME.customerId,
      customerDomain: 'acme.example',
      subscriptionId: ACME.subscriptionId,
      before: 20,
      after: 27,
    },
  ]);
  expect(await drifting()).toBe('1');
  expect(await events()).toEqual([
    expect.objectContaining({
      sequence: 1,
      type: 'seats.changed-outside',
      occurredAt: new Date(AT).toISOString(),
      customerId: ACME.customerId,
      customerDomain: 'acme.example',
      subscriptionId: ACME.subscriptionId,
      skuId: '1010020028',
      actor: 'Google',
      before: 20,
      after: 27,
      charge: null,
    }),
  ]);

  expect((await worker.runOnce()).differences).toEqual([]);
  expect(await drifting()).toBe('0');
  expect(await events()).toHaveLength(1);
});

it("lists the change in the customer's history, for the licence delegate too", async () => {
  await worker.runOnce();
  portal.fake.setSeats(ACME.subscriptionId, 23);
  await worker.runOnce();
  for (const [email, query] of [
    ['admin@acme.example', ''],
    ['licences@acme.example', '&kind=licences'],
  ] as const) {
    const { browser } = await portal.signIn(email);
    const answer = await browser.get<HistoryPage>(
      `/api/history?customer=${ACME.customerId}${query}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.entries).toEqual([
      {
        id: expect.any(String),
        at: new Date(AT).toISOString(),
        actor: 'Google',
        requestId: expect.any(String),
        state: 'outside-change',
        kind: 'licences',
        before: 20,
        after: 23,
        // Nobody bought them: a change outside the portal has no charge (docs/api.md, Reconciliation).
        charge: null,
      },
    ]);
  }
});

it('fails the pass, writing nothing, when Google cannot list the subscriptions', async () => {
  // Every attempt of the read, its retries included.
  portal.fake.failNext('GET', /^\/apps\/reseller\/v1\/subscriptions/, { status: 500 }, 10);
  await expect(worker.runOnce()).rejects.toThrow();
  expect(await portal.store?.lastKnownSeats(ACME.customerId)).toBeNull();
  expect(await events()).toEqual([]);
});
