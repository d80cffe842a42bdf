import type { HistoryEntry } from '../../../contract/history';
import type { PurchaseCharge } from '../../../contract/prices';
import { BYTE_ORDER_MARK, csvLine } from '../../../contract/csv';
import { entryInWords } from './historyWords';

// The filtered history as CSV, written by the portal's one set of cell rules (src/contract/csv.ts).

/** A purchase's charge under its contract names, amounts in integer minor units (docs/api.md, Money). */
const CHARGE_FIELDS = [
  'currency',
  'unitPriceMinor',
  'seats',
  'period',
  'amountMinor',
  'termEnd',
  'priceVersion',
] as const satisfies readonly (keyof PurchaseCharge)[];
const HEADER = ['When (UTC)', 'Who', 'What', 'Kind', 'State', 'Request id', ...CHARGE_FIELDS];

/** The charge's cells; empty for a delegate change or a purchase recorded without one. */
function chargeCells(entry: HistoryEntry): string[] {
  const charge = entry.kind === 'licences' ? entry.charge : null;
  return CHARGE_FIELDS.map((field) => (charge === null ? '' : String(charge[field])));
}

export function historyCsv(entries: readonly HistoryEntry[]): string {
  const rows = entries.map((entry) => [
    entry.at,
    entry.actor,
    entryInWords(entry),
    entry.kind,
    entry.state,
    entry.requestId,
    ...chargeCells(entry),
  ]);
  return `${BYTE_ORDER_MARK}${[HEADER, ...rows].map(csvLine).join('')}`;
}

/** 'change-history-acme.example-licences-2030-01-15.csv' */
export function historyCsvFileName(domain: string, kind: string | null, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  const safeDomain = domain.replace(/[^a-z0-9.-]/gi, '_');
  return `change-history-${safeDomain}-${kind ?? 'all'}-${day}.csv`;
}
