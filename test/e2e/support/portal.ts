// The real portal, started as `npm start` starts it (scripts/e2e.js has built what was missing),
// on a free port of 127.0.0.1 with a fresh sandbox data directory, so every start is a fresh seed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '../../../src/contract/api';

const root = path.resolve(__dirname, '..', '..', '..');
const serverMain = path.join(root, 'dist', 'server', 'server', 'main.js');
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 30_000;
const POLL_MS = 50;

export interface Portal {
  origin: string;
  /** The server's own output, kept for the failure report. */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
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

async function waitUntilHealthy(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The portal exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      if ((await fetch(`${origin}${API_PATHS.health}`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`The portal did not answer within ${READY_TIMEOUT_MS} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Starts `node dist/server/server/main.js` with the sandbox provider and a fresh data directory. */
export async function startPortal(): Promise<Portal> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      PORTAL_PROVIDER: 'sandbox',
      PORTAL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  const origin = `http://${HOST}:${port}`;
  try {
    await waitUntilHealthy(origin, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        const cleanUp = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return cleanUp();
        child.once('exit', cleanUp);
        child.kill('SIGTERM');
      }),
  };
}
