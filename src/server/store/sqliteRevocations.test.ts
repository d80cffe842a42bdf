import { loadSqliteDriver } from '../providers/sandbox/sqliteDriver';
import { createSqliteStore } from './openStore';
import { sqliteSessionLookup } from './sqliteRevocations';

// The SQLite store's own session lookup: it answers what Kysely's queries on the same connection
// wrote, at once, and fails as a rejected promise, as the query through Kysely did.

const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);
const HOUR = 3_600_000;

it('sees a revocation the store has just written, and only that session', async () => {
  const { store, migrate } = createSqliteStore(':memory:');
  await migrate();
  expect(await store.isSessionRevoked('sid-1')).toBe(false);
  await store.revokeSession('sid-1', NOW + HOUR, NOW);
  expect(await store.isSessionRevoked('sid-1')).toBe(true);
  expect(await store.isSessionRevoked('sid-2')).toBe(false);
  // Swept once its session has expired anyway, like any other record.
  await store.sweepRevocations(NOW + 2 * HOUR);
  expect(await store.isSessionRevoked('sid-1')).toBe(false);
  await store.close();
});

it('ends a session revoked by id, or issued no later than its person signed out', async () => {
  const { store, migrate } = createSqliteStore(':memory:');
  await migrate();
  const session = { sessionId: 'sid-1', person: 'admin@acme.example', issuedAt: NOW };
  expect(await store.isSessionEnded(session)).toBe(false);
  await store.revokeSession('sid-1', NOW + HOUR, NOW);
  expect(await store.isSessionEnded(session)).toBe(true);
  expect(await store.isSessionEnded({ ...session, sessionId: 'sid-2' })).toBe(false);
  await store.signOutPerson('admin@acme.example', NOW);
  expect(await store.isSessionEnded({ ...session, sessionId: 'sid-2' })).toBe(true);
  expect(await store.isSessionEnded({ ...session, sessionId: 'sid-3', issuedAt: NOW + 1 })).toBe(
    false,
  );
  expect(
    await store.isSessionEnded({ ...session, sessionId: 'sid-2', person: 'x@acme.example' }),
  ).toBe(false);
  await store.close();
});

/** The message a promise rejects with, or null when it resolves. */
function rejectionOf(promise: Promise<unknown>): Promise<string | null> {
  // better-sqlite3's errors may come from another test file's realm, so no instanceof Error here.
  return promise.then(
    () => null,
    (error: unknown) => String((error as { message?: unknown }).message),
  );
}

it('rejects, never throws, when the table is missing or the connection is closed', async () => {
  const Database = loadSqliteDriver();
  const database = new Database(':memory:');
  const lookup = sqliteSessionLookup(database);
  const session = { sessionId: 'sid', person: 'a@acme.example', issuedAt: NOW };
  expect(await rejectionOf(lookup(session))).toMatch(/revoked_sessions/);
  database.exec('CREATE TABLE revoked_sessions (session_id TEXT PRIMARY KEY, expires_at INTEGER)');
  database.exec('CREATE TABLE sign_outs (person TEXT PRIMARY KEY, not_before INTEGER)');
  await expect(lookup(session)).resolves.toBe(false);
  database.close();
  expect(await rejectionOf(lookup(session))).not.toBeNull();
});
