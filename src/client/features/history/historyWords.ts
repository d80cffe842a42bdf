import type { HistoryEntry, HistoryKind, HistoryState } from '../../../contract/history';
import { licenceCount } from '../../../contract/licenceWords';
import { formatMoney } from '../../../contract/money';

// A history entry in words, for the table and the CSV alike.

const ACCESS: Record<Exclude<HistoryKind, 'licences'>, string> = {
  'licence-delegate': 'license management access',
  'support-delegate': 'support access',
};

/**
 * 'Added 5 licenses (20 → 25)', 'Changed to 22 licenses at Google (20 → 22)', 'Gave license
 * management access to x@acme.example', …
 */
export function entryInWords(entry: HistoryEntry): string {
  if (entry.kind === 'licences' && entry.state === 'outside-change') {
    return `Changed to ${licenceCount(entry.after)} at Google (${entry.before} → ${entry.after})`;
  }
  if (entry.kind === 'licences') {
    return `Added ${licenceCount(entry.after - entry.before)} (${entry.before} → ${entry.after})`;
  }
  const access = ACCESS[entry.kind];
  return entry.action === 'add'
    ? `Gave ${access} to ${entry.member}`
    : `Removed ${access} from ${entry.member}`;
}

/** A purchase's amount due now as charged, e.g. €119.30; empty for a change without one. */
export function amountInWords(entry: HistoryEntry, locale?: string): string {
  if (entry.kind !== 'licences' || entry.charge === null) return '';
  return formatMoney(entry.charge.amountMinor, entry.charge.currency, locale);
}

/** The kind filter's choices, in the words of the dashboard's menu. */
export const KIND_CHOICES: { kind: HistoryKind | null; label: string }[] = [
  { kind: null, label: 'All changes' },
  { kind: 'licences', label: 'Licenses' },
  { kind: 'licence-delegate', label: 'License management access' },
  { kind: 'support-delegate', label: 'Support access' },
];

/** When, in the viewer's own time zone (or the one given), with the zone's name. */
export function whenInWords(at: string, timeZone?: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(at));
}

/** The mark beside an entry that is not plainly done (docs/behaviour.md 4.28); none for done. */
export const STATE_WORDS: Readonly<Record<Exclude<HistoryState, 'done'>, string>> = {
  // Written before the provider was asked; not yet known to have happened.
  pending: 'Pending',
  // Google did not confirm the purchase and does not show it yet; it may still go through.
  unconfirmed: 'Not confirmed yet',
  // Google never showed it within the grace period (UNCONFIRMED_PURCHASE_GRACE_MS).
  'not-made': 'Not made',
  // A total the portal did not make, found by the ledger's reconciliation (docs/api.md).
  'outside-change': 'Outside the portal',
};
