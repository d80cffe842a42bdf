import { sql, type Kysely } from 'kysely';
import { SESSION_LIFETIME_MS } from '../../contract/limits';
import { toHistoryRecord, toHistoryRow } from './historyRows';
import { createOutbox, writeNotification } from './outboxQueries';
import {
  KNOWN_TOTAL_STATES,
  OUTSIDE_ACTOR,
  UNSETTLED_STATES,
  type ChangeLocks,
  type KnownSeats,
  type PortalStore,
  type StoreDialect,
} from './portalStore';
import type { PortalDatabase } from './schema';
import { createLedgerStore } from './ledgerQueries';
import { createSettingsStore } from './settingsQueries';

// The one implementation of PortalStore: Kysely writes the same queries for SQLite and PostgreSQL;
// only the locks (and the id column of the first migration) differ.

/** The customer's last licence entry whose `after` is a total Google showed (KNOWN_TOTAL_STATES). */
async function lastKnownSeats(
  db: Kysely<PortalDatabase>,
  customerId: string,
): Promise<KnownSeats | null> {
  const row = await db
    .selectFrom('history')
    .select(['id', 'subscription_id', 'seats_after'])
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'licences')
    .where(
      'state',
      'in',
      KNOWN_TOTAL_STATES.map((state) => sql.lit(state)),
    )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    id: Number(row.id),
    subscriptionId: row.subscription_id ?? '',
    total: Number(row.seats_after),
  };
}

export function createKyselyStore(
  db: Kysely<PortalDatabase>,
  dialect: StoreDialect,
  locks: ChangeLocks,
  closeAll: () => Promise<void>,
): PortalStore {
  const sweepRevocations = async (now: number): Promise<number> => {
    const revoked = await db
      .deleteFrom('revoked_sessions')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    const signedOut = await db
      .deleteFrom('sign_outs')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(revoked.numDeletedRows) + Number(signedOut.numDeletedRows);
  };

  // The revocation lookup runs on every request that reads a session: compiled once, run with each
  // session id as its one parameter (building and compiling it cost more than running it).
  const revocationLookup = db
    .selectFrom('revoked_sessions')
    .select('session_id')
    .where('session_id', '=', '')
    .compile();
  // Revoked by id, or issued no later than the person's last sign-out: one read, parameters in that order.
  const endedLookup = db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb.selectFrom('revoked_sessions').select('session_id').where('session_id', '=', ''),
          ),
          eb.exists(
            eb
              .selectFrom('sign_outs')
              .select('person')
              .where('person', '=', '')
              .where('not_before', '>=', 0),
          ),
        ])
        .as('ended'),
    ])
    .compile();

  /** The history entries not settled yet, oldest first: one customer's, or every customer's. */
  const unsettledChanges = async (customerId?: string) => {
    let query = db.selectFrom('history').selectAll();
    if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
    const rows = await query
      // Literals, as in the partial index history_unsettled: SQLite can choose that index for
      // bound values only by preparing the statement again on every run (openStore.ts keeps it).
      .where(
        'state',
        'in',
        UNSETTLED_STATES.map((state) => sql.lit(state)),
      )
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toHistoryRecord);
  };

  return {
    dialect,
    ...createOutbox(db, dialect),
    ...createSettingsStore(db),
    ...createLedgerStore(db),
    exclusive: (key, work) => locks.exclusive(key, work),
    ifFree: (key, work) => locks.ifFree(key, work),

    async ping() {
      await db.selectFrom('sign_outs').select('person').limit(1).execute();
    },

    async isSessionRevoked(sessionId) {
      const { rows } = await db.executeQuery({ ...revocationLookup, parameters: [sessionId] });
      return rows.length > 0;
    },

    async isSessionEnded({ sessionId, person, issuedAt }) {
      const { rows } = await db.executeQuery<{ ended: boolean | number }>({
        ...endedLookup,
        parameters: [sessionId, person, issuedAt],
      });
      // PostgreSQL answers a boolean, SQLite 1 or 0.
      const ended = rows[0]?.ended;
      return ended === true || ended === 1;
    },

    async signOutPerson(person, at) {
      await db
        .insertInto('sign_outs')
        .values({ person, not_before: at, expires_at: at + SESSION_LIFETIME_MS })
        .onConflict((conflict) =>
          conflict
            .column('person')
            .doUpdateSet((eb) => ({
              not_before: eb.ref('excluded.not_before'),
              expires_at: eb.ref('excluded.expires_at'),
            }))
            // A sign-out never moves the person's 'not before' back (clocks of instances differ).
            .where('sign_outs.not_before', '<', (eb) => eb.ref('excluded.not_before')),
        )
        .execute();
      await sweepRevocations(at);
    },

    async personSignedOutAt(person) {
      const row = await db
        .selectFrom('sign_outs')
        .select('not_before')
        .where('person', '=', person)
        .executeTakeFirst();
      return row === undefined ? null : Number(row.not_before);
    },

    async revokeSession(sessionId, expiresAt, now) {
      await db
        .insertInto('revoked_sessions')
        .values({ session_id: sessionId, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute();
      await sweepRevocations(now);
    },

    sweepRevocations,

    async recordIntent(intent) {
      const row = await db
        .insertInto('history')
        .values(toHistoryRow(intent))
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async completeChange(id, after) {
      // The entry and its notification commit together or not at all (docs/notifications.md).
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('history')
          .set(
            typeof after === 'number'
              ? { state: 'done', seats_after: after }
              : { state: 'done', members_after: JSON.stringify(after) },
          )
          .where('id', '=', id)
          .where('state', '<>', 'done')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0)
          await writeNotification(trx, dialect, id, Date.now());
      });
    },

    async recordFoundSeats(found) {
      // The entry and an outside-change's notification commit together (docs/notifications.md).
      return db.transaction().execute(async (trx) => {
        // Another process wrote first (SQLite's change locks are per process): nothing to add.
        const last = await lastKnownSeats(trx, found.customerId);
        if ((last?.id ?? null) !== found.comparedWith) return null;
        const row = await trx
          .insertInto('history')
          .values({
            ...toHistoryRow({
              customerId: found.customerId,
              actor: OUTSIDE_ACTOR,
              requestId: found.requestId,
              at: found.at,
              change: found.change,
              customerDomain: found.customerDomain ?? undefined,
              sku: found.sku,
            }),
            state: found.state,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(row.id);
        if (found.state === 'outside-change') await writeNotification(trx, dialect, id, Date.now());
        return id;
      });
    },

    lastKnownSeats: (customerId) => lastKnownSeats(db, customerId),

    async failChange(id) {
      await db.updateTable('history').set({ state: 'failed' }).where('id', '=', id).execute();
    },

    async markChange(id, state) {
      await db.updateTable('history').set({ state }).where('id', '=', id).execute();
    },

    async countUnsettled() {
      const rows = await db
        .selectFrom('history')
        .select(['state', db.fn.countAll<number | string>().as('count')])
        .where(
          'state',
          'in',
          UNSETTLED_STATES.map((state) => sql.lit(state)),
        )
        .groupBy('state')
        .execute();
      const counts = { pending: 0, unconfirmed: 0 };
      // PostgreSQL answers count(*) as a string (bigint); SQLite as a number.
      for (const row of rows) counts[row.state as keyof typeof counts] = Number(row.count);
      return counts;
    },

    pendingChanges: (customerId) => unsettledChanges(customerId),
    unsettledChanges: () => unsettledChanges(),

    async listHistory({ customerId, kinds, olderThan, limit }) {
      if (kinds.length === 0) return [];
      let query = db
        .selectFrom('history')
        .selectAll()
        .where('customer_id', '=', customerId)
        .where('state', 'not in', [sql.lit('failed'), sql.lit('observed')])
        .where('kind', 'in', kinds);
      if (olderThan !== null) query = query.where('id', '<', olderThan);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toHistoryRecord);
    },

    async rememberSubscriptionId(customerId, subscriptionId) {
      await db
        .insertInto('subscription_ids')
        .values({ customer_id: customerId, subscription_id: subscriptionId })
        .onConflict((conflict) => conflict.columns(['customer_id', 'subscription_id']).doNothing())
        .execute();
    },

    async knowsSubscriptionId(customerId, subscriptionId) {
      const row = await db
        .selectFrom('subscription_ids')
        .select('subscription_id')
        .where('customer_id', '=', customerId)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async rememberTimeZone(person, timeZone, at) {
      await db
        .insertInto('time_zones')
        .values({ person: person.toLowerCase(), time_zone: timeZone, named_at: at })
        .onConflict((conflict) =>
          conflict.column('person').doUpdateSet((eb) => ({
            time_zone: eb.ref('excluded.time_zone'),
            named_at: eb.ref('excluded.named_at'),
          })),
        )
        .execute();
    },

    async timeZoneOf(person) {
      const row = await db
        .selectFrom('time_zones')
        .select('time_zone')
        .where('person', '=', person.toLowerCase())
        .executeTakeFirst();
      return row?.time_zone ?? null;
    },

    close: closeAll,
  };
}
