import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { loadSqliteDriver } from '../../server/providers/sandbox/sqliteDriver';
import { openPortalStore, STORE_FILE } from '../../server/store/openStore';
import type { PortalStore } from '../../server/store/portalStore';
import { postgresForTests } from './testPostgres';

// The portal store's two backends for its tests: SQLite in a data folder of the test's own, and a
// database of the test's own on one real PostgreSQL per test file (docs/deploy.md, DATABASE_URL).

export type StoreBackendName = 'SQLite' | 'PostgreSQL';

/** One test's database on one backend; every store opened on it is closed after the test. */
export interface StoreBackend {
  /** Opens a store on this test's database; a second call is a second instance on the same one. */
  open(): Promise<PortalStore>;
  /** Runs raw SQL on the store's database, outside the store. */
  exec(statement: string): Promise<void>;
}

export interface StoreTestSetUp {
  /** Each backend with what makes a fresh database on it, for `describe.each`. */
  backends: [StoreBackendName, () => Promise<StoreBackend>][];
  /** The test file's PostgreSQL, once started. */
  postgres: ReturnType<typeof postgresForTests>;
  /** A fresh empty database on the test file's PostgreSQL: its URL. */
  createPostgresDatabase(): Promise<string>;
  /** Runs after the running test, the last one registered first. */
  afterTest(cleanup: () => void | Promise<void>): void;
}

/**
 * The one set-up of a store test file: its PostgreSQL started before its tests and stopped after,
 * and each test's databases, data folders and stores removed or closed after it. `name` names the
 * databases and data folders.
 */
export function storeBackendsForTests(name: string, now: number): StoreTestSetUp {
  const postgres = postgresForTests();
  let databases = 0;
  let cleanups: (() => void | Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });
  const afterTest = (cleanup: () => void | Promise<void>) => {
    cleanups.push(cleanup);
  };
  const createPostgresDatabase = () => {
    databases += 1;
    return postgres().createDatabase(`${name}_${databases}`);
  };

  /** A backend whose stores are closed after the test, before its database is removed. */
  const backend = (
    openStore: () => Promise<PortalStore>,
    exec: (statement: string) => Promise<void>,
  ): StoreBackend => {
    const openStores: PortalStore[] = [];
    afterTest(async () => {
      for (const opened of openStores.splice(0)) await opened.close();
    });
    return {
      async open() {
        const opened = await openStore();
        openStores.push(opened);
        return opened;
      },
      exec,
    };
  };

  const sqlite = async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
    afterTest(() => rmSync(dataDir, { recursive: true, force: true }));
    return backend(
      () => openPortalStore({ dataDir, databaseUrl: null }, now),
      async (statement) => {
        const Database = loadSqliteDriver();
        const db = new Database(path.join(dataDir, STORE_FILE));
        db.exec(statement);
        db.close();
      },
    );
  };
  const postgresBackend = async () => {
    const databaseUrl = await createPostgresDatabase();
    return backend(
      () => openPortalStore({ dataDir: tmpdir(), databaseUrl }, now),
      async (statement) => {
        const client = new Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(statement);
        await client.end();
      },
    );
  };

  return {
    backends: [
      ['SQLite', sqlite],
      ['PostgreSQL', postgresBackend],
    ],
    postgres,
    createPostgresDatabase,
    afterTest,
  };
}

/** A completed purchase of 2 seats (20 → 22) for acme, as the change service records one: its id. */
export async function recordCompletedPurchase(
  store: PortalStore,
  at: number,
  requestId: string,
): Promise<number> {
  const id = await store.recordIntent({
    customerId: 'C0acme001',
    actor: 'admin@acme.example',
    requestId,
    at,
    change: { kind: 'licences', subscriptionId: 'sub-acme-001', before: 20, after: 22 },
    customerDomain: 'acme.example',
  });
  await store.completeChange(id, 22);
  return id;
}
