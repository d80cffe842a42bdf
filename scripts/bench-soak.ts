// `npm run bench:soak [seconds] [requests per second]`: mixed traffic at a fixed rate (60 s at 50/s by
// default) against a real portal process on the sandbox, then prints the answers ≥ 500 (target 0),
// p50/p99 latency and the server's RSS growth. An open-loop pacer: requests start on schedule whether
// or not earlier ones have answered, so a slow server shows up as latency, not as a lower rate.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_PATHS, DELEGATE_PATHS, XSRF_HEADER } from '../src/contract/api';
import { startPortalProcess, type PortalProcess } from '../src/testing/server/portalProcess';
import { signInOverHttp, type SignedIn } from '../src/testing/server/sandboxSignIn';

const DEFAULT_SECONDS = 60;
const DEFAULT_RATE = 50;
/** RSS is compared from this share of the run on, after start-up and JIT warm-up. */
const WARM_UP_SHARE = 0.1;
const RSS_SAMPLE_MS = 1_000;
/** How many RSS samples the trend line shows. */
const RSS_TREND_POINTS = 7;
/** More requests in flight than this means the server has stalled: stop adding, count them late. */
const MAX_IN_FLIGHT = 500;
const MS_PER_SECOND = 1_000;
const BYTES_PER_MB = 1024 * 1024;
/** The largest limit the portal accepts (RATE_LIMIT_CEILING), far above the soak's rate. */
const SOAK_RATE_LIMIT = '1000000';
const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const ROOT = path.resolve(__dirname, '..');

interface Sessions {
  admin: SignedIn;
  licences: SignedIn;
  staff: SignedIn;
}

interface Step {
  name: string;
  /** Share of the traffic (weights are relative). */
  weight: number;
  send(origin: string, sessions: Sessions, sequence: number): Promise<Response>;
}

const get = (origin: string, url: string, session?: SignedIn) =>
  fetch(`${origin}${url}`, { headers: session === undefined ? {} : { cookie: session.cookie } });

const post = (origin: string, url: string, session: SignedIn, body: unknown) =>
  fetch(`${origin}${url}`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      [XSRF_HEADER]: session.xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });

/** The traffic mix: reads, real writes that undo each other, refusals, pages and the open endpoints. */
const STEPS: Step[] = [
  {
    name: 'read licence delegates',
    weight: 25,
    send: (origin, { admin }) =>
      get(origin, `${DELEGATE_PATHS.licence}?customer=${ACME.customerId}`, admin),
  },
  {
    name: 'read support delegates',
    weight: 15,
    send: (origin, { admin }) =>
      get(origin, `${DELEGATE_PATHS.support}?customer=${ACME.customerId}`, admin),
  },
  {
    // Adds and deletes of the same address alternate, so the list stays bounded.
    name: 'change a delegate',
    weight: 10,
    send: (origin, { admin }, sequence) =>
      post(origin, DELEGATE_PATHS.support, admin, {
        email: `soak-${sequence % 7}@acme.example`,
        customerId: ACME.customerId,
        action: Math.floor(sequence / 7) % 2 === 0 ? 'add' : 'delete',
      }),
  },
  {
    name: 'add-licence refused (not above the total)',
    weight: 4,
    send: (origin, { licences }) =>
      post(origin, API_PATHS.addLicence, licences, { ...ACME, numberOfSeats: 1 }),
  },
  {
    name: 'add-licence refused (plain user)',
    weight: 3,
    send: (origin, { staff }) =>
      post(origin, API_PATHS.addLicence, staff, { ...ACME, numberOfSeats: 21 }),
  },
  {
    name: 'read without a session',
    weight: 5,
    send: (origin) => get(origin, `${DELEGATE_PATHS.licence}?customer=${ACME.customerId}`),
  },
  { name: 'health', weight: 10, send: (origin) => get(origin, API_PATHS.health) },
  { name: 'home page', weight: 12, send: (origin) => get(origin, '/') },
  { name: 'dashboard page', weight: 5, send: (origin) => get(origin, '/licenses') },
  { name: 'unknown API path', weight: 2, send: (origin) => get(origin, '/api/no-such-thing') },
  {
    // The validator is limited to 60 a minute per address: its weight keeps it well under.
    name: 'e-mail validator',
    weight: 1,
    send: (origin) => get(origin, `${API_PATHS.emailValidator}?email=someone@acme.example`),
  },
];

function pickStep(random: number): Step {
  const total = STEPS.reduce((sum, step) => sum + step.weight, 0);
  let left = random * total;
  for (const step of STEPS) {
    left -= step.weight;
    if (left < 0) return step;
  }
  return STEPS[STEPS.length - 1] as Step;
}

/** The process's resident set size in bytes (Linux /proc, else ps). */
function rssOf(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(status, 'utf8'))?.[1];
    if (kb !== undefined) return Number(kb) * 1024;
  }
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) * 1024
  );
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** The built client when there is one (as `npm start` serves it), else a one-page stand-in. */
function clientDir(dataDir: string): string {
  const built = path.join(ROOT, 'dist', 'client');
  if (existsSync(path.join(built, 'index.html'))) return built;
  const standIn = path.join(dataDir, 'client');
  mkdirSync(standIn, { recursive: true });
  writeFileSync(
    path.join(standIn, 'index.html'),
    '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
  );
  return standIn;
}

function readPositive(value: string | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`${what} must be a positive number, not ${value}`);
  return number;
}

async function main(): Promise<void> {
  const seconds = readPositive(process.argv[2], DEFAULT_SECONDS, 'Seconds');
  const rate = readPositive(process.argv[3], DEFAULT_RATE, 'Requests per second');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-soak-'));
  let portal: PortalProcess | undefined;
  try {
    // Three sessions of one customer send most of the traffic: the shield's session and customer
    // limits are lifted so the handlers run; the per-address limit stays.
    portal = await startPortalProcess({
      dataDir,
      env: {
        PORTAL_CLIENT_DIR: clientDir(dataDir),
        RATE_LIMIT_PER_SESSION: SOAK_RATE_LIMIT,
        RATE_LIMIT_PER_CUSTOMER: SOAK_RATE_LIMIT,
      },
    });
    const { origin, pid } = portal;
    const sessions: Sessions = {
      admin: await signInOverHttp(origin, 'admin@acme.example'),
      licences: await signInOverHttp(origin, 'licences@acme.example'),
      staff: await signInOverHttp(origin, 'staff@acme.example'),
    };
    console.log(
      `Soak: ${seconds} s of mixed traffic at ${rate} requests/s against ${origin} (sandbox, pid ${pid})`,
    );

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const serverErrors = new Map<string, number>();
    let networkErrors = 0;
    let late = 0;
    let inFlight = 0;
    const pending = new Set<Promise<void>>();
    const total = Math.round(seconds * rate);
    const intervalMs = MS_PER_SECOND / rate;
    const rssSamples: { at: number; rss: number }[] = [];
    // A fixed sequence of steps (a seeded linear congruential generator), so runs are comparable.
    let seed = 20_300_115;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };

    const started = performance.now();
    const sampler = setInterval(() => {
      rssSamples.push({ at: (performance.now() - started) / MS_PER_SECOND, rss: rssOf(pid) });
    }, RSS_SAMPLE_MS);
    for (let sequence = 0; sequence < total; sequence += 1) {
      const due = started + sequence * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= MAX_IN_FLIGHT) {
        late += 1;
        continue;
      }
      const step = pickStep(random());
      inFlight += 1;
      const sentAt = performance.now();
      const request = step
        .send(origin, sessions, sequence)
        .then(async (response) => {
          await response.arrayBuffer();
          latencies.push(performance.now() - sentAt);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500)
            serverErrors.set(step.name, (serverErrors.get(step.name) ?? 0) + 1);
        })
        .catch(() => {
          networkErrors += 1;
        })
        .finally(() => {
          inFlight -= 1;
          pending.delete(request);
        });
      pending.add(request);
    }
    await Promise.all(pending);
    clearInterval(sampler);
    const elapsed = (performance.now() - started) / MS_PER_SECOND;
    const endRss = rssOf(pid);

    const sorted = [...latencies].sort((a, b) => a - b);
    const errors = [...serverErrors.values()].reduce((sum, count) => sum + count, 0);
    const baseline =
      rssSamples.find((sample) => sample.at >= seconds * WARM_UP_SHARE)?.rss ??
      rssSamples[0]?.rss ??
      endRss;
    const peak = Math.max(endRss, ...rssSamples.map((sample) => sample.rss));
    const mb = (bytes: number) => (bytes / BYTES_PER_MB).toFixed(1);
    const growth = endRss - baseline;

    console.log(
      `${latencies.length} answers in ${elapsed.toFixed(1)} s (${(latencies.length / elapsed).toFixed(1)}/s)`,
    );
    console.log(
      `Errors ≥ 500: ${errors}${errors > 0 ? ` (${[...serverErrors].map(([name, count]) => `${name} ×${count}`).join(', ')})` : ''}` +
        `; network errors: ${networkErrors}; late (over ${MAX_IN_FLIGHT} in flight): ${late}`,
    );
    console.log(
      `Statuses: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} ×${count}`)
        .join(', ')}`,
    );
    console.log(
      `Latency: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(1)} ms`,
    );
    console.log(
      `RSS: ${mb(baseline)} MB after warm-up → ${mb(endRss)} MB at the end (${growth >= 0 ? '+' : ''}${mb(growth)} MB, ` +
        `${((growth / baseline) * 100).toFixed(1)} %); peak ${mb(peak)} MB`,
    );
    // The trend tells steady growth (a leak) from a heap that grows once and levels off.
    const step = Math.max(1, Math.round(rssSamples.length / RSS_TREND_POINTS));
    const trend = rssSamples.filter((_sample, index) => index % step === 0);
    console.log(
      `RSS trend: ${trend.map((sample) => `${sample.at.toFixed(0)} s ${mb(sample.rss)}`).join(', ')} MB`,
    );
    if (errors > 0 || networkErrors > 0) process.exitCode = 1;
  } finally {
    await portal?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
