import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSandbox } from './index';
import { SCHEMA_VERSION, seedAccountId } from './schema';
import { loadSqliteDriver } from './sqliteDriver';

// A .data/sandbox.db written by an older portal still opens: upgraded in place, every change made in
// it kept, the new demo accounts added, and one log line that says so.

/** The schema and seed of version 2 (the portal before annual rows lost their maximum). */
const VERSION_2_SQL = `
CREATE TABLE customers (customer_id TEXT PRIMARY KEY, domain TEXT NOT NULL UNIQUE);
CREATE TABLE subscriptions (
  subscription_id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL REFERENCES customers(customer_id),
  sku_name TEXT NOT NULL,
  plan_name TEXT NOT NULL,
  number_of_seats INTEGER NOT NULL CHECK (number_of_seats >= 0),
  licensed_number_of_seats INTEGER NOT NULL CHECK (licensed_number_of_seats >= 0),
  maximum_number_of_seats INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'SUSPENDED', 'PENDING')),
  suspension_reasons TEXT NOT NULL DEFAULT '[]',
  is_trial INTEGER NOT NULL DEFAULT 0 CHECK (is_trial IN (0, 1)),
  renewal_date TEXT,
  CHECK (number_of_seats <= maximum_number_of_seats)
);
CREATE TABLE directory_users (
  email TEXT PRIMARY KEY, domain TEXT NOT NULL,
  is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)), photo TEXT
);
CREATE TABLE delegates (
  kind TEXT NOT NULL CHECK (kind IN ('licence', 'support')),
  customer_id TEXT NOT NULL REFERENCES customers(customer_id),
  email TEXT NOT NULL,
  PRIMARY KEY (kind, customer_id, email)
);
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL REFERENCES directory_users(email),
  scopes TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX tokens_by_expiry ON tokens(expires_at);
INSERT INTO customers VALUES ('C0acme001', 'acme.example'), ('C0flex001', 'flex.example'),
  ('C0nosub01', 'nosub.example');
INSERT INTO subscriptions VALUES
  ('sub-acme-001', 'C0acme001', 'Google Workspace Business Standard', 'ANNUAL_MONTHLY_PAY', 20, 17, 50,
   'ACTIVE', '[]', 0, '2027-03-31'),
  ('sub-flex-001', 'C0flex001', 'Google Workspace Business Starter', 'FLEXIBLE', 10, 8, 300,
   'ACTIVE', '[]', 0, NULL);
INSERT INTO directory_users VALUES
  ('admin@acme.example', 'acme.example', 1, 'admin-acme.svg'),
  ('licences@acme.example', 'acme.example', 0, NULL),
  ('support@acme.example', 'acme.example', 0, NULL),
  ('staff@acme.example', 'acme.example', 0, NULL),
  ('admin@flex.example', 'flex.example', 1, NULL),
  ('admin@nosub.example', 'nosub.example', 1, NULL),
  ('someone@stranger.example', 'stranger.example', 0, NULL);
INSERT INTO delegates VALUES ('licence', 'C0acme001', 'licences@acme.example'),
  ('support', 'C0acme001', 'support@acme.example');
PRAGMA user_version = 2;
`;

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-upgrade-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A version 2 file in which people had bought seats, changed delegates and signed in. */
function writeVersion2File(): string {
  const Database = loadSqliteDriver();
  const db = new Database(path.join(dataDir, 'sandbox.db'));
  db.exec(VERSION_2_SQL);
  db.exec(`
    UPDATE subscriptions SET number_of_seats = 23 WHERE subscription_id = 'sub-acme-001';
    INSERT INTO delegates VALUES ('licence', 'C0acme001', 'new@acme.example');
    DELETE FROM delegates WHERE kind = 'support';
    INSERT INTO tokens VALUES ('hash', 'admin@acme.example', 'email', 4102444800000);
  `);
  db.close();
  return path.join(dataDir, 'sandbox.db');
}

it('upgrades a version 2 file in place, keeping its changes, and says so once', async () => {
  const file = writeVersion2File();
  const lines: string[] = [];
  const sandbox = await openSandbox({ dataDir, log: (line) => lines.push(line) });
  expect(lines).toEqual([
    `Sandbox database upgraded in place from schema 2 to ${SCHEMA_VERSION} (changes kept; new demo accounts added): ${file}`,
  ]);
  const { provider } = sandbox;
  // The seats bought stay; the maximum now comes from the seat policy, not the file.
  await expect(provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
    subscriptionId: 'sub-acme-001',
    numberOfSeats: 23,
    licensedNumberOfSeats: 17,
    maximumNumberOfSeats: 50,
  });
  // A Flexible plan's total is the seats it had.
  await expect(provider.findWorkspaceSubscription('C0flex001')).resolves.toMatchObject({
    numberOfSeats: 10,
    maximumNumberOfSeats: 300,
  });
  await expect(provider.listDelegates('licence', 'C0acme001')).resolves.toEqual([
    'licences@acme.example',
    'new@acme.example',
  ]);
  await expect(provider.listDelegates('support', 'C0acme001')).resolves.toEqual([]);
  // The new demo: the paused customer, a secondary-domain user, an alias.
  await expect(provider.findWorkspaceSubscription('C0pause01')).resolves.toMatchObject({
    status: 'SUSPENDED',
  });
  await expect(provider.lookupDirectoryUser('maria@acme-eu.example')).resolves.toMatchObject({
    customerId: 'C0acme001',
  });
  await expect(provider.lookupDirectoryUser('staff@acme.example')).resolves.toMatchObject({
    customerId: 'C0acme001',
    aliases: ['team@acme-eu.example'],
  });
  await expect(provider.lookupDirectoryUser('someone@stranger.example')).resolves.toMatchObject({
    customerId: 'C0other99',
  });
  // Each account has the id a fresh seed gives it, so tokens and sessions name it the same way.
  await expect(provider.lookupDirectoryUser('admin@acme.example')).resolves.toMatchObject({
    id: seedAccountId('admin@acme.example'),
  });
  // Sign-ins still work against the rebuilt directory (tokens reference it).
  expect(sandbox.issueToken('admin@acme.example', ['email']).access_token).not.toBe('');
  sandbox.close();

  const again: string[] = [];
  (await openSandbox({ dataDir, log: (line) => again.push(line) })).close();
  expect(again).toEqual([]);
});

it('upgrades a version 1 file (no status columns) the same way', async () => {
  const Database = loadSqliteDriver();
  const db = new Database(path.join(dataDir, 'sandbox.db'));
  db.exec(
    VERSION_2_SQL.replace(
      /\s+status TEXT[^\n]+\n\s+suspension_reasons[^\n]+\n\s+is_trial[^\n]+\n\s+renewal_date TEXT,/,
      '',
    )
      .replace(/,\s+'ACTIVE', '\[\]', 0, '2027-03-31'\)/, ')')
      .replace(/,\s+'ACTIVE', '\[\]', 0, NULL\)/, ')')
      .replace('PRAGMA user_version = 2', 'PRAGMA user_version = 1'),
  );
  db.close();
  const lines: string[] = [];
  const sandbox = await openSandbox({ dataDir, log: (line) => lines.push(line) });
  expect(lines[0]).toMatch(/upgraded in place from schema 1 to/);
  await expect(sandbox.provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
    numberOfSeats: 20,
    status: 'ACTIVE',
    renewalDate: '2027-03-31',
  });
  sandbox.close();
});

it('says when it creates and seeds a new file', async () => {
  const lines: string[] = [];
  (await openSandbox({ dataDir, log: (line) => lines.push(line) })).close();
  expect(lines).toEqual([
    `Sandbox database created and seeded: ${path.join(dataDir, 'sandbox.db')}`,
  ]);
});

it('refuses a file from a newer portal with a line that says what to do', async () => {
  const Database = loadSqliteDriver();
  const db = new Database(path.join(dataDir, 'sandbox.db'));
  db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
  db.close();
  await expect(openSandbox({ dataDir })).rejects.toThrow(/npm run sandbox:reset/);
});

/** The names of the migrations Kysely's Migrator recorded in the file. */
function recordedMigrations(): string[] {
  const db = new (loadSqliteDriver())(path.join(dataDir, 'sandbox.db'), { readonly: true });
  const rows = db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as {
    name: string;
  }[];
  db.close();
  return rows.map((row) => row.name);
}

it('opens a file made by the schema of before the migrations as it is, and records it as migrated', async () => {
  // Such a file is today's schema 4 without Kysely's tables: made here, then the tables removed.
  (await openSandbox({ dataDir })).close();
  const db = new (loadSqliteDriver())(path.join(dataDir, 'sandbox.db'));
  db.exec(`
    UPDATE subscriptions SET number_of_seats = 24 WHERE subscription_id = 'sub-acme-001';
    DROP TABLE kysely_migration;
    DROP TABLE kysely_migration_lock;
  `);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  db.close();

  const lines: string[] = [];
  const sandbox = await openSandbox({ dataDir, log: (line) => lines.push(line) });
  expect(lines).toEqual([]);
  await expect(sandbox.provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
    numberOfSeats: 24,
  });
  sandbox.close();
  expect(recordedMigrations()).toEqual(['0001_schema_4', '0002_staff_groups']);
});

it("builds a new file with Kysely's Migrator, which records what ran", async () => {
  (await openSandbox({ dataDir })).close();
  expect(recordedMigrations()).toEqual(['0001_schema_4', '0002_staff_groups']);
});
