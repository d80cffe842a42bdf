import { sql, type Kysely } from 'kysely';
import type { LedgerState } from '../../contract/ledger';
import { toHistoryRecord } from './historyRows';
import type { HistoryRecord } from './portalStore';
import type { PortalDatabase } from './schema';

// The reseller's ledger (docs/api.md, GET /api/reseller/ledger): every customer's history entries
// but the reconciliation's baselines, newest first by id, the primary key's order.

/** What the ledger's rows are filtered by; null is no filter. */
export interface LedgerFilter {
  customerId: string | null;
  /** Epoch ms, inclusive. */
  from: number | null;
  /** Epoch ms, exclusive. */
  to: number | null;
  state: LedgerState | null;
}

export interface LedgerPageQuery extends LedgerFilter {
  /** Only rows older (lower id) than this one; null for the newest. */
  olderThan: number | null;
  limit: number;
}

/** A history entry with what the ledger shows beside it: the customer's domain and the SKU. */
export interface LedgerRecord extends Omit<HistoryRecord, 'customerDomain'> {
  customerDomain: string | null;
  skuName: string | null;
}

export interface LedgerStore {
  /** A page of every customer's rows, newest first. */
  listLedger(query: LedgerPageQuery): Promise<LedgerRecord[]>;
  /** How many rows the filter matches, counted up to `atMost` (the CSV's bound). */
  countLedger(filter: LedgerFilter, atMost: number): Promise<number>;
}

function filtered(db: Kysely<PortalDatabase>, { customerId, from, to, state }: LedgerFilter) {
  // A literal, so the planner can tell it from the state filter's own value.
  let query = db.selectFrom('history').where('history.state', '!=', sql.lit('observed'));
  if (customerId !== null) query = query.where('history.customer_id', '=', customerId);
  if (from !== null) query = query.where('history.at', '>=', from);
  if (to !== null) query = query.where('history.at', '<', to);
  if (state !== null) query = query.where('history.state', '=', state);
  return query;
}

export function createLedgerStore(db: Kysely<PortalDatabase>): LedgerStore {
  return {
    async listLedger(query) {
      let page = filtered(db, query)
        .selectAll('history')
        .select((eb) =>
          // Entries written before the domain was kept (migration 0004) take the customer's latest one.
          eb.fn
            .coalesce(
              'history.customer_domain',
              eb
                .selectFrom('history as known')
                .select('known.customer_domain')
                .whereRef('known.customer_id', '=', 'history.customer_id')
                .where('known.customer_domain', 'is not', null)
                .orderBy('known.id', 'desc')
                .limit(1),
            )
            .as('known_domain'),
        );
      if (query.olderThan !== null) page = page.where('history.id', '<', query.olderThan);
      const rows = await page.orderBy('history.id', 'desc').limit(query.limit).execute();
      return rows.map((row) => ({
        ...toHistoryRecord(row),
        customerDomain: row.known_domain,
        skuName: row.sku_name,
      }));
    },

    async countLedger(filter, atMost) {
      const row = await db
        .selectFrom(filtered(db, filter).select('history.id').limit(atMost).as('matched'))
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
