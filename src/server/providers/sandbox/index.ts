import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { invalidArgument, notFound } from '../../apiError';
import type { PortalProvider } from '../provider';
import { DEFAULT_SEAT_POLICY, type SeatPolicy } from '../seatPolicy';
import { isAnnualPlan } from '../seatRules';
import { SANDBOX_RESELLER_NAME } from './dataset';
import { seedHostileDemo, withHostileDemo } from './hostileDemo';
import { createSandboxProvider } from './sandboxProvider';
import { NEW_ACCOUNT_ID, prepareSchema, SCHEMA_VERSION } from './schema';
import { seedSeatDemos, withSeatDemos } from './seatDemos';
import { createSandboxMailbox, type SandboxMailbox } from './mailbox';
import { loadSqliteDriver } from './sqliteDriver';
import { createTokenStore, type IssuedToken } from './tokens';

// The embedded sandbox (README.md, Demo accounts (sandbox)): one SQLite file under PORTAL_DATA_DIR, created and seeded on
// first open, kept across restarts, removed by `npm run sandbox:reset`.

const DATABASE_FILE = 'sandbox.db';

/** The sandbox's database file in a data folder (the bench's crowd of customers is written there). */
export function sandboxDatabasePath(dataDir: string): string {
  return path.join(dataDir, DATABASE_FILE);
}
/** WAL keeps a -wal and a -shm file beside the database; a reset removes all three. */
const DATABASE_FILE_SUFFIXES = ['', '-wal', '-shm'];
/** How long a writer waits for another process's write lock before giving up. */
const BUSY_TIMEOUT_MS = 5000;

export interface SandboxOptions {
  dataDir: string;
  /** Default 'Sandbox Reseller'. */
  resellerName?: string;
  /** Injectable clock (epoch ms) for token expiry in tests. */
  now?: () => number;
  /** The annual seat cap; default 50 for everyone (ANNUAL_SEAT_CAP's default). */
  seatPolicy?: SeatPolicy;
  /** Where the sandbox says it created or upgraded its database. */
  log?: (message: string) => void;
}

export interface Sandbox {
  /** kind 'sandbox' */
  provider: PortalProvider;
  /** The popup's Allow: an opaque token for the ticked scopes. Throws ApiError 404 for an unknown account. */
  issueToken(email: string, scopes: string[]): IssuedToken;
  /** For the popup page: does the directory know this account? */
  hasAccount(email: string): boolean;
  /**
   * The directory deletes the account and creates a new one with the same address: a new id, so the
   * old account's sessions and tokens no longer match it (docs/security.md, "Who signs in").
   */
  replaceAccount(email: string): void;
  /**
   * Sets a subscription's total as Google's Admin console would, outside the portal (an annual plan's
   * seats, another plan's maximum): `npm run sandbox:set-seats` (docs/api.md, Reconciliation).
   */
  setSeats(subscriptionId: string, total: number): SeatsSet;
  /** The mail the portal would have sent without SMTP_URL (GET /sandbox/mail). */
  mailbox: SandboxMailbox;
  close(): void;
}

export type { IssuedToken };

/** A total the sandbox's console set. */
export interface SeatsSet {
  customerId: string;
  before: number;
  after: number;
}

export async function openSandbox(options: SandboxOptions): Promise<Sandbox> {
  mkdirSync(options.dataDir, { recursive: true });
  const Database = loadSqliteDriver();
  const db = new Database(path.join(options.dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const file = path.join(options.dataDir, DATABASE_FILE);
  const { from } = await prepareSchema(db);
  if (from === 0) options.log?.(`Sandbox database created and seeded: ${file}`);
  else if (from !== SCHEMA_VERSION) {
    options.log?.(
      `Sandbox database upgraded in place from schema ${from} to ${SCHEMA_VERSION} (changes kept; new demo accounts added): ${file}`,
    );
  }
  seedHostileDemo(db);
  seedSeatDemos(db);

  const tokens = createTokenStore(db, options.now ?? Date.now);
  const provider = withHostileDemo(
    withSeatDemos(
      createSandboxProvider(
        db,
        tokens,
        options.resellerName ?? SANDBOX_RESELLER_NAME,
        options.seatPolicy ?? DEFAULT_SEAT_POLICY,
      ),
    ),
  );
  const accountId = db.prepare<[string], { id: string }>(
    'SELECT id FROM directory_users WHERE email = ?',
  );
  const newAccountId = db.prepare(
    `UPDATE directory_users SET id = ${NEW_ACCOUNT_ID} WHERE email = ?`,
  );
  const idOf = (email: string) => accountId.get(email.trim().toLowerCase())?.id;
  const hasAccount = (email: string): boolean => idOf(email) !== undefined;

  const subscriptionSeats = db.prepare<
    [string],
    { customer_id: string; plan_name: string; total: number; assigned: number }
  >(
    `SELECT customer_id, plan_name, licensed_number_of_seats AS assigned,
       COALESCE(number_of_seats, maximum_number_of_seats) AS total
       FROM subscriptions WHERE subscription_id = ?`,
  );
  const setAnnualSeats = db.prepare(
    'UPDATE subscriptions SET number_of_seats = ? WHERE subscription_id = ?',
  );
  const setMaximumSeats = db.prepare(
    'UPDATE subscriptions SET maximum_number_of_seats = ? WHERE subscription_id = ?',
  );
  const setSeats = db.transaction((subscriptionId: string, total: number): SeatsSet => {
    const row = subscriptionSeats.get(subscriptionId);
    if (row === undefined) throw notFound(`The sandbox has no subscription ${subscriptionId}.`);
    // Google's console, like its API, keeps a total at or above the licences assigned.
    if (total < row.assigned) {
      throw invalidArgument(
        `${subscriptionId} has ${row.assigned} licenses assigned; its total cannot be below that.`,
      );
    }
    (isAnnualPlan(row.plan_name) ? setAnnualSeats : setMaximumSeats).run(total, subscriptionId);
    return { customerId: row.customer_id, before: row.total, after: total };
  });

  return {
    provider,
    hasAccount,
    setSeats: (subscriptionId, total) => setSeats.immediate(subscriptionId, total),
    mailbox: createSandboxMailbox(db),
    issueToken(email, scopes) {
      const sub = idOf(email);
      if (sub === undefined) {
        throw notFound(`The sandbox directory has no account ${email}.`);
      }
      return tokens.issue(email.trim().toLowerCase(), sub, scopes);
    },
    replaceAccount(email) {
      newAccountId.run(email.trim().toLowerCase());
    },
    close() {
      if (db.open) db.close();
    },
  };
}

/** Deletes the database files so the next open re-seeds the contract's dataset. */
export function resetSandbox(dataDir: string): void {
  for (const suffix of DATABASE_FILE_SUFFIXES) {
    rmSync(path.join(dataDir, `${DATABASE_FILE}${suffix}`), { force: true });
  }
}
