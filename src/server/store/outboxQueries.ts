import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { eventOf, toOutboxEntry } from './outboxRows';
import type { Outbox, StoreDialect } from './portalStore';
import type { PortalDatabase } from './schema';

// The outbox's queries (docs/notifications.md): a row is written in the transaction that completes its
// change, and each worker takes due rows under a lease, so a crashed worker's rows are taken again.

/** The advisory lock that orders the outbox's writers on PostgreSQL (any constant key of its own). */
const SEQUENCE_LOCK = sql`hashtextextended('outbox sequence', 0)`;

/**
 * Writes the completed entry's notification, in the caller's transaction; one per entry. On
 * PostgreSQL the writers take turns until they commit, so events commit in their sequence's order and
 * a billing system reading after a sequence never skips one committed late (docs/api.md).
 */
export async function writeNotification(
  trx: Transaction<PortalDatabase>,
  dialect: StoreDialect,
  historyId: number,
  now: number,
): Promise<void> {
  const row = await trx
    .selectFrom('history')
    .selectAll()
    .where('id', '=', historyId)
    .executeTakeFirst();
  if (row === undefined) return;
  const id = randomUUID();
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(${SEQUENCE_LOCK})`.execute(trx);
  await trx
    .insertInto('outbox')
    .values({
      id,
      history_id: historyId,
      event: JSON.stringify(eventOf(row, id)),
      created_at: now,
      state: 'waiting',
      next_attempt_at: now,
      retry_since: now,
    })
    .onConflict((conflict) => conflict.column('history_id').doNothing())
    .execute();
}

export function createOutbox(db: Kysely<PortalDatabase>, dialect: StoreDialect): Outbox {
  return {
    async takeNotifications({ worker, now, leaseMs, limit }) {
      let due = db
        .selectFrom('outbox')
        .select('id')
        .where('state', '=', 'waiting')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('taken_until', 'is', null), eb('taken_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit);
      // Two workers never take one row: the second skips rows the first is taking (SQLite has one writer).
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({
          taken_until: now + leaseMs,
          taken_by: worker,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', due)
        .returningAll()
        .execute();
      return rows.map(toOutboxEntry);
    },

    async holdNotification({ id, worker, now, leaseMs }) {
      const result = await db
        .updateTable('outbox')
        .set({ taken_until: now + leaseMs })
        .where('id', '=', id)
        .where('taken_by', '=', worker)
        .where('taken_until', '>=', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async finishNotification(id, worker, outcome) {
      await db
        .updateTable('outbox')
        .set({
          state: outcome.state,
          delivered_channels: JSON.stringify(outcome.deliveredChannels),
          next_attempt_at: outcome.nextAttemptAt,
          last_error: outcome.lastError,
          taken_until: null,
          taken_by: null,
        })
        .where('id', '=', id)
        .where('taken_by', '=', worker)
        .execute();
    },

    async releaseNotifications() {
      await db
        .updateTable('outbox')
        .set({ taken_until: null, taken_by: null })
        .where('taken_by', 'is not', null)
        .execute();
    },

    async failedNotifications() {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('state', '=', 'failed')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toOutboxEntry);
    },

    async resendNotifications(selection, now) {
      let failed = db
        .updateTable('outbox')
        .set({
          state: 'waiting',
          attempts: 0,
          next_attempt_at: now,
          retry_since: now,
          last_error: null,
        })
        .where('state', '=', 'failed');
      if (selection !== 'failed') failed = failed.where('id', '=', selection.eventId);
      const rows = await failed.returning('id').execute();
      return rows.map((row) => row.id);
    },

    async eventsAfter({ after, limit }) {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('sequence', '>', after)
        .orderBy('sequence')
        .limit(limit)
        .execute();
      return rows.map((row) => toOutboxEntry(row).event);
    },

    async countNotifications() {
      const rows = await db
        .selectFrom('outbox')
        .select(['state', db.fn.countAll<number | string>().as('count')])
        .where('state', 'in', [sql.lit('waiting'), sql.lit('failed')])
        .groupBy('state')
        .execute();
      const counts = { waiting: 0, failed: 0 };
      // PostgreSQL answers count(*) as a string (bigint); SQLite as a number.
      for (const row of rows) counts[row.state as keyof typeof counts] = Number(row.count);
      return counts;
    },
  };
}
