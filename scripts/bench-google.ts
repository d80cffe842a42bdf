// `npm run bench:google [runs]`: the portal in google mode against the fake Google with 100 ms added
// to every Google call, timing sign-in (GET /api/subscription-info) and add-licence
// (POST /api/add-licence). Prints per operation the median latency, the Google calls made and how
// many of them waited one after another (target: a customer's first sign-in on a running portal,
// service-account tokens held, ≤ 2 sequential round trips and ≤ 260 ms cold).
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, TOKEN_HEADER } from '../src/contract/api';
import { SIGN_IN_SCOPES } from '../src/contract/limits';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { RATE_LIMIT_CEILING } from '../src/server/limits';
import { createLogger } from '../src/server/plugins/logger';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../src/testing/fakeGoogle';
import { createGoogleProvider, readGoogleOptions } from '../src/server/providers/google';
import type { PortalProvider } from '../src/server/providers/provider';
import { createSeatPolicy } from '../src/server/providers/seatPolicy';
import { Browser } from '../src/testing/server/portalHarness';

const DEFAULT_RUNS = 15;
const LATENCY_MS = 100;
const TARGET_SIGN_IN_ROUND_TRIPS = 2;
/** Two round trips of 100 ms each, and the portal's own time around them. */
const TARGET_COLD_SIGN_IN_MS = 260;

interface Portal {
  baseUrl: string;
  app: FastifyInstance;
  provider: PortalProvider;
}

const BENCH_SEAT_CAP = 100_000;

async function startPortal(fake: FakeGoogle): Promise<Portal> {
  const env = {
    ...fakeGoogleEnv(fake, 'a-session-secret-of-at-least-thirty-two-characters'),
    LOG_LEVEL: 'silent',
    // The bench measures Google calls, not the quota shield: one customer signs in again and again.
    RATE_LIMIT_PER_ADDRESS: String(RATE_LIMIT_CEILING),
    RATE_LIMIT_PER_SESSION: String(RATE_LIMIT_CEILING),
    RATE_LIMIT_PER_CUSTOMER: String(RATE_LIMIT_CEILING),
  };
  const config = readConfig(env);
  const provider = createGoogleProvider({
    ...readGoogleOptions(env),
    // No cap in the way of the measured purchases.
    seatPolicy: createSeatPolicy(BENCH_SEAT_CAP),
    resolveMx: async (domain) =>
      (fake.state.mx.get(domain) ?? []).map((exchange) => ({ exchange, priority: 10 })),
  });
  const app = buildApp({ config, provider, logger: createLogger('silent') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { baseUrl: `http://127.0.0.1:${address.port}`, app, provider };
}

async function stopPortal(portal: Portal): Promise<void> {
  await portal.app.close();
  await portal.provider.close();
}

interface Sample {
  ms: number;
  calls: number;
  roundTrips: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function measure(fake: FakeGoogle, work: () => Promise<number>): Promise<Sample> {
  const from = fake.calls.length;
  const started = performance.now();
  const status = await work();
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`the operation answered ${status}`);
  return { ms, calls: fake.calls.length - from, roundTrips: fake.roundTrips(from) };
}

async function signIn(fake: FakeGoogle, portal: Portal, email: string) {
  const browser = new Browser(portal.baseUrl);
  const answer = await browser.get<{ numberOfSeats: number }>(
    `${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(email)}`,
    { [TOKEN_HEADER]: fake.issueToken(email, SIGN_IN_SCOPES) },
  );
  return { browser, answer };
}

async function main() {
  const runs = Number(process.argv[2] ?? DEFAULT_RUNS);
  if (!Number.isInteger(runs) || runs <= 0) {
    throw new Error(`Runs must be a positive integer, not ${process.argv[2]}`);
  }
  // Google's own page sizes: one page per list, as with a real customer of a few subscriptions.
  const fake = await startFakeGoogle({ latencyMs: LATENCY_MS, pageSize: 'google' });
  const results: Record<string, Sample[]> = {
    'sign-in, new portal process (service-account token exchanges included)': [],
    'sign-in, tokens there, nothing cached (first sign-in of a customer)': [],
    'sign-in again within the cache TTL (a reload)': [],
    'add-licence (after sign-in)': [],
  };
  const [cold, firstOfCustomer, reload, add] = Object.values(results) as Sample[][];
  try {
    for (let run = 0; run < runs; run += 1) {
      // A new portal: no service-account token, nothing cached.
      let portal = await startPortal(fake);
      cold?.push(
        await measure(
          fake,
          async () => (await signIn(fake, portal, 'admin@acme.example')).answer.status,
        ),
      );
      await stopPortal(portal);

      // Tokens exchanged once (as after any earlier call), then the first sign-in for this customer.
      portal = await startPortal(fake);
      await signIn(fake, portal, 'admin@flex.example');
      firstOfCustomer?.push(
        await measure(
          fake,
          async () => (await signIn(fake, portal, 'admin@acme.example')).answer.status,
        ),
      );
      let total = 0;
      reload?.push(
        await measure(fake, async () => {
          const { answer } = await signIn(fake, portal, 'admin@acme.example');
          total = answer.body.numberOfSeats;
          return answer.status;
        }),
      );
      const { browser } = await signIn(fake, portal, 'admin@acme.example');
      add?.push(
        await measure(fake, async () => {
          const answer = await browser.post(API_PATHS.addLicence, {
            customerId: 'C0acme001',
            subscriptionId: 'sub-acme-001',
            numberOfSeats: total + 1,
          });
          return answer.status;
        }),
      );
      await stopPortal(portal);
    }
  } finally {
    await fake.close();
  }

  process.stdout.write(
    `Google mode against the fake Google, ${LATENCY_MS} ms added to every Google call, ${runs} runs (medians):\n`,
  );
  const rows = Object.entries(results).map(([name, samples]) => ({
    name,
    ms: median(samples.map((s) => s.ms)),
    calls: median(samples.map((s) => s.calls)),
    roundTrips: median(samples.map((s) => s.roundTrips)),
  }));
  const width = Math.max(...rows.map((row) => row.name.length));
  process.stdout.write(
    `${'operation'.padEnd(width)}  latency ms  Google calls  sequential round trips\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(width)}  ${row.ms.toFixed(0).padStart(10)}  ${String(row.calls).padStart(12)}  ${String(row.roundTrips).padStart(22)}\n`,
    );
  }
  const signInTrips = rows[1]?.roundTrips ?? Number.POSITIVE_INFINITY;
  const coldMs = rows[1]?.ms ?? Number.POSITIVE_INFINITY;
  const warmMs = rows[2]?.ms ?? Number.POSITIVE_INFINITY;
  const met = signInTrips <= TARGET_SIGN_IN_ROUND_TRIPS && coldMs <= TARGET_COLD_SIGN_IN_MS;
  process.stdout.write(
    `Sign-in (a customer's first, tokens held): ${signInTrips} sequential round trips (target ≤ ${TARGET_SIGN_IN_ROUND_TRIPS}), cold ${coldMs.toFixed(0)} ms (target ≤ ${TARGET_COLD_SIGN_IN_MS}), warm ${warmMs.toFixed(0)} ms: ${met ? 'met' : 'NOT met'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:google failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
