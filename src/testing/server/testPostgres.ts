import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './portalProcess';

// A real PostgreSQL for the tests that need one, started by the tests themselves (CI has nothing
// else): postgresRunner.ts in a child process, stopped when the test calls stop() or its process ends.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const RUNNER = path.join(__dirname, 'postgresRunner.ts');
/** initdb and start (or a stop) take a few seconds here; a loaded machine may need many more. */
export const POSTGRES_START_TIMEOUT_MS = 60_000;

export interface TestPostgres {
  /** URL of the cluster's postgres database. */
  url: string;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const port = await freePort();
  const child = spawn(process.execPath, [TSX_CLI, RUNNER, String(port)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`PostgreSQL did not start in time: ${errors}`));
    }, POSTGRES_START_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line !== undefined) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL runner ended (${String(code)}): ${errors}`));
    });
  });

  return {
    url,
    async createDatabase(name) {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      const database = new URL(url);
      database.pathname = `/${name}`;
      return database.toString();
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * The one PostgreSQL of a test file (or describe block): started before its tests, stopped after.
 * The answer stands for that PostgreSQL once started.
 */
export function postgresForTests(): () => TestPostgres {
  let current: TestPostgres | undefined;
  beforeAll(async () => {
    current = await startTestPostgres();
  }, POSTGRES_START_TIMEOUT_MS);
  afterAll(async () => {
    await current?.stop();
  }, POSTGRES_START_TIMEOUT_MS);
  return () => {
    if (current === undefined) throw new Error('PostgreSQL is used outside its tests.');
    return current;
  };
}
