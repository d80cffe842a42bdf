import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import { WORKSPACE_EDITION_SKUS } from '../skus';
import {
  SEED_CUSTOMERS,
  SEED_DELEGATES,
  SEED_DIRECTORY_USERS,
  SEED_STAFF_GROUP_MEMBERS,
  SEED_STAFF_USERS,
  SEED_SUBSCRIPTIONS,
  STRANGER_CUSTOMER_ID,
  type SeedDirectoryUser,
  type SeedSubscription,
} from './dataset';

/**
 * A new account's directory id, as Google's: 21 digits, random, so an account deleted and created
 * again with the same address gets another (docs/security.md, "Who signs in").
 */
export const NEW_ACCOUNT_ID = "printf('1%020d', abs(random()))";
const ACCOUNT_ID_DIGITS = 20n;
const ID_HASH_BYTES = 8;

/**
 * A seeded account's id, the same in every freshly seeded sandbox: instances over separate sandbox
 * files stand for one directory (docs/deploy.md), so a session started on one matches the other.
 */
export function seedAccountId(email: string): string {
  const hash = createHash('sha256').update(email).digest().subarray(0, ID_HASH_BYTES);
  const digits = BigInt(`0x${hash.toString('hex')}`) % 10n ** ACCOUNT_ID_DIGITS;
  return `1${digits.toString().padStart(Number(ACCOUNT_ID_DIGITS), '0')}`;
}

// The last schema numbered in PRAGMA user_version, before the sandbox took Kysely's migrations; 0 is a
// fresh file. Older files are upgraded in place, keeping every change made in them (README, "Demo accounts").
export const SCHEMA_VERSION = 4;

/** Subscriptions in Google's shapes (schema 3 on), under `name` while a rebuild copies into it. */
const subscriptionsTable = (name: string) => `
CREATE TABLE ${name} (
  subscription_id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL REFERENCES customers(customer_id),
  sku_id TEXT NOT NULL,
  sku_name TEXT NOT NULL,
  plan_name TEXT NOT NULL,
  number_of_seats INTEGER CHECK (number_of_seats >= 0),
  maximum_number_of_seats INTEGER CHECK (maximum_number_of_seats >= 0),
  licensed_number_of_seats INTEGER NOT NULL CHECK (licensed_number_of_seats >= 0),
  status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'SUSPENDED', 'PENDING')),
  suspension_reasons TEXT NOT NULL DEFAULT '[]',
  is_trial INTEGER NOT NULL DEFAULT 0 CHECK (is_trial IN (0, 1)),
  renewal_date TEXT,
  -- Google's shapes: annual plans count bought seats and have no maximum; the others the reverse.
  CHECK ((plan_name LIKE 'ANNUAL%') = (number_of_seats IS NOT NULL)),
  CHECK ((plan_name LIKE 'ANNUAL%') = (maximum_number_of_seats IS NULL))
);
`;

/** Directory accounts with Google's ids (schema 4), under `name` while a rebuild copies into it. */
const directoryUsersTable = (name: string) => `
CREATE TABLE ${name} (
  email TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE DEFAULT (${NEW_ACCOUNT_ID}),
  customer_id TEXT NOT NULL,
  is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
  photo TEXT,
  suspended INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  aliases TEXT NOT NULL DEFAULT '[]'
);
`;

const SCHEMA_SQL = `
CREATE TABLE customers (
  customer_id TEXT PRIMARY KEY,
  domain TEXT NOT NULL UNIQUE
);
CREATE TABLE customer_domains (
  domain TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL REFERENCES customers(customer_id)
);
${subscriptionsTable('subscriptions')}
${directoryUsersTable('directory_users')}
CREATE TABLE delegates (
  kind TEXT NOT NULL CHECK (kind IN ('licence', 'support')),
  customer_id TEXT NOT NULL REFERENCES customers(customer_id),
  email TEXT NOT NULL,
  PRIMARY KEY (kind, customer_id, email)
);
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL REFERENCES directory_users(email),
  sub TEXT NOT NULL DEFAULT '',
  scopes TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX tokens_by_expiry ON tokens(expires_at);
`;

/** Version 1 files lack the subscription's status, trial flag and renewal date. */
const UPGRADE_FROM_1_SQL = `
ALTER TABLE subscriptions ADD COLUMN status TEXT NOT NULL DEFAULT 'ACTIVE'
  CHECK (status IN ('ACTIVE', 'SUSPENDED', 'PENDING'));
ALTER TABLE subscriptions ADD COLUMN suspension_reasons TEXT NOT NULL DEFAULT '[]';
ALTER TABLE subscriptions ADD COLUMN is_trial INTEGER NOT NULL DEFAULT 0 CHECK (is_trial IN (0, 1));
ALTER TABLE subscriptions ADD COLUMN renewal_date TEXT;
`;

/** Version 2 had a maximum on every row and users keyed by domain: rebuilt in Google's shapes. */
const UPGRADE_FROM_2_SQL = `
CREATE TABLE customer_domains (
  domain TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL REFERENCES customers(customer_id)
);
${subscriptionsTable('subscriptions_v3')}
INSERT INTO subscriptions_v3 (subscription_id, customer_id, sku_id, sku_name, plan_name,
    number_of_seats, maximum_number_of_seats, licensed_number_of_seats, status, suspension_reasons,
    is_trial, renewal_date)
  SELECT subscription_id, customer_id, '', sku_name, plan_name,
    CASE WHEN plan_name LIKE 'ANNUAL%' THEN number_of_seats END,
    CASE WHEN plan_name LIKE 'ANNUAL%' THEN NULL ELSE maximum_number_of_seats END,
    -- A Flexible plan's total is its assigned seats; keep the total the file showed.
    CASE WHEN plan_name LIKE 'ANNUAL%' THEN licensed_number_of_seats ELSE number_of_seats END,
    status, suspension_reasons, is_trial, renewal_date
  FROM subscriptions;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_v3 RENAME TO subscriptions;
CREATE TABLE directory_users_v3 (
  email TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
  photo TEXT,
  suspended INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  aliases TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO directory_users_v3 (email, customer_id, is_admin, photo)
  SELECT u.email, COALESCE(c.customer_id, '${STRANGER_CUSTOMER_ID}'), u.is_admin, u.photo
  FROM directory_users u LEFT JOIN customers c ON c.domain = u.domain;
DROP TABLE directory_users;
ALTER TABLE directory_users_v3 RENAME TO directory_users;
`;

/** Version 3 had no account ids: users get one each, and tokens the id of their account. */
const UPGRADE_FROM_3_SQL = `
${directoryUsersTable('directory_users_v4')}
INSERT INTO directory_users_v4 (email, customer_id, is_admin, photo, suspended, archived, aliases)
  SELECT email, customer_id, is_admin, photo, suspended, archived, aliases FROM directory_users;
DROP TABLE directory_users;
ALTER TABLE directory_users_v4 RENAME TO directory_users;
ALTER TABLE tokens ADD COLUMN sub TEXT NOT NULL DEFAULT '';
`;

/** After an upgrade has given accounts their ids: each token names its account's. */
const TOKEN_SUBS_SQL = `
UPDATE tokens SET sub = COALESCE((SELECT id FROM directory_users u WHERE u.email = tokens.email), '')
  WHERE sub = '';
`;

/** Groups of the reseller's own domain and their members, as Directory groups and members. */
const STAFF_GROUPS_SQL = `
CREATE TABLE IF NOT EXISTS reseller_groups (
  email TEXT PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS reseller_group_members (
  group_email TEXT NOT NULL REFERENCES reseller_groups(email),
  member_email TEXT NOT NULL,
  PRIMARY KEY (group_email, member_email)
);
`;

export interface PrepareResult {
  /** The schema the file had: 0 for a new file, SCHEMA_VERSION when nothing was done. */
  from: number;
}

/**
 * The sandbox's migrations, run by Kysely's Migrator as the portal store's are (src/server/store/migrations.ts).
 * The first brings any file to schema 4: a new one is created and seeded; one written by a portal from before
 * the migrations (schema 1 to 3 in PRAGMA user_version) is upgraded in place, keeping every change made in it.
 * Never edit one that has shipped, add the next.
 */
function sandboxMigrations(db: Database.Database): MigrationProvider {
  const schema4: Migration = {
    async up() {
      const version = readVersion(db);
      if (version === 0) {
        db.exec(SCHEMA_SQL);
        insertSeed(db, false);
      } else if (version < SCHEMA_VERSION) {
        if (version === 1) {
          db.exec(UPGRADE_FROM_1_SQL);
          const renewal = db.prepare(
            'UPDATE subscriptions SET renewal_date = ? WHERE subscription_id = ?',
          );
          for (const s of SEED_SUBSCRIPTIONS) renewal.run(s.renewalDate, s.subscriptionId);
        }
        if (version <= 2) db.exec(UPGRADE_FROM_2_SQL);
        db.exec(UPGRADE_FROM_3_SQL);
        addMissingSeed(db);
        db.exec(TOKEN_SUBS_SQL);
      }
      // Portals from before the migrations read this; schema 4 is what they know.
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    },
  };
  // The reseller's own staff and its two staff groups (docs/security.md, The reseller's console).
  const staffGroups: Migration = {
    async up() {
      db.exec(STAFF_GROUPS_SQL);
      const user = insertUserStatement(db, 'INSERT OR IGNORE');
      for (const u of SEED_STAFF_USERS) user(u);
      const group = db.prepare('INSERT OR IGNORE INTO reseller_groups (email) VALUES (?)');
      const member = db.prepare(
        'INSERT OR IGNORE INTO reseller_group_members (group_email, member_email) VALUES (?, ?)',
      );
      for (const m of SEED_STAFF_GROUP_MEMBERS) {
        group.run(m.group);
        member.run(m.group, m.email);
      }
    },
  };
  return {
    async getMigrations() {
      return { '0001_schema_4': schema4, '0002_staff_groups': staffGroups };
    },
  };
}

function readVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Creates the schema and seeds the dataset once per database file; upgrades an older file in place. */
export async function prepareSchema(db: Database.Database): Promise<PrepareResult> {
  // Migrations run on this connection; the Kysely instance is never destroyed, which would close it.
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: db }) });
  // Rebuilding tables that others reference needs foreign keys off, outside the transaction.
  db.pragma('foreign_keys = OFF');
  try {
    // One write lock around the whole run: SQLite's Migrator takes none, and other processes may open the file.
    db.exec('BEGIN IMMEDIATE');
    try {
      const version = readVersion(db);
      if (version > SCHEMA_VERSION) throw newerFile(`schema ${version}`);
      const migrator = new Migrator({
        db: kysely,
        provider: sandboxMigrations(db),
        disableTransactions: true,
      });
      const { error, results = [] } = await migrator.migrateToLatest();
      if (error !== undefined)
        throw newerFile(error instanceof Error ? error.message : String(error));
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) throw new Error('the sandbox database upgrade broke a reference');
      db.exec('COMMIT');
      return { from: results.length === 0 ? SCHEMA_VERSION : version };
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

function newerFile(reason: string): Error {
  return new Error(
    `The sandbox database is from a newer portal (${reason}; this one knows schema ${SCHEMA_VERSION}); run npm run sandbox:reset.`,
  );
}

function subscriptionRow(s: SeedSubscription): unknown[] {
  return [
    s.subscriptionId,
    s.customerId,
    s.skuId,
    s.skuName,
    s.planName,
    s.numberOfSeats,
    s.maximumNumberOfSeats,
    s.licensedNumberOfSeats,
    s.status,
    JSON.stringify(s.suspensionReasons),
    s.isTrial ? 1 : 0,
    s.renewalDate,
  ];
}

/** Inserts a seeded directory user with its seed id. */
function insertUserStatement(db: Database.Database, verb: 'INSERT' | 'INSERT OR IGNORE') {
  const user = db.prepare(
    `${verb} INTO directory_users (email, id, customer_id, is_admin, photo, suspended, archived,
       aliases) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (u: SeedDirectoryUser) =>
    user.run(
      u.email,
      seedAccountId(u.email),
      u.customerId,
      u.isAdmin ? 1 : 0,
      u.photo,
      u.suspended ? 1 : 0,
      u.archived ? 1 : 0,
      JSON.stringify(u.aliases),
    );
}

/** Seeds every row; with `onlyMissing`, rows already there (and changed by people) stay as they are. */
function insertSeed(db: Database.Database, onlyMissing: boolean): void {
  const verb = onlyMissing ? 'INSERT OR IGNORE' : 'INSERT';
  const customer = db.prepare(`${verb} INTO customers (customer_id, domain) VALUES (?, ?)`);
  const secondary = db.prepare(`${verb} INTO customer_domains (domain, customer_id) VALUES (?, ?)`);
  for (const c of SEED_CUSTOMERS) {
    customer.run(c.customerId, c.domain);
    for (const domain of c.secondaryDomains) secondary.run(domain, c.customerId);
  }

  const subscription = db.prepare(
    `${verb} INTO subscriptions (subscription_id, customer_id, sku_id, sku_name, plan_name,
       number_of_seats, maximum_number_of_seats, licensed_number_of_seats, status,
       suspension_reasons, is_trial, renewal_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const s of SEED_SUBSCRIPTIONS) subscription.run(...subscriptionRow(s));

  const user = insertUserStatement(db, verb);
  for (const u of SEED_DIRECTORY_USERS) user(u);
  if (onlyMissing) return;
  const delegate = db.prepare('INSERT INTO delegates (kind, customer_id, email) VALUES (?, ?, ?)');
  for (const d of SEED_DELEGATES) delegate.run(d.kind, d.customerId, d.email);
}

/** After an upgrade: the seed's new rows, and the SKU ids and aliases older files did not have. */
function addMissingSeed(db: Database.Database): void {
  insertSeed(db, true);
  const skuId = db.prepare(
    "UPDATE subscriptions SET sku_id = ? WHERE subscription_id = ? AND sku_id = ''",
  );
  for (const s of SEED_SUBSCRIPTIONS) skuId.run(s.skuId, s.subscriptionId);
  const aliases = db.prepare(
    "UPDATE directory_users SET aliases = ? WHERE email = ? AND aliases = '[]'",
  );
  for (const u of SEED_DIRECTORY_USERS) aliases.run(JSON.stringify(u.aliases), u.email);
  // The rows an older file already had get the seed's ids, as a fresh file would.
  const id = db.prepare('UPDATE directory_users SET id = ? WHERE email = ?');
  for (const u of SEED_DIRECTORY_USERS) id.run(seedAccountId(u.email), u.email);
  // Any other row gets its id from Google's SKU table by name.
  const byName = db.prepare(
    "UPDATE subscriptions SET sku_id = ? WHERE sku_name = ? AND sku_id = ''",
  );
  for (const sku of WORKSPACE_EDITION_SKUS) byName.run(sku.skuId, sku.skuName);
}
