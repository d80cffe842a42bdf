import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { Pool } from 'pg';
import { loadSqliteDriver } from '../providers/sandbox/sqliteDriver';
import { createKyselyStore } from './kyselyStore';
import { createAdvisoryLocks, createProcessLocks } from './locks';
import { migrateToLatest } from './migrations';
import type { PortalStore } from './portalStore';
import type { PortalDatabase } from './schema';
import { sqliteSessionLookup } from './sqliteRevocations';

// Opening the portal store (docs/deploy.md): SQLite in PORTAL_DATA_DIR unless DATABASE_URL names a
// PostgreSQL database; either way the schema is migrated before the first request.

/** The portal's own file, beside (never inside) the sandbox's stand-in for Google. */
export const STORE_FILE = 'portal.db';
/** How long a statement waits for another connection's write lock before giving up. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** Connections for queries, and separately for the advisory locks (one per subscription in change). */
const POSTGRES_POOL_SIZE = 10;
const POSTGRES_LOCK_POOL_SIZE = 10;
const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

export interface StoreLocation {
  /** Absolute path of the data folder: the SQLite store's portal.db. */
  dataDir: string;
  /** PostgreSQL connection string of the portal store; null keeps the store in SQLite in dataDir. */
  databaseUrl: string | null;
}

/** A store whose schema may not exist yet: migrate() before the first query. */
export interface UnmigratedStore {
  store: PortalStore;
  migrate(): Promise<void>;
}

/** Prepared statements kept per connection; the store's queries are far fewer than this. */
export const STATEMENT_CACHE_SIZE = 100;

/**
 * The connection as Kysely's SQLite driver sees it, but with each statement prepared once: the
 * driver prepares every query it runs, and on the hottest path (the revocation lookup of every
 * session) preparing cost more than running it. The least recently used statement leaves first; a
 * statement still being iterated (busy) is never handed out twice, a fresh one is prepared instead.
 */
export function withStatementCache(
  database: Database.Database,
  size: number = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached !== undefined) {
        // Re-inserted, so the map's order is the order of last use.
        statements.delete(sql);
        statements.set(sql, cached);
        if (!cached.busy) return cached;
        return database.prepare(sql);
      }
      const statement = database.prepare(sql);
      if (statements.size >= size) statements.delete(statements.keys().next().value ?? '');
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** SQLite in one file (or ':memory:'); one process, so the locks are in-process queues. */
export function createSqliteStore(file: string): UnmigratedStore {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const Database = loadSqliteDriver();
  const database = new Database(file);
  if (file !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const db = new Kysely<PortalDatabase>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  const store: PortalStore = {
    ...createKyselyStore(db, 'sqlite', createProcessLocks(), () => db.destroy()),
    isSessionEnded: sqliteSessionLookup(database),
  };
  return { store, migrate: () => migrateToLatest(db, 'sqlite') };
}

function postgresPool(connectionString: string, max: number): Pool {
  const pool = new Pool({
    connectionString,
    max,
    application_name: 'reseller-portal',
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  // A connection PostgreSQL drops (restart, failover, a terminated backend) fails its next query,
  // which reports it; the 'error' event itself would otherwise end the process, idle or checked out.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** PostgreSQL: one pool for queries, another for the advisory locks that span a change. */
export function createPostgresStore(connectionString: string): UnmigratedStore {
  const db = new Kysely<PortalDatabase>({
    dialect: new PostgresDialect({ pool: postgresPool(connectionString, POSTGRES_POOL_SIZE) }),
  });
  const lockDb = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: postgresPool(connectionString, POSTGRES_LOCK_POOL_SIZE),
    }),
  });
  const store = createKyselyStore(db, 'postgres', createAdvisoryLocks(lockDb), async () => {
    await Promise.all([db.destroy(), lockDb.destroy()]);
  });
  return { store, migrate: () => migrateToLatest(db, 'postgres') };
}

/** Opens, migrates and sweeps the store the configuration names. */
export async function openPortalStore(location: StoreLocation, now: number): Promise<PortalStore> {
  const { store, migrate } =
    location.databaseUrl === null
      ? createSqliteStore(path.join(location.dataDir, STORE_FILE))
      : createPostgresStore(location.databaseUrl);
  try {
    await migrate();
    await store.sweepRevocations(now);
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return store;
}
