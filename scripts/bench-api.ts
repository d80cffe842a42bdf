// `npm run bench:api [seconds] [rounds]`: autocannon at 50 connections against the built portal on
// the sandbox (scripts/bench/portalServer.js) and, in the same run, a bare Fastify JSON route
// (scripts/bench/bareServer.js), each in its own process. Each endpoint is measured right after the
// bare route, in rounds; the medians of requests/s, the ratio to the bare route, p50 and p99 are
// printed (budget for the delegate list: CPU ≤ 100 µs per request, p99 ≤ 10 ms, on the reference
// machine; docs/performance.md). The budget is judged at the reference machine's speed: the figures
// are scaled by how much more CPU the same bare route takes here than there.
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the portal process there (node --cpu-prof);
// BENCH_ONLY=<text> measures only the endpoints whose name contains it; BENCH_SERVER_DIR measures
// another build (scripts/bench/portalServer.js).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_PATHS,
  SESSION_COOKIE,
  TOKEN_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '../src/contract/api';
import { SIGN_IN_SCOPES } from '../src/contract/limits';

const root = path.resolve(__dirname, '..');
// scripts/build.js and autocannon are CommonJS without types.
const load = createRequire(__filename);
const CONNECTIONS = 50;
const DEFAULT_SECONDS = 10;
const DEFAULT_ROUNDS = 5;
const WARM_UP_SECONDS = 3;
const ADMIN = 'admin@acme.example';
const CUSTOMER_ID = 'C0acme001';
const SUBSCRIPTION_ID = 'sub-acme-001';
const SANDBOX_CLIENT_ID = 'sandbox-client';
const FIRST_SEATS = 20;
/** The delegate list's budget (docs/performance.md); the ratio to the bare route is printed, not a target. */
const TARGET = { cpuUs: 100, p99Ms: 10 };
/**
 * CPU per request of the bare route on the reference machine, where the budget was set (12 µs,
 * docs/performance.md): a machine where the same route takes longer has the budget scaled by as much.
 */
const REFERENCE_BARE_CPU_US = 12;

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }[];
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}

type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

interface Endpoint {
  name: string;
  options: (origin: string) => Omit<AutocannonOptions, 'connections' | 'duration'>;
}

interface Figures {
  /** CPU time (user + system) the server process spent per request, in µs; NaN off Linux. */
  cpuUs: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

function startServer(
  script: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  nodeArgs: string[],
): Promise<{ port: number; child: ChildProcess }> {
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, path.join(__dirname, 'bench', script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match?.[1] !== undefined) resolve({ port: Number(match[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function cookiesOf(response: Response): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return cookies;
}

/** The sandbox popup's token, then subscription-info: the session and XSRF cookies. */
async function signIn(origin: string): Promise<{ cookie: string; xsrf: string }> {
  const tokenAnswer = await fetch(`${origin}/sandbox/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      login_hint: ADMIN,
      client_id: SANDBOX_CLIENT_ID,
      scopes: SIGN_IN_SCOPES,
    }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const answer = await fetch(
    `${origin}${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(ADMIN)}`,
    { headers: { [TOKEN_HEADER]: token } },
  );
  if (answer.status !== 200) throw new Error(`Sign-in answered ${answer.status}`);
  const cookies = cookiesOf(answer);
  const session = cookies[SESSION_COOKIE];
  const xsrf = cookies[XSRF_COOKIE];
  if (session === undefined || xsrf === undefined) throw new Error('Sign-in set no cookies');
  return { cookie: `${SESSION_COOKIE}=${session}; ${XSRF_COOKIE}=${xsrf}`, xsrf };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const CLOCK_TICKS_PER_SECOND = 100;
const US_PER_SECOND = 1_000_000;

/** user + system CPU seconds of a process so far (Linux /proc), NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return NaN;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Runs autocannon and reads the server's CPU time around it. */
async function measure(
  autocannon: Autocannon,
  options: AutocannonOptions,
  server: ChildProcess,
): Promise<Figures> {
  const before = cpuSeconds(server.pid);
  const result = await autocannon(options);
  const spent = cpuSeconds(server.pid) - before;
  const requests = result['2xx'] + result.non2xx;
  return { ...figuresOf(result), cpuUs: (spent * US_PER_SECOND) / requests };
}

function figuresOf(result: AutocannonResult): Omit<Figures, 'cpuUs'> {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const describe = (figures: Figures) =>
  `${figures.rps.toFixed(0).padStart(6)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
  `${figures.cpuUs.toFixed(0)} µs CPU/request` +
  (figures.failed > 0 ? ` (${figures.ok} 2xx, ${figures.failed} other)` : '');

async function main() {
  const seconds = Number(process.argv[2] ?? DEFAULT_SECONDS);
  const rounds = Number(process.argv[3] ?? DEFAULT_ROUNDS);
  if (!(seconds > 0) || !Number.isInteger(rounds) || rounds <= 0) {
    throw new Error('Usage: bench-api [seconds > 0] [rounds ≥ 1]');
  }
  const { buildWhatIsMissing } = load('./build') as { buildWhatIsMissing: () => void };
  buildWhatIsMissing();
  const autocannon = load('autocannon') as Autocannon;

  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-api-'));
  const profileDir = process.env.BENCH_CPU_PROF;
  const profileArgs = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`]
    : [];
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const bare = await startServer('bareServer.js', {}, path.join(workDir, 'bare.log'), []);
  // A portal that fails to start must not leave the bare server (and so this script) running.
  const portal = await startServer(
    'portalServer.js',
    { PORTAL_DATA_DIR: path.join(workDir, 'data'), PORTAL_PROVIDER: 'sandbox' },
    path.join(workDir, 'portal.log'),
    profileArgs,
  ).catch(async (error: unknown) => {
    await stop(bare.child);
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const origin = `http://127.0.0.1:${portal.port}`;
    const { cookie, xsrf } = await signIn(origin);
    let seats = FIRST_SEATS;
    const endpoints: Endpoint[] = [
      {
        name: `GET ${API_PATHS.emailValidator}`,
        options: () => ({
          url: `${origin}${API_PATHS.emailValidator}?email=${encodeURIComponent(ADMIN)}`,
        }),
      },
      {
        name: `GET ${API_PATHS.licenceDelegate} (acme admin)`,
        options: () => ({
          url: `${origin}${API_PATHS.licenceDelegate}?customer=${CUSTOMER_ID}`,
          headers: { cookie },
        }),
      },
      {
        name: `POST ${API_PATHS.addLicence} (acme admin, +1 each)`,
        options: () => ({
          url: `${origin}${API_PATHS.addLicence}`,
          method: 'POST',
          headers: { cookie, [XSRF_HEADER]: xsrf, 'content-type': 'application/json' },
          requests: [
            {
              // Each add asks for one more than the last one sent; one that overtakes an earlier
              // one is refused (400) like any stale add, which the figures count apart.
              setupRequest: (request) => {
                seats += 1;
                return {
                  ...request,
                  body: JSON.stringify({
                    customerId: CUSTOMER_ID,
                    subscriptionId: SUBSCRIPTION_ID,
                    numberOfSeats: seats,
                  }),
                };
              },
            },
          ],
        }),
      },
    ];
    const only = process.env.BENCH_ONLY;
    if (only)
      endpoints.splice(0, endpoints.length, ...endpoints.filter((e) => e.name.includes(only)));
    const bareOptions = { url: `http://127.0.0.1:${bare.port}/bare` };

    console.log(
      `autocannon, ${CONNECTIONS} connections, ${seconds} s per measurement, ${rounds} rounds ` +
        `(Node ${process.version})`,
    );
    // Warm both servers' JIT on the measured paths before anything counts.
    await autocannon({ ...bareOptions, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
    for (const endpoint of endpoints) {
      await autocannon({
        ...endpoint.options(origin),
        connections: CONNECTIONS,
        duration: WARM_UP_SECONDS,
      });
    }

    const summary: string[] = [];
    let missed = false;
    for (const endpoint of endpoints) {
      console.log(`\n${endpoint.name}`);
      const own: Figures[] = [];
      const bareRuns: Figures[] = [];
      for (let round = 1; round <= rounds; round += 1) {
        const base = await measure(
          autocannon,
          { ...bareOptions, connections: CONNECTIONS, duration: seconds },
          bare.child,
        );
        const measured = await measure(
          autocannon,
          { ...endpoint.options(origin), connections: CONNECTIONS, duration: seconds },
          portal.child,
        );
        bareRuns.push(base);
        own.push(measured);
        console.log(`  round ${round}: bare ${describe(base)}`);
        console.log(
          `           portal ${describe(measured)}  ratio ${(measured.rps / base.rps).toFixed(2)}×`,
        );
      }
      const ratio = median(own.map((run, index) => run.rps / (bareRuns[index] as Figures).rps));
      const line =
        `${endpoint.name}: ${median(own.map((run) => run.rps)).toFixed(0)} req/s = ` +
        `${ratio.toFixed(2)}× bare (${median(bareRuns.map((run) => run.rps)).toFixed(0)} req/s), ` +
        `p50 ${median(own.map((run) => run.p50))} ms, p99 ${median(own.map((run) => run.p99))} ms, ` +
        `CPU ${median(own.map((run) => run.cpuUs)).toFixed(0)} µs/request ` +
        `(bare ${median(bareRuns.map((run) => run.cpuUs)).toFixed(0)})`;
      summary.push(line);
      if (endpoint.name.includes(API_PATHS.licenceDelegate)) {
        const scale = REFERENCE_BARE_CPU_US / median(bareRuns.map((run) => run.cpuUs));
        const cpuUs = median(own.map((run) => run.cpuUs)) * scale;
        // With every connection waiting on a busy server, latency grows with its time per request.
        const p99 = median(own.map((run) => run.p99)) * scale;
        summary.push(
          `  at the reference machine's speed (bare route ${REFERENCE_BARE_CPU_US} µs, ×${scale.toFixed(2)}): ` +
            `CPU ${cpuUs.toFixed(0)} µs/request, p99 ${p99.toFixed(1)} ms`,
        );
        if (cpuUs > TARGET.cpuUs || p99 > TARGET.p99Ms) missed = true;
      }
    }
    console.log(`\nMedians of ${rounds} rounds:`);
    for (const line of summary) console.log(`  ${line}`);
    console.log(
      `Budget (delegate list, at the reference machine's speed): CPU ≤ ${TARGET.cpuUs} µs/request, ` +
        `p99 ≤ ${TARGET.p99Ms} ms: ` +
        (missed ? 'MISSED' : 'met'),
    );
    if (missed) process.exitCode = 1;
  } finally {
    await stop(portal.child);
    await stop(bare.child);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
