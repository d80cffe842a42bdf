import path from 'node:path';
import type { Fault } from '../fakeGoogle';
import { PROCESS_START_TIMEOUT_MS, spawnTsx } from './portalProcess';

// The fake Google as a process of its own (fakeGoogleRunner.ts), for the tests that kill a portal
// mid-request or run two of them on one store: the fake's state outlives any portal, as Google's does.

const FAKE_RUNNER = path.join(__dirname, 'fakeGoogleRunner.ts');

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

interface RunnerLine {
  env?: Record<string, string>;
  id?: number;
  result?: unknown;
  error?: string;
}

export async function startFakeGoogleProcess(sessionSecret: string): Promise<FakeGoogleProcess> {
  const child = spawnTsx(FAKE_RUNNER, [sessionSecret], { PATH: process.env.PATH });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));

  // The runner prints its environment first, then one answer per command, each a JSON line.
  let nextId = 0;
  const waiting = new Map<number, (line: RunnerLine) => void>();
  let buffered = '';
  const env = new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The fake Google did not start in time:\n${stderr}`));
    }, PROCESS_START_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The fake Google ended (${String(code ?? signal)}) first:\n${stderr}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const text of lines.filter((candidate) => candidate.startsWith('{'))) {
        const line = JSON.parse(text) as RunnerLine;
        if (line.env !== undefined) {
          clearTimeout(timer);
          resolve(line.env);
        } else if (line.id !== undefined) {
          waiting.get(line.id)?.(line);
          waiting.delete(line.id);
        }
      }
    });
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
    env: await env,
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
