import type { FastifyInstance } from 'fastify';
import { buildMetricsServer, METRICS_PATH } from '../plugins/metrics';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';

// Google's calls as an operator sees them on METRICS_PORT (docs/deploy.md, Metrics): each call to
// the fake Google counted by API, method pattern, outcome and Google's reason, with its latency.

const ADMIN = 'admin@acme.example';
const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const SEATS_BEFORE = 20;
const CHANGE_SEATS = /\/changeSeats$/;

let portal: GooglePortal;
let metricsServer: FastifyInstance;
let metricsUrl: string;
beforeEach(async () => {
  portal = await startGooglePortal({ withStore: true });
  metricsServer = buildMetricsServer(portal.metrics);
  metricsUrl = `${await metricsServer.listen({ host: '127.0.0.1', port: 0 })}${METRICS_PATH}`;
});
afterEach(async () => {
  await metricsServer.close();
  await portal.close();
});

const scrape = async () => (await fetch(metricsUrl)).text();

it("counts a sign-in's calls to the Reseller and Directory APIs by method pattern, with their latency", async () => {
  const { answer } = await portal.signIn(ADMIN);
  expect(answer.status).toBe(200);

  const text = await scrape();
  expect(text).toMatch(
    /portal_google_calls_total\{api="reseller",method="GET customers\/\{id\}",outcome="ok",reason=""\} [1-9]/,
  );
  expect(text).toMatch(
    /portal_google_calls_total\{api="directory",method="GET users\/\{id\}",outcome="ok",reason=""\} [1-9]/,
  );
  expect(text).toMatch(
    /portal_google_call_duration_seconds_count\{api="reseller",method="GET customers\/\{id\}",outcome="ok"\} [1-9]/,
  );
  // Ids and addresses never become labels.
  expect(text).not.toContain(ACME.customerId);
  expect(text).not.toContain(ADMIN);
});

it("counts Google's refusal of a purchase by its reason, beside the purchase counted as failed", async () => {
  const { browser } = await portal.signIn(ADMIN);
  portal.fake.failNext('POST', CHANGE_SEATS, { reason: 'quotaExceeded' });
  const bought = await browser.post('/api/add-licence', {
    ...ACME,
    numberOfSeats: SEATS_BEFORE + 1,
    expectedNumberOfSeats: SEATS_BEFORE,
  });
  expect(bought.status).toBeGreaterThanOrEqual(400);

  const text = await scrape();
  expect(text).toMatch(
    /portal_google_calls_total\{api="reseller",method="POST customers\/\{id\}\/subscriptions\/\{id\}\/changeSeats",outcome="error",reason="quotaExceeded"\} 1/,
  );
  expect(text).toContain('portal_purchases_total{outcome="failed"} 1');
});
