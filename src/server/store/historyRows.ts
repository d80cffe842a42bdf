import type { Insertable, Selectable } from 'kysely';
import type { DelegateAction } from '../../contract/api';
import type { PurchaseCharge } from '../../contract/prices';
import type { HistoryIntent, HistoryRecord, RecordState, RecordedChange } from './portalStore';
import type { HistoryTable } from './schema';

// Between the history table's columns and the store's records.

type HistoryRow = Selectable<HistoryTable>;

function members(json: string | null): string[] {
  if (json === null) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
}

function changeOf(row: HistoryRow): RecordedChange {
  if (row.kind === 'licences') {
    return {
      kind: 'licences',
      subscriptionId: row.subscription_id ?? '',
      before: Number(row.seats_before),
      after: Number(row.seats_after),
    };
  }
  return {
    kind: row.kind === 'support-delegate' ? 'support-delegate' : 'licence-delegate',
    action: (row.action ?? 'add') as DelegateAction,
    member: row.member ?? '',
    before: members(row.members_before),
    after: row.members_after === null ? null : members(row.members_after),
  };
}

/** The charge columns (migration 0007) as the charge; null for a row without one. */
function storedCharge(row: HistoryRow): PurchaseCharge | null {
  const currency = row.charge_currency;
  if (currency === null || row.charge_amount_minor === null) return null;
  return {
    currency,
    unitPriceMinor: Number(row.charge_unit_price_minor),
    seats: Number(row.charge_seats),
    period: row.charge_period === 'year' ? 'year' : 'month',
    amountMinor: Number(row.charge_amount_minor),
    termEnd: row.charge_term_end ?? '',
    priceVersion: row.charge_price_version ?? '',
  };
}

function chargeColumns(charge: PurchaseCharge | null | undefined) {
  return {
    charge_currency: charge?.currency ?? null,
    charge_unit_price_minor: charge?.unitPriceMinor ?? null,
    charge_seats: charge?.seats ?? null,
    charge_period: charge?.period ?? null,
    charge_amount_minor: charge?.amountMinor ?? null,
    charge_term_end: charge?.termEnd ?? null,
    charge_price_version: charge?.priceVersion ?? null,
  };
}

export function toHistoryRecord(row: HistoryRow): HistoryRecord {
  return {
    id: Number(row.id),
    customerId: row.customer_id,
    actor: row.actor,
    requestId: row.request_id,
    at: Number(row.at),
    state: row.state as RecordState,
    change: changeOf(row),
    // Only a purchase has a charge (null when none was kept).
    ...(row.kind === 'licences' ? { charge: storedCharge(row) } : {}),
  };
}

export function toHistoryRow(intent: HistoryIntent): Insertable<HistoryTable> {
  const { change } = intent;
  const common = {
    customer_id: intent.customerId,
    kind: change.kind,
    state: 'pending',
    actor: intent.actor,
    request_id: intent.requestId,
    at: intent.at,
    customer_domain: intent.customerDomain ?? null,
    sku_id: intent.sku?.skuId ?? null,
    sku_name: intent.sku?.skuName ?? null,
    ...chargeColumns(intent.charge),
  };
  if (change.kind === 'licences') {
    return {
      ...common,
      subscription_id: change.subscriptionId,
      seats_before: change.before,
      seats_after: change.after,
    };
  }
  return {
    ...common,
    action: change.action,
    member: change.member,
    members_before: JSON.stringify(change.before),
    members_after: change.after === null ? null : JSON.stringify(change.after),
  };
}
