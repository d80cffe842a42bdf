import type Database from 'better-sqlite3';
import { domainOf } from '../../../contract/email';
import {
  SEED_CUSTOMERS,
  SEED_DELEGATES,
  SEED_DIRECTORY_USERS,
  SEED_SUBSCRIPTIONS,
} from './dataset';

// Bumped when the schema changes; PRAGMA user_version 0 means a fresh file that needs schema and seed.
const SCHEMA_VERSION = 2;

const SCHEMA_SQL = `
CREATE TABLE customers (
  customer_id TEXT PRIMARY KEY,
  domain TEXT NOT NULL UNIQUE
);
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
  email TEXT PRIMARY KEY,
  domain TEXT NOT NULL,
  is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
  photo TEXT
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
`;

/** Version 1 files lack the subscription's status, trial flag and renewal date. */
const UPGRADE_FROM_1_SQL = `
ALTER TABLE subscriptions ADD COLUMN status TEXT NOT NULL DEFAULT 'ACTIVE'
  CHECK (status IN ('ACTIVE', 'SUSPENDED', 'PENDING'));
ALTER TABLE subscriptions ADD COLUMN suspension_reasons TEXT NOT NULL DEFAULT '[]';
ALTER TABLE subscriptions ADD COLUMN is_trial INTEGER NOT NULL DEFAULT 0 CHECK (is_trial IN (0, 1));
ALTER TABLE subscriptions ADD COLUMN renewal_date TEXT;
`;

/** Creates the schema and seeds the dataset once per database file; upgrades an older file in place. */
export function prepareSchema(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true });
  if (version === SCHEMA_VERSION) return;
  db.transaction(() => {
    if (version === 1) {
      db.exec(UPGRADE_FROM_1_SQL);
      const renewal = db.prepare(
        'UPDATE subscriptions SET renewal_date = ? WHERE subscription_id = ?',
      );
      for (const s of SEED_SUBSCRIPTIONS) renewal.run(s.renewalDate, s.subscriptionId);
    } else {
      db.exec(SCHEMA_SQL);
      seed(db);
    }
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

function seed(db: Database.Database): void {
  const customer = db.prepare('INSERT INTO customers (customer_id, domain) VALUES (?, ?)');
  for (const c of SEED_CUSTOMERS) customer.run(c.customerId, c.domain);

  const subscription = db.prepare(
    `INSERT INTO subscriptions (subscription_id, customer_id, sku_name, plan_name, number_of_seats,
       licensed_number_of_seats, maximum_number_of_seats, status, suspension_reasons, is_trial,
       renewal_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const s of SEED_SUBSCRIPTIONS) {
    subscription.run(
      s.subscriptionId,
      s.customerId,
      s.skuName,
      s.planName,
      s.numberOfSeats,
      s.licensedNumberOfSeats,
      s.maximumNumberOfSeats,
      s.status,
      JSON.stringify(s.suspensionReasons),
      s.isTrial ? 1 : 0,
      s.renewalDate,
    );
  }

  const user = db.prepare(
    'INSERT INTO directory_users (email, domain, is_admin, photo) VALUES (?, ?, ?, ?)',
  );
  for (const u of SEED_DIRECTORY_USERS) {
    user.run(u.email, domainOf(u.email), u.isAdmin ? 1 : 0, u.photo);
  }

  const delegate = db.prepare('INSERT INTO delegates (kind, customer_id, email) VALUES (?, ?, ?)');
  for (const d of SEED_DELEGATES) delegate.run(d.kind, d.customerId, d.email);
}
