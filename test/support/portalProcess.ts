// The real portal in a child process, started as `npm start` starts it, on a free port of
// 127.0.0.1 with its own sandbox data directory. Shared by the browser tests, the screenshots
// script and the scenario recorder.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '../../src/contract/api';

const root = path.resolve(__dirname, '..', '..');
const HOST = '127.0.0.1';
const POLL_MS = 50;

export interface Portal {
  origin: string;
  /** The server's own output, kept for failure reports. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartPortalOptions {
  /**
   * 'main' runs the built server (dist/server) directly; 'start' goes through scripts/start.js,
   * which first rebuilds whatever is missing or stale.
   */
  via?: 'main' | 'start';
  /** A client build other than dist/client. */
  clientDir?: string;
  /** Kept after stop when given; otherwise a fresh temp directory, removed on stop. */
  dataDir?: string;
  readyTimeoutMs?: number;
  /** More environment for the server, e.g. PORTAL_RECORDING=true; it overrides the defaults. */
  env?: Record<string, string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('No free port on 127.0.0.1'));
      });
    });
  });
}

/** A production client build into `outputDir`, leaving dist/client (maybe being served) alone. */
export function buildClientInto(outputDir: string): string {
  console.log('Building the web client (webpack --mode production)…');
  const cli = require.resolve('webpack-cli/bin/cli.js', { paths: [root] });
  const result = spawnSync(
    process.execPath,
    [cli, '--mode', 'production', '--output-path', outputDir],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('The client build failed; see the messages above.');
  return outputDir;
}

export async function startPortal(options: StartPortalOptions = {}): Promise<Portal> {
  const { via = 'main', clientDir, readyTimeoutMs = 30_000 } = options;
  const port = await freePort();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-data-'));
  mkdirSync(dataDir, { recursive: true });
  const entry =
    via === 'start'
      ? path.join(root, 'scripts', 'start.js')
      : path.join(root, 'dist', 'server', 'server', 'main.js');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      PORTAL_PROVIDER: 'sandbox',
      PORTAL_DATA_DIR: dataDir,
      ...(clientDir === undefined ? {} : { PORTAL_CLIENT_DIR: clientDir }),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  const removeDataDir = () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://${HOST}:${port}`;
  try {
    await waitUntilHealthy(origin, readyTimeoutMs, () => child.exitCode, output);
  } catch (error) {
    child.kill('SIGKILL');
    removeDataDir();
    throw error;
  }
  return {
    origin,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        const cleanUp = () => {
          removeDataDir();
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return cleanUp();
        child.once('exit', cleanUp);
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntilHealthy(
  origin: string,
  timeoutMs: number,
  exitCode: () => number | null,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = exitCode();
    if (code !== null) throw new Error(`The portal exited with code ${code}:\n${output()}`);
    try {
      if ((await fetch(`${origin}${API_PATHS.health}`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`The portal did not answer within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
