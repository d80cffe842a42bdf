import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { METRICS_PATH } from '../plugins/metrics';
import { freePort, launchPortal } from '../../testing/server/portalProcess';

// `npm start`'s server process: a clear one-line message and a non-zero exit for a bad configuration
// or a port in use, and a clean exit on SIGTERM.

/** Upper bound for one start-up under tsx on a slow machine. */
const START_TIMEOUT_MS = 30_000;
/** pino's number for the warn level. */
const PINO_WARN = 40;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs main.ts to its end; `onReady` gets its origin once it listens, and a way to stop it. */
async function startMain(
  env: NodeJS.ProcessEnv,
  onReady?: (url: string, stop: () => void) => void,
): Promise<Run> {
  const portal = launchPortal({ dataDir, env, readyTimeoutMs: START_TIMEOUT_MS });
  if (onReady !== undefined) {
    portal.ready.then(
      (url) => onReady(url, () => void portal.stop()),
      () => undefined,
    );
  }
  const code = await portal.exited;
  return { code, stdout: portal.stdout(), stderr: portal.stderr() };
}

/** Starts the server with `env` and expects it to stop, non-zero, with exactly `line` on stderr. */
async function expectRefusedStart(env: NodeJS.ProcessEnv, line: string): Promise<Run> {
  const run = await startMain(env);
  expect(run.code).not.toBe(0);
  expect(run.stderr.trim()).toBe(line);
  return run;
}

it.each([
  [
    'for a bad configuration value',
    { PORT: 'eighty' },
    "Configuration error: PORT must be a whole number from 0 to 65535; got 'eighty'.",
  ],
  [
    'naming LOG_FORMAT for a bad value',
    { LOG_FORMAT: 'xml' },
    "Configuration error: LOG_FORMAT must be 'json' or 'pretty'; got 'xml'.",
  ],
  [
    // 203.0.113.0/24 is reserved for documentation: never an address of the test machine.
    'when HOST is not an address of this machine',
    { HOST: '203.0.113.7', PORT: '0', PORTAL_SANDBOX_PUBLIC: 'true' },
    "HOST '203.0.113.7' is not an address of this machine. Set HOST to one of its addresses, such as 127.0.0.1 or 0.0.0.0.",
  ],
  [
    'when the sandbox would listen on the network',
    { HOST: '0.0.0.0', PORT: '0' },
    'Configuration error: HOST=0.0.0.0 would put the sandbox, which signs anyone in as any demo account, on the network; set PORTAL_PROVIDER=google, or PORTAL_SANDBOX_PUBLIC=true for a public demo.',
  ],
])(
  'exits non-zero with one clear line %s',
  async (_case, env, line) => {
    await expectRefusedStart(env, line);
  },
  START_TIMEOUT_MS,
);

it.each([
  [
    'SEAT_CAP_FILE',
    '{"C0acme001": "many"}',
    (file: string) =>
      `Configuration error: SEAT_CAP_FILE (${file}): the cap of C0acme001 must be a whole number of at least 1; got "many".`,
  ],
  [
    'PRICE_FILE',
    // A price past the currency's minor digits is refused, never rounded (docs/api.md, Money).
    '{"currency": "EUR", "prices": {"1010020028": {"ANNUAL_YEARLY_PAY": 14.405}}}',
    (file: string) =>
      `Configuration error: PRICE_FILE ${file}: the price of SKU 1010020028, plan ANNUAL_YEARLY_PAY (prices/1010020028/ANNUAL_YEARLY_PAY) is 14.405, not an amount of EUR with at most 2 decimals; write it as a decimal string such as "14.40".`,
  ],
])(
  'exits non-zero with one clear line naming %s when the file is bad',
  async (name, content, line) => {
    const file = path.join(dataDir, 'bad.json');
    writeFileSync(file, content);
    await expectRefusedStart({ [name]: file }, line(file));
  },
  START_TIMEOUT_MS,
);

it(
  'exits non-zero with one clear line when the port is in use',
  async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      await expectRefusedStart(
        { PORT: String(port) },
        `Port ${port} on 127.0.0.1 is already in use. Stop the other process or set PORT to a free port.`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  },
  START_TIMEOUT_MS,
);

it(
  'serves the API and shuts down cleanly on SIGTERM',
  async () => {
    let health: number | undefined;
    const run = await startMain({ PORT: '0' }, (url, stop) => {
      void fetch(`${url}/api/health`)
        .then((response) => {
          health = response.status;
        })
        .finally(stop);
    });
    expect(health).toBe(200);
    expect(run.code).toBe(0);
  },
  START_TIMEOUT_MS,
);

it(
  'exits non-zero with one clear line when the PostgreSQL store cannot be reached',
  async () => {
    const port = await freePort();
    const run = await expectRefusedStart(
      {
        PORT: '0',
        DATABASE_URL: `postgres://portal:hidden-password@127.0.0.1:${port}/portal`,
      },
      `The portal store at DATABASE_URL could not be opened: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(run.stdout).not.toMatch(/Portal ready/);
  },
  START_TIMEOUT_MS,
);

it(
  'warns once at start of a misspelt variable, naming the nearest known one, and starts anyway',
  async () => {
    const run = await startMain(
      { PORT: '0', LOG_FORMAT: 'json', PORTAL_PROVDER: 'google' },
      (_url, stop) => stop(),
    );
    expect(run.code).toBe(0);
    const warnings = run.stdout
      .split('\n')
      .filter((line) => line.includes('PORTAL_PROVDER'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toEqual([
      expect.objectContaining({
        level: PINO_WARN,
        msg: 'PORTAL_PROVDER is not a variable the portal reads and is ignored; did you mean PORTAL_PROVIDER?',
      }),
    ]);
  },
  START_TIMEOUT_MS,
);

it(
  'writes pino-pretty lines with LOG_FORMAT=pretty and JSON lines without it off a terminal',
  async () => {
    const requestLines = async (env: NodeJS.ProcessEnv) => {
      const run = await startMain({ PORT: '0', LOG_LEVEL: 'info', ...env }, (url, stop) => {
        void fetch(`${url}/api/health?probe=1`).finally(stop);
      });
      return run.stdout.split('\n').filter((line) => line.includes('request completed'));
    };
    const pretty = await requestLines({ LOG_FORMAT: 'pretty' });
    expect(pretty).toHaveLength(1);
    expect(pretty[0]).toMatch(
      /^\[[\d:.]+\] INFO \(\d+\): request completed .*"path":"\/api\/health"/,
    );
    expect(pretty[0]).not.toContain('probe');
    const json = await requestLines({});
    expect(json).toHaveLength(1);
    expect(JSON.parse(json[0] ?? '')).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', path: '/api/health' },
      res: { statusCode: 200 },
    });
  },
  2 * START_TIMEOUT_MS,
);

it(
  'serves Prometheus metrics on METRICS_PORT, and not on the public port',
  async () => {
    const metricsPort = await freePort();
    let scraped = '';
    let publicMetrics: number | undefined;
    const run = await startMain({ PORT: '0', METRICS_PORT: String(metricsPort) }, (url, stop) => {
      void (async () => {
        await fetch(`${url}/api/health`);
        publicMetrics = (await fetch(`${url}${METRICS_PATH}`)).status;
        scraped = await fetch(`http://127.0.0.1:${metricsPort}${METRICS_PATH}`).then(
          (answer) => answer.text(),
          (error: unknown) => `no metrics listener: ${String(error)}`,
        );
      })().finally(stop);
    });
    expect(run.code).toBe(0);
    expect(scraped).toMatch(
      /portal_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} 1/,
    );
    expect(scraped).toContain('process_cpu_user_seconds_total');
    expect(publicMetrics).toBe(404);
  },
  START_TIMEOUT_MS,
);
