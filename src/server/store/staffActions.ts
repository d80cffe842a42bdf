import type { Kysely, Selectable, Transaction } from 'kysely';
import type { StaffActionKind, StaffActionState } from '../../contract/staffActions';
import type { StaffActionIntent, StaffActionQuery, StaffActionRecord } from './portalStore';
import type { PortalDatabase, StaffActionTable } from './schema';

// The audit trail of staff actions (docs/reseller-console.md, Audit trail). Every staff change calls
// recordStaffAction inside its own transaction, so the change and its record commit together.

function stateOf(json: string | null): StaffActionState | null {
  return json === null ? null : (JSON.parse(json) as StaffActionState);
}

function toStaffActionRecord(row: Selectable<StaffActionTable>): StaffActionRecord {
  return {
    id: Number(row.id),
    at: Number(row.at),
    actor: row.actor,
    kind: row.kind as StaffActionKind,
    customerId: row.customer_id,
    requestId: row.request_id,
    before: stateOf(row.before),
    after: stateOf(row.after),
  };
}

/** Records one staff action in the caller's transaction (or alone); answers it with its id. */
export async function recordStaffAction(
  db: Kysely<PortalDatabase> | Transaction<PortalDatabase>,
  action: StaffActionIntent,
): Promise<StaffActionRecord> {
  const row = await db
    .insertInto('staff_actions')
    .values({
      at: action.at,
      actor: action.actor,
      kind: action.kind,
      customer_id: action.customerId,
      request_id: action.requestId,
      before: action.before === null ? null : JSON.stringify(action.before),
      after: action.after === null ? null : JSON.stringify(action.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...action, id: Number(row.id) };
}

/** A page of staff actions, newest first, of one customer or kind when asked. */
export async function listStaffActions(
  db: Kysely<PortalDatabase>,
  { customerId, kind, olderThan, limit }: StaffActionQuery,
): Promise<StaffActionRecord[]> {
  let query = db.selectFrom('staff_actions').selectAll();
  if (customerId !== null) query = query.where('customer_id', '=', customerId);
  if (kind !== null) query = query.where('kind', '=', kind);
  if (olderThan !== null) query = query.where('id', '<', olderThan);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toStaffActionRecord);
}
