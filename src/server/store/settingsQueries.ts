import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CustomerSettings, ResellerDefaults } from '../../contract/customerSettings';
import type {
  SettingsStore,
  StaffActor,
  StoredCustomerSettings,
  StoredDefaults,
} from './portalStore';
import type { CustomerSettingsTable, PortalDatabase, ResellerDefaultsTable } from './schema';
import { listStaffActions, recordStaffAction } from './staffActions';

// The console's settings in the store (docs/reseller-console.md): the reseller's defaults, each
// customer's own, and the revision every instance polls to notice a change (settings/portalSettings.ts).

/** The defaults' one row. */
const DEFAULTS_ROW = 1;

const nullableNumber = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

function toStoredDefaults(row: Selectable<ResellerDefaultsTable>): StoredDefaults {
  return {
    seatCap: Number(row.seat_cap),
    approvalAbove: nullableNumber(row.approval_above),
    updatedAt: nullableNumber(row.updated_at),
    updatedBy: row.updated_by,
  };
}

function toStoredCustomer(row: Selectable<CustomerSettingsTable>): StoredCustomerSettings {
  return {
    portalEnabled: Number(row.portal_enabled) === 1,
    seatCap: nullableNumber(row.seat_cap),
    approvalAbove: nullableNumber(row.approval_above),
    updatedAt: Number(row.updated_at),
    updatedBy: row.updated_by,
  };
}

function customerRow(customerId: string, settings: CustomerSettings, by: StaffActor) {
  return {
    customer_id: customerId,
    portal_enabled: settings.portalEnabled ? 1 : 0,
    seat_cap: settings.seatCap,
    approval_above: settings.approvalAbove,
    updated_at: by.at,
    updated_by: by.actor,
  };
}

/**
 * Moves the revision first: on PostgreSQL its row lock queues settings changes one behind another, so
 * each reads the state before it after the previous one committed. Throws when there are no defaults.
 */
async function nextRevision(trx: Transaction<PortalDatabase>): Promise<StoredDefaults> {
  const row = await trx
    .updateTable('reseller_defaults')
    .set({ revision: sql<number>`revision + 1` })
    .where('id', '=', DEFAULTS_ROW)
    .returningAll()
    .executeTakeFirst();
  if (row === undefined) throw new Error('The reseller defaults are not in the store yet.');
  return toStoredDefaults(row);
}

const sameCustomerSettings = (a: CustomerSettings, b: CustomerSettings) =>
  a.portalEnabled === b.portalEnabled &&
  a.seatCap === b.seatCap &&
  a.approvalAbove === b.approvalAbove;

const customerState = ({ portalEnabled, seatCap, approvalAbove }: CustomerSettings) => ({
  portalEnabled,
  seatCap,
  approvalAbove,
});

const defaultsState = ({ seatCap, approvalAbove }: ResellerDefaults) => ({
  seatCap,
  approvalAbove,
});

export function createSettingsStore(db: Kysely<PortalDatabase>): SettingsStore {
  return {
    async seedSettings({ defaults, seatCaps, at, by }) {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('reseller_defaults')
          .values({
            id: DEFAULTS_ROW,
            seat_cap: defaults.seatCap,
            approval_above: defaults.approvalAbove,
            revision: 1,
            updated_at: null,
            updated_by: null,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        // Another instance, or an earlier start, wrote them: the seed is not read again.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
        const caps = [...seatCaps()];
        for (const [customerId, seatCap] of caps) {
          await trx
            .insertInto('customer_settings')
            .values(
              customerRow(
                customerId,
                { portalEnabled: true, seatCap, approvalAbove: null },
                { actor: by, at, requestId: '' },
              ),
            )
            .onConflict((conflict) => conflict.column('customer_id').doNothing())
            .execute();
        }
        return caps.length;
      });
    },

    async settingsRevision() {
      const row = await db
        .selectFrom('reseller_defaults')
        .select('revision')
        .where('id', '=', DEFAULTS_ROW)
        .executeTakeFirst();
      return row === undefined ? 0 : Number(row.revision);
    },

    async readSettings() {
      // One transaction, so the revision names exactly the rows read with it.
      return db.transaction().execute(async (trx) => {
        const defaults = await trx
          .selectFrom('reseller_defaults')
          .selectAll()
          .where('id', '=', DEFAULTS_ROW)
          .executeTakeFirst();
        const rows = await trx.selectFrom('customer_settings').selectAll().execute();
        return {
          revision: defaults === undefined ? 0 : Number(defaults.revision),
          defaults: defaults === undefined ? null : toStoredDefaults(defaults),
          customers: new Map(rows.map((row) => [row.customer_id, toStoredCustomer(row)])),
        };
      });
    },

    async changeCustomerSettings(customerId, settings, by) {
      return db.transaction().execute(async (trx) => {
        await nextRevision(trx);
        const row = await trx
          .selectFrom('customer_settings')
          .selectAll()
          .where('customer_id', '=', customerId)
          .executeTakeFirst();
        const before = row === undefined ? null : toStoredCustomer(row);
        if (before !== null && sameCustomerSettings(before, settings)) return null;
        await trx
          .insertInto('customer_settings')
          .values(customerRow(customerId, settings, by))
          .onConflict((conflict) =>
            conflict.column('customer_id').doUpdateSet((eb) => ({
              portal_enabled: eb.ref('excluded.portal_enabled'),
              seat_cap: eb.ref('excluded.seat_cap'),
              approval_above: eb.ref('excluded.approval_above'),
              updated_at: eb.ref('excluded.updated_at'),
              updated_by: eb.ref('excluded.updated_by'),
            })),
          )
          .execute();
        return recordStaffAction(trx, {
          ...by,
          kind: 'customer-settings',
          customerId,
          before: before === null ? null : customerState(before),
          after: customerState(settings),
        });
      });
    },

    async changeResellerDefaults(defaults, by) {
      return db.transaction().execute(async (trx) => {
        const before = await nextRevision(trx);
        if (
          before.seatCap === defaults.seatCap &&
          before.approvalAbove === defaults.approvalAbove
        ) {
          return null;
        }
        await trx
          .updateTable('reseller_defaults')
          .set({
            seat_cap: defaults.seatCap,
            approval_above: defaults.approvalAbove,
            updated_at: by.at,
            updated_by: by.actor,
          })
          .where('id', '=', DEFAULTS_ROW)
          .execute();
        return recordStaffAction(trx, {
          ...by,
          kind: 'reseller-defaults',
          customerId: null,
          before: defaultsState(before),
          after: defaultsState(defaults),
        });
      });
    },

    listStaffActions: (query) => listStaffActions(db, query),
  };
}
