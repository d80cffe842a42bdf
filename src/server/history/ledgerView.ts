import { csvLine } from '../../contract/csv';
import type { LedgerRow } from '../../contract/ledger';
import { decimalOfMinor } from '../../contract/money';
import { invalidArgument } from '../apiError';
import { SERVER_TEXT } from '../messages';
import type { LedgerRecord } from '../store/ledgerQueries';

// A ledger record as GET /api/reseller/ledger answers it: a JSON row, or a CSV line (docs/api.md).

export function toLedgerRow(record: LedgerRecord): LedgerRow {
  const common = {
    id: String(record.id),
    at: new Date(record.at).toISOString(),
    customerId: record.customerId,
    customerDomain: record.customerDomain,
    kind: record.change.kind,
    // The store never lists observed baselines (store/ledgerQueries.ts).
    state: record.state === 'observed' ? ('outside-change' as const) : record.state,
    actor: record.actor,
    requestId: record.requestId,
  };
  const { change } = record;
  if (change.kind === 'licences') {
    return {
      ...common,
      skuName: record.skuName,
      before: change.before,
      after: change.after,
      charge: record.charge ?? null,
      action: null,
      member: null,
    };
  }
  return {
    ...common,
    skuName: null,
    before: null,
    after: null,
    charge: null,
    action: change.action,
    member: change.member,
  };
}

/** The CSV's columns (docs/api.md, GET /api/reseller/ledger); prices are decimals in the currency. */
export const LEDGER_CSV_HEADER = [
  'When (UTC)',
  'Customer id',
  'Customer domain',
  'Change',
  'State',
  'Who',
  'Request id',
  'SKU',
  'Seats before',
  'Seats after',
  'Delegate change',
  'Delegate',
  'Currency',
  'Unit price',
  'Price per',
  'Seats charged',
  'Amount due now',
  'Term end',
  'Price version',
] as const;

function text(value: string | number | null): string {
  return value === null ? '' : String(value);
}

/** One row's CSV line; amounts as exact decimals of their minor units, never through a float. */
export function ledgerCsvLine(row: LedgerRow): string {
  const { charge } = row;
  return csvLine([
    row.at,
    row.customerId,
    text(row.customerDomain),
    row.kind,
    row.state,
    row.actor,
    row.requestId,
    text(row.skuName),
    text(row.before),
    text(row.after),
    text(row.action),
    text(row.member),
    charge?.currency ?? '',
    charge === null ? '' : decimalOfMinor(charge.unitPriceMinor, charge.currency),
    charge?.period ?? '',
    text(charge?.seats ?? null),
    charge === null ? '' : decimalOfMinor(charge.amountMinor, charge.currency),
    charge?.termEnd ?? '',
    charge?.priceVersion ?? '',
  ]);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/** Epoch ms of a calendar day's start in UTC, or null for a day the calendar lacks (30 February). */
function dayStart(year: string, month: string, day: string): number | null {
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return new Date(ms).toISOString().startsWith(`${year}-${month}-${day}`) ? ms : null;
}

/**
 * `from` or `to` as epoch ms: a day is UTC and whole (`from` its start, `to` the next day's start, so
 * the day is in), an instant is itself; anything else is a 400 naming the field.
 */
export function ledgerBound(field: 'from' | 'to', value: string | undefined): number | null {
  if (value === undefined) return null;
  const day = DAY.exec(value);
  if (day !== null) {
    const start = dayStart(day[1] ?? '', day[2] ?? '', day[3] ?? '');
    if (start === null) throw invalidArgument(SERVER_TEXT.invalidLedgerTime(field));
    return field === 'from' ? start : start + DAY_MS;
  }
  const instant = INSTANT.exec(value);
  const ms = Date.parse(value);
  if (instant === null || dayStart(instant[1] ?? '', instant[2] ?? '', instant[3] ?? '') === null) {
    throw invalidArgument(SERVER_TEXT.invalidLedgerTime(field));
  }
  if (!Number.isFinite(ms)) throw invalidArgument(SERVER_TEXT.invalidLedgerTime(field));
  return ms;
}
