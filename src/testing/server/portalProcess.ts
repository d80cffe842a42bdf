import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The one launcher of real portal processes (docs/architecture.md, The fakes): `npm start`'s server
// on 127.0.0.1, on the sandbox unless the environment says otherwise, for the browser, security and
// process tests and the scripts that drive a portal.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const HOST = '127.0.0.1';
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRIES = {
  source: path.join(ROOT, 'src', 'server', 'main.ts'),
  built: path.join(ROOT, 'dist', 'server', 'server', 'main.js'),
  start: path.join(ROOT, 'scripts', 'start.js'),
} as const;
const READY_LINE = /Portal ready at (http:\/\/\S+)/;
const OUTPUT_TIMEOUT_MS = 5_000;
/** Upper bound for one start under tsx on a loaded machine. */
export const PROCESS_START_TIMEOUT_MS = 60_000;

/** A loopback port free a moment ago: nothing listens on it once this returns. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, HOST, resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error(`No free port on ${HOST}`);
  return address.port;
}

/**
 * Node itself runs a TypeScript entry with tsx as its loader (not tsx's CLI, which would run it in a
 * child of its own): a signal sent to the process reaches the program, SIGKILL included.
 */
export function spawnTsx(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', TSX_LOADER, entry, ...args], {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface PortalProcessOptions {
  /**
   * 'source' (the default) runs src/server/main.ts, so no build is needed; 'built' runs dist/server as
   * `npm run start:prod` does; 'start' goes through scripts/start.js, which first rebuilds whatever
   * is missing or stale.
   */
  entry?: keyof typeof ENTRIES;
  /** Kept after stop when given; otherwise a fresh temp directory, removed on stop. */
  dataDir?: string;
  /** More environment; it overrides the defaults (PORTAL_CLIENT_DIR=dist/client, say). */
  env?: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
  /** Also writes the output through to this process's, for a person watching. */
  echo?: boolean;
}

export interface LaunchedPortal {
  pid: number;
  /** The portal's origin from its ready line; rejects when the process ends or hangs first. */
  ready: Promise<string>;
  /** The exit code (null after a signal), once the process has ended. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Both streams as they came, for failure reports. */
  output(): string;
  /** The output once it contains `text`: a log line can reach the pipe after the answer it explains. */
  outputContaining(text: string): Promise<string>;
  /** Sends the signal (SIGTERM by default) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface PortalProcess extends LaunchedPortal {
  origin: string;
}

/** Starts the process; `ready` says when it listens, `exited` how it ended (for start-up failures). */
export function launchPortal(options: PortalProcessOptions = {}): LaunchedPortal {
  const { entry = 'source', readyTimeoutMs = PROCESS_START_TIMEOUT_MS } = options;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-data-'));
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOST,
    PORT: '0',
    PORTAL_PROVIDER: 'sandbox',
    PORTAL_DATA_DIR: dataDir,
    // Run from source there is no client build to serve unless the caller names one.
    ...(entry === 'source' ? { PORTAL_CLIENT_DIR: path.join(dataDir, 'client') } : {}),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...options.env,
  };
  const child =
    entry === 'source'
      ? spawnTsx(ENTRIES.source, [], env)
      : spawn(process.execPath, [ENTRIES[entry]], { cwd: ROOT, env, stdio: 'pipe' });

  let stdout = '';
  let stderr = '';
  let output = '';
  const waiters = new Set<() => void>();
  const wakeWaiters = () => {
    for (const wake of waiters) wake();
  };
  if (options.echo === true) {
    child.stdout.pipe(process.stdout);
    child.stderr.pipe(process.stderr);
  }
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    output += chunk.toString('utf8');
    wakeWaiters();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    output += chunk.toString('utf8');
    wakeWaiters();
  });
  const exited = new Promise<number | null>((resolve) => {
    // 'close', not 'exit': by then every line the process wrote has been read.
    child.once('close', (code) => {
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      wakeWaiters();
      resolve(code);
    });
  });
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The portal did not start within ${readyTimeoutMs} ms:\n${output}`));
    }, readyTimeoutMs);
    const check = () => {
      const origin = READY_LINE.exec(stdout)?.[1];
      if (origin !== undefined) {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(origin);
      } else if (child.exitCode !== null || child.signalCode !== null) {
        clearTimeout(timer);
        waiters.delete(check);
        const ending = String(child.exitCode ?? child.signalCode);
        reject(new Error(`The portal exited (${ending}) before it was ready:\n${output}`));
      }
    };
    waiters.add(check);
  });
  // A caller that waits only for the exit (a start-up failure) leaves `ready` unawaited.
  ready.catch(() => undefined);

  return {
    pid: child.pid ?? -1,
    ready,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => output,
    outputContaining: (text) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(output);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `The portal did not print "${text}" within ${OUTPUT_TIMEOUT_MS} ms:\n${output}`,
            ),
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

/** A portal process once it listens: its origin, output and stop. */
export async function startPortalProcess(
  options: PortalProcessOptions = {},
): Promise<PortalProcess> {
  const launched = launchPortal(options);
  return { ...launched, origin: await launched.ready };
}

/** A production client build into `outputDir`, leaving dist/client (maybe being served) alone. */
export function buildClientInto(outputDir: string): string {
  console.log('Building the web client (webpack --mode production)…');
  const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [ROOT] });
  const result = spawnSync(
    process.execPath,
    [cli, '--mode', 'production', '--output-path', outputDir],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('The client build failed; see the messages above.');
  return outputDir;
}
