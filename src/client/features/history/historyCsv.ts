import type { HistoryEntry } from '../../../contract/history';
import type { PurchaseCharge } from '../../../contract/prices';
import { entryInWords } from './historyWords';

// The filtered history as CSV (RFC 4180: every cell quoted, quotes doubled, CRLF between rows),
// safe to open in a spreadsheet.

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
// A cell a spreadsheet would run as a formula starts with one of these (OWASP's CSV injection list).
const FORMULA_START = /^[=+\-@\t\r]/;
/** Lets a spreadsheet read the file as UTF-8, so the arrow in 'Added 5 licenses (20 → 25)' survives. */
const BYTE_ORDER_MARK = '\uFEFF';

/** One cell: a leading formula character is defused with an apostrophe, then the cell is quoted. */
export function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${defused.replace(/"/g, '""')}"`;
}

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
  const lines = [HEADER, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** 'change-history-acme.example-licences-2030-01-15.csv' */
export function historyCsvFileName(domain: string, kind: string | null, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  const safeDomain = domain.replace(/[^a-z0-9.-]/gi, '_');
  return `change-history-${safeDomain}-${kind ?? 'all'}-${day}.csv`;
}
