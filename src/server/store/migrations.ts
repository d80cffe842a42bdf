import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { StoreDialect } from './portalStore';

// The portal store's schema, migrated at start-up by Kysely's Migrator (which records what ran in
// kysely_migration and, on PostgreSQL, holds a lock so two instances starting together migrate once).
// Migrations live in code so the built server needs no migration files beside it; never edit one
// that has shipped, add the next.

// Migrations see the database untyped: the schema is what they create.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** Migration 0001's index of pending entries, which 0002 replaces and its down restores. */
async function createPendingIndex(db: AnyDatabase): Promise<void> {
  await db.schema
    .createIndex('history_pending')
    .on('history')
    .column('customer_id')
    .where(sql.ref('state'), '=', 'pending')
    .execute();
}

function initialSchema(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDatabase) {
      await db.schema
        .createTable('revoked_sessions')
        .addColumn('session_id', 'text', (column) => column.primaryKey())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('revoked_sessions_expiry')
        .on('revoked_sessions')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('history')
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (column) =>
          dialect === 'postgres'
            ? column.primaryKey().generatedAlwaysAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('customer_id', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('request_id', 'text', (column) => column.notNull())
        .addColumn('at', 'bigint', (column) => column.notNull())
        .addColumn('subscription_id', 'text')
        .addColumn('seats_before', 'bigint')
        .addColumn('seats_after', 'bigint')
        .addColumn('action', 'text')
        .addColumn('member', 'text')
        .addColumn('members_before', 'text')
        .addColumn('members_after', 'text')
        .execute();
      // A customer's page, newest first (GET /api/history).
      await db.schema
        .createIndex('history_customer')
        .on('history')
        .columns(['customer_id', 'id'])
        .execute();
      // Entries a crashed process left behind; a partial index stays as small as they are few.
      await createPendingIndex(db);
    },
    async down(db: AnyDatabase) {
      await db.schema.dropTable('history').execute();
      await db.schema.dropTable('revoked_sessions').execute();
    },
  };
}

/** Unconfirmed purchases are settled like pending ones; the subscription ids shown to each customer. */
function unconfirmedAndSubscriptionIds(): Migration {
  return {
    async up(db: AnyDatabase) {
      await db.schema
        .createIndex('history_unsettled')
        .on('history')
        .column('customer_id')
        .where(sql.ref('state'), 'in', [sql.lit('pending'), sql.lit('unconfirmed')])
        .execute();
      await db.schema.dropIndex('history_pending').execute();
      await db.schema
        .createTable('subscription_ids')
        .addColumn('customer_id', 'text', (column) => column.notNull())
        .addColumn('subscription_id', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('subscription_ids_key', ['customer_id', 'subscription_id'])
        .execute();
    },
    async down(db: AnyDatabase) {
      await db.schema.dropTable('subscription_ids').execute();
      await db.schema.dropIndex('history_unsettled').execute();
      await createPendingIndex(db);
    },
  };
}
/** A person's 'not before': sign-out ends every session of theirs (docs/security.md). */
const signOutsPerPerson: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('sign_outs')
      .addColumn('person', 'text', (column) => column.primaryKey())
      .addColumn('not_before', 'bigint', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('sign_outs_expiry').on('sign_outs').column('expires_at').execute();
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('sign_outs').execute();
  },
};

/** The outbox (docs/notifications.md): one row per completed change, and what its events need. */
const notificationOutbox: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('history').addColumn('customer_domain', 'text').execute();
    await db.schema.alterTable('history').addColumn('sku_id', 'text').execute();
    await db.schema.alterTable('history').addColumn('sku_name', 'text').execute();
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('history_id', 'bigint', (column) => column.notNull().unique())
      .addColumn('event', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
      .addColumn('taken_until', 'bigint')
      .addColumn('taken_by', 'text')
      .addColumn('delivered_channels', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('last_error', 'text')
      .execute();
    // The worker's read: rows still waiting, soonest first; delivered rows drop out of it.
    await db.schema
      .createIndex('outbox_waiting')
      .on('outbox')
      .column('next_attempt_at')
      .where(sql.ref('state'), '=', 'waiting')
      .execute();
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('outbox').execute();
    await db.schema.alterTable('history').dropColumn('sku_name').execute();
    await db.schema.alterTable('history').dropColumn('sku_id').execute();
    await db.schema.alterTable('history').dropColumn('customer_domain').execute();
  },
};

/** A purchase's price for its notification (docs/notifications.md), computed when it is asked for. */
const purchasePrice: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.alterTable('history').addColumn('price', 'text').execute();
  },
  async down(db: AnyDatabase) {
    await db.schema.alterTable('history').dropColumn('price').execute();
  },
};

/**
 * A purchase's charge as quoted (docs/api.md, Money), one integer column per amount in minor units;
 * rows written before it have none (null). Migration 0005's `price` is no longer written.
 */
const CHARGE_COLUMNS = [
  ['charge_currency', 'text'],
  ['charge_unit_price_minor', 'bigint'],
  ['charge_seats', 'bigint'],
  ['charge_period', 'text'],
  ['charge_amount_minor', 'bigint'],
  ['charge_term_end', 'text'],
  ['charge_price_version', 'text'],
] as const;

const purchaseCharge: Migration = {
  async up(db: AnyDatabase) {
    for (const [column, type] of CHARGE_COLUMNS) {
      await db.schema.alterTable('history').addColumn(column, type).execute();
    }
  },
  async down(db: AnyDatabase) {
    for (const [column] of [...CHARGE_COLUMNS].reverse()) {
      await db.schema.alterTable('history').dropColumn(column).execute();
    }
  },
};

/** The outbox's columns before migration 0006, in order, for its rebuild on SQLite. */
const OUTBOX_COLUMNS_0004 = [
  'id',
  'history_id',
  'event',
  'created_at',
  'state',
  'attempts',
  'next_attempt_at',
  'taken_until',
  'taken_by',
  'delivered_channels',
  'last_error',
] as const;

/** The worker's read of waiting rows (migration 0004), made again after a rebuild. */
async function createWaitingIndex(db: AnyDatabase): Promise<void> {
  await db.schema
    .createIndex('outbox_waiting')
    .on('outbox')
    .column('next_attempt_at')
    .where(sql.ref('state'), '=', 'waiting')
    .execute();
}

/**
 * Events for billing systems (docs/notifications.md, Events; docs/api.md, GET /api/reseller/events):
 * a `sequence` that increases across the portal, given by the database (SQLite: an AUTOINCREMENT key,
 * never reused; PostgreSQL: a sequence), existing rows numbered in their creation order; and the start
 * of each row's retry window (`retry_since`), which `npm run outbox:resend` moves.
 */
function eventSequence(dialect: StoreDialect): Migration {
  const columns = OUTBOX_COLUMNS_0004.join(', ');
  if (dialect === 'postgres') {
    return {
      async up(db: AnyDatabase) {
        await sql`CREATE SEQUENCE outbox_sequence`.execute(db);
        await sql`ALTER TABLE outbox ADD COLUMN sequence bigint, ADD COLUMN retry_since bigint`.execute(
          db,
        );
        await sql`UPDATE outbox SET sequence = ordered.n, retry_since = outbox.created_at
          FROM (SELECT id, row_number() OVER (ORDER BY created_at, history_id) AS n FROM outbox) ordered
          WHERE outbox.id = ordered.id`.execute(db);
        await sql`SELECT setval('outbox_sequence', COALESCE((SELECT max(sequence) FROM outbox), 0) + 1, false)`.execute(
          db,
        );
        await sql`ALTER TABLE outbox
          ALTER COLUMN sequence SET DEFAULT nextval('outbox_sequence'),
          ALTER COLUMN sequence SET NOT NULL,
          ALTER COLUMN retry_since SET NOT NULL`.execute(db);
        await sql`ALTER SEQUENCE outbox_sequence OWNED BY outbox.sequence`.execute(db);
        await db.schema
          .createIndex('outbox_sequence_order')
          .unique()
          .on('outbox')
          .column('sequence')
          .execute();
      },
      async down(db: AnyDatabase) {
        await db.schema.dropIndex('outbox_sequence_order').execute();
        await sql`ALTER TABLE outbox DROP COLUMN sequence, DROP COLUMN retry_since`.execute(db);
      },
    };
  }
  // SQLite adds no AUTOINCREMENT column to a table: the table is made again with one.
  return {
    async up(db: AnyDatabase) {
      await db.schema
        .createTable('outbox_next')
        .addColumn('sequence', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('id', 'text', (column) => column.notNull().unique())
        .addColumn('history_id', 'bigint', (column) => column.notNull().unique())
        .addColumn('event', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
        .addColumn('taken_until', 'bigint')
        .addColumn('taken_by', 'text')
        .addColumn('delivered_channels', 'text', (column) => column.notNull().defaultTo('[]'))
        .addColumn('last_error', 'text')
        .addColumn('retry_since', 'bigint', (column) => column.notNull())
        .execute();
      await sql
        .raw(
          `INSERT INTO outbox_next (${columns}, retry_since) SELECT ${columns}, created_at FROM outbox ORDER BY created_at, history_id`,
        )
        .execute(db);
      await db.schema.dropTable('outbox').execute();
      await db.schema.alterTable('outbox_next').renameTo('outbox').execute();
      await createWaitingIndex(db);
    },
    async down(db: AnyDatabase) {
      await db.schema
        .createTable('outbox_before')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('history_id', 'bigint', (column) => column.notNull().unique())
        .addColumn('event', 'text', (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
        .addColumn('taken_until', 'bigint')
        .addColumn('taken_by', 'text')
        .addColumn('delivered_channels', 'text', (column) => column.notNull().defaultTo('[]'))
        .addColumn('last_error', 'text')
        .execute();
      await sql
        .raw(`INSERT INTO outbox_before (${columns}) SELECT ${columns} FROM outbox`)
        .execute(db);
      await db.schema.dropTable('outbox').execute();
      await db.schema.alterTable('outbox_before').renameTo('outbox').execute();
      await createWaitingIndex(db);
    },
  };
}

/** The time zone each person's browser names with a purchase, for the dates of their mail (docs/notifications.md). */
const personTimeZones: Migration = {
  async up(db: AnyDatabase) {
    await db.schema
      .createTable('time_zones')
      .addColumn('person', 'text', (column) => column.primaryKey())
      .addColumn('time_zone', 'text', (column) => column.notNull())
      .addColumn('named_at', 'bigint', (column) => column.notNull())
      .execute();
  },
  async down(db: AnyDatabase) {
    await db.schema.dropTable('time_zones').execute();
  },
};

/**
 * The reseller console's settings and audit (docs/reseller-console.md): the reseller's defaults (one
 * row, written at the first start with ANNUAL_SEAT_CAP; its revision moves with every settings change
 * so each instance notices one with a single read), each customer's own settings, and every staff
 * action with its state before and after.
 */
function consoleSettings(dialect: StoreDialect): Migration {
  return {
    async up(db: AnyDatabase) {
      await db.schema
        .createTable('reseller_defaults')
        .addColumn('id', 'integer', (column) => column.primaryKey())
        .addColumn('seat_cap', 'bigint', (column) => column.notNull())
        .addColumn('approval_above', 'bigint')
        .addColumn('revision', 'bigint', (column) => column.notNull())
        .addColumn('updated_at', 'bigint')
        .addColumn('updated_by', 'text')
        .execute();
      await db.schema
        .createTable('customer_settings')
        .addColumn('customer_id', 'text', (column) => column.primaryKey())
        .addColumn('portal_enabled', 'integer', (column) => column.notNull())
        .addColumn('seat_cap', 'bigint')
        .addColumn('approval_above', 'bigint')
        .addColumn('updated_at', 'bigint', (column) => column.notNull())
        .addColumn('updated_by', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('staff_actions')
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (column) =>
          dialect === 'postgres'
            ? column.primaryKey().generatedAlwaysAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'bigint', (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('customer_id', 'text')
        .addColumn('request_id', 'text', (column) => column.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      // One customer's actions, newest first (GET /api/reseller/audit?customerId=).
      await db.schema
        .createIndex('staff_actions_customer')
        .on('staff_actions')
        .columns(['customer_id', 'id'])
        .execute();
    },
    async down(db: AnyDatabase) {
      await db.schema.dropTable('staff_actions').execute();
      await db.schema.dropTable('customer_settings').execute();
      await db.schema.dropTable('reseller_defaults').execute();
    },
  };
}

/**
 * The reseller's ledger (docs/api.md, GET /api/reseller/ledger) reads every customer's history newest
 * first by id: a state filter walks its own (state, id) index in that order instead of the whole
 * table, and a date range reads its rows from the `at` index instead of every newer row.
 */
const ledgerIndexes: Migration = {
  async up(db: AnyDatabase) {
    await db.schema.createIndex('history_state').on('history').columns(['state', 'id']).execute();
    await db.schema.createIndex('history_at').on('history').columns(['at', 'id']).execute();
  },
  async down(db: AnyDatabase) {
    await db.schema.dropIndex('history_at').execute();
    await db.schema.dropIndex('history_state').execute();
  },
};

/** Every migration in order; the names sort in the order they run. */
export function portalMigrations(dialect: StoreDialect): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '0001_sessions_and_history': initialSchema(dialect),
        '0002_unconfirmed_and_subscription_ids': unconfirmedAndSubscriptionIds(),
        '0003_sign_outs_per_person': signOutsPerPerson,
        '0004_notification_outbox': notificationOutbox,
        '0005_purchase_price': purchasePrice,
        '0006_event_sequence': eventSequence(dialect),
        '0007_purchase_charge': purchaseCharge,
        '0008_time_zones': personTimeZones,
        '0009_console_settings': consoleSettings(dialect),
        '0012_ledger_indexes': ledgerIndexes,
      };
    },
  };
}

/** Brings the store's schema up to date; throws naming the failing migration, if one failed. */
export async function migrateToLatest(db: AnyDatabase, dialect: StoreDialect): Promise<void> {
  const migrator = new Migrator({ db, provider: portalMigrations(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed === undefined ? reason : `migration ${failed} failed: ${reason}`);
  }
}
