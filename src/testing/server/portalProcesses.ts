import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Fault } from '../fakeGoogle';

// Portals and the fake Google as separate processes, for the tests that kill a portal mid-request
// or run two of them on one store: the fake's state outlives any portal, as Google's does.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const MAIN = path.join(ROOT, 'src', 'server', 'main.ts');
const FAKE_RUNNER = path.join(__dirname, 'fakeGoogleRunner.ts');
/** Upper bound for one start under tsx on a loaded machine. */
export const PROCESS_START_TIMEOUT_MS = 60_000;

/**
 * Node itself runs the TypeScript entry with tsx as its loader (not tsx's CLI, which would run it in a
 * child of its own): a signal sent to the process reaches the portal, SIGKILL included.
 */
function spawnTsx(entry: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--import', TSX_LOADER, entry, ...args], {
    cwd: ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Resolves with the first stdout line `pick` accepts; rejects when the process ends first. */
function firstLine<T>(
  child: ChildProcessWithoutNullStreams,
  pick: (line: string) => T | undefined,
  output: () => string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`did not start in time:\n${output()}`));
    }, PROCESS_START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (const line of buffered.split('\n')) {
        const picked = pick(line);
        if (picked !== undefined) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          resolve(picked);
          return;
        }
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`ended (${String(code ?? signal)}) before it was ready:\n${output()}`));
    });
  });
}

export interface FakeGoogleProcess {
  /** The environment that runs a portal in google mode against this fake. */
  env: Record<string, string>;
  issueToken(email: string, scopes: readonly string[]): Promise<string>;
  /** The next `times` calls matching method and path (a RegExp source) get `fault`. */
  failNext(method: string, path: string, fault: Fault, times?: number): Promise<void>;
  /** The subscription's total as the fake Google holds it. */
  seats(subscriptionId: string): Promise<number | null>;
  /** How many calls matching method and path (a RegExp source) the fake has received. */
  callCount(method: string, path: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startFakeGoogleProcess(sessionSecret: string): Promise<FakeGoogleProcess> {
  const child = spawnTsx(FAKE_RUNNER, [sessionSecret], { PATH: process.env.PATH });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const env = await firstLine(
    child,
    (line) =>
      line.startsWith('{"env"')
        ? (JSON.parse(line) as { env: Record<string, string> }).env
        : undefined,
    () => stderr,
  );

  let nextId = 0;
  const waiting = new Map<number, (answer: { result?: unknown; error?: string }) => void>();
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{"id"')) continue;
      const answer = JSON.parse(line) as { id: number; result?: unknown; error?: string };
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    }
  });
  const call = (op: string, ...args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, (answer) => {
        if (answer.error !== undefined) reject(new Error(answer.error));
        else resolve(answer.result);
      });
      child.stdin.write(`${JSON.stringify({ id: nextId, op, args })}\n`);
    });

  return {
    env,
    issueToken: async (email, scopes) => String(await call('issueToken', email, scopes)),
    failNext: async (method, pathSource, fault, times = 1) => {
      await call('failNext', method, pathSource, fault, times);
    },
    seats: async (subscriptionId) => (await call('seats', subscriptionId)) as number | null,
    callCount: async (method, pathSource) => Number(await call('callCount', method, pathSource)),
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

export interface PortalProcess {
  baseUrl: string;
  /** Ends the process with the signal and waits for it to be gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  output(): string;
}

/** `npm start`'s server (src/server/main.ts) on a free port of 127.0.0.1 with this environment. */
export async function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  const child = spawnTsx(MAIN, [], {
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    ...env,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await firstLine(
    child,
    (line) => /Portal ready at (http:\/\/\S+)/.exec(line)?.[1],
    () => output,
  );
  return {
    baseUrl,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    output: () => output,
  };
}
