// A real portal process on the sandbox (`src/server/main.ts` with tsx's loader inside the one Node
// process, so no build is needed and a SIGKILL reaches the server itself, not a wrapper), on a free
// port of 127.0.0.1 and a data directory the caller keeps, for the crash test and the soak bench.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_PATHS, TOKEN_HEADER, XSRF_COOKIE } from '../../../src/contract/api';
import type { SubscriptionInfo } from '../../../src/contract/subscription';
import { SIGN_IN_SCOPES } from '../../../src/contract/limits';
import { freePort } from '../../support/portalProcess';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX_LOADER = require.resolve('tsx', { paths: [ROOT] });
const MAIN = path.join(ROOT, 'src', 'server', 'main.ts');
const READY_TIMEOUT_MS = 60_000;
const READY_LINE = /Portal ready at (http:\/\/\S+)/;
const OUTPUT_TIMEOUT_MS = 5_000;

export interface PortalProcess {
  origin: string;
  pid: number;
  output(): string;
  /** The output once it contains `text`: a log line can reach the pipe after the answer it explains. */
  outputContaining(text: string): Promise<string>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startPortalProcess(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<PortalProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', pathToFileURL(TSX_LOADER).href, MAIN],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        PORTAL_PROVIDER: 'sandbox',
        PORTAL_DATA_DIR: dataDir,
        PORTAL_CLIENT_DIR: path.join(dataDir, 'no-client'),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The portal did not start within ${READY_TIMEOUT_MS} ms:\n${log}`));
    }, READY_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      append(chunk);
      const ready = READY_LINE.exec(log);
      if (ready?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    child.stderr?.on('data', append);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`The portal exited (${code ?? signal ?? '?'}) before it was ready:\n${log}`),
      );
    });
  });
  return {
    origin,
    pid: child.pid ?? -1,
    output: () => log,
    outputContaining: (text) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          if (!log.includes(text)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(log);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`The portal did not print "${text}" within ${OUTPUT_TIMEOUT_MS} ms:\n${log}`),
          );
        }, OUTPUT_TIMEOUT_MS);
        waiters.add(check);
        check();
      }),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface SignedIn {
  cookie: string;
  xsrf: string;
  subscription: SubscriptionInfo;
}

/** Signs in through the sandbox's token endpoint and subscription-info, as the SPA does. */
export async function signInOverHttp(origin: string, email: string): Promise<SignedIn> {
  const issued = await fetch(`${origin}/sandbox/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      login_hint: email,
      client_id: 'sandbox-client',
      scopes: SIGN_IN_SCOPES,
    }),
  });
  const { access_token: token } = (await issued.json()) as { access_token: string };
  const info = await fetch(
    `${origin}${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(email)}`,
    { headers: { [TOKEN_HEADER]: token } },
  );
  if (info.status !== 200) throw new Error(`Sign-in of ${email} answered ${info.status}`);
  const pairs = info.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const xsrf = pairs
    .find((pair) => pair.startsWith(`${XSRF_COOKIE}=`))
    ?.slice(XSRF_COOKIE.length + 1);
  return {
    cookie: pairs.join('; '),
    xsrf: xsrf ?? '',
    subscription: (await info.json()) as SubscriptionInfo,
  };
}
