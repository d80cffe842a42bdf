import type { FastifyInstance } from 'fastify';
import { buildMetricsServer, METRICS_PATH } from '../plugins/metrics';
import { portalForTests, removeDataDir, startPortal } from '../../testing/server/portalHarness';

// Prometheus metrics (docs/deploy.md, Metrics): scraped from their own listener, never the public port.

const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const SEATS_BEFORE = 20;
const SEATS_AFTER = 23;

const portal = portalForTests();
let metricsServer: FastifyInstance;
let metricsUrl: string;
beforeEach(async () => {
  metricsServer = buildMetricsServer(portal.metrics);
  metricsUrl = `${await metricsServer.listen({ host: '127.0.0.1', port: 0 })}${METRICS_PATH}`;
});
afterEach(async () => {
  await metricsServer.close();
});

async function scrape(): Promise<string> {
  const answer = await fetch(metricsUrl);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  return answer.text();
}

it('counts a purchase and its seats, and times the add-licence route by its pattern', async () => {
  const admin = await portal.signIn('admin@acme.example');
  const bought = await admin.post('/api/add-licence', {
    ...ACME,
    numberOfSeats: SEATS_AFTER,
    expectedNumberOfSeats: SEATS_BEFORE,
  });
  expect(bought.status).toBe(200);

  const text = await scrape();
  expect(text).toContain('portal_purchases_total{outcome="done"} 1');
  expect(text).toContain(`portal_licences_added_total ${SEATS_AFTER - SEATS_BEFORE}`);
  expect(text).toMatch(
    /portal_http_request_duration_seconds_count\{route="\/api\/add-licence",method="POST",status="200"\} 1/,
  );
  expect(text).toContain('portal_history_entries{state="pending"} 0');
  expect(text).toMatch(
    /portal_store_operation_duration_seconds_count\{operation="recordIntent"\} 1/,
  );
  // collectDefaultMetrics on the app's own registry.
  expect(text).toContain('process_cpu_user_seconds_total');
});

it('counts a delegate change by kind, action and outcome', async () => {
  const admin = await portal.signIn('admin@acme.example');
  const added = await admin.post('/api/licence-delegate', {
    customerId: ACME.customerId,
    email: 'new.delegate@acme.example',
    action: 'add',
  });
  expect(added.status).toBe(200);
  expect(await scrape()).toContain(
    'portal_delegate_changes_total{kind="licence",action="add",outcome="done"} 1',
  );
});

it('labels an unknown URL as unmatched, never by the raw path', async () => {
  await portal.browser().get('/api/no-such-thing-12345');
  const text = await scrape();
  expect(text).not.toContain('no-such-thing-12345');
  expect(text).toMatch(/route="unmatched",method="GET",status="404"/);
});

it('is not served on the public port', async () => {
  const answer = await portal.browser().get(METRICS_PATH);
  expect(answer.status).toBe(404);
  expect(answer.text).not.toContain('portal_');
});

it("counts the quota shield's refusals by limit", async () => {
  const limited = await startPortal({ rateLimitMax: 1 });
  const limitedMetrics = buildMetricsServer(limited.metrics);
  try {
    const url = `${await limitedMetrics.listen({ host: '127.0.0.1', port: 0 })}${METRICS_PATH}`;
    const ask = () =>
      limited.browser().get(`/api/email-validator?email=${encodeURIComponent('a@acme.example')}`);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    expect(await (await fetch(url)).text()).toContain(
      'portal_rate_limit_refusals_total{limit="address"} 1',
    );
  } finally {
    await limitedMetrics.close();
    await limited.close();
    removeDataDir(limited.dataDir);
  }
});
