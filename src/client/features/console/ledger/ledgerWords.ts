import type { HistoryKind } from '../../../../contract/history';
import type { LedgerRow, LedgerState } from '../../../../contract/ledger';
import { licenceCount } from '../../../../contract/licenceWords';

// The ledger screen's words (docs/reseller-console.md, The ledger).

export const LEDGER_WORDS = {
  title: 'Ledger',
  customer: "Customer's id",
  from: 'From (UTC day)',
  to: 'To (UTC day)',
  state: 'State',
  anyState: 'Any state',
  apply: 'Filter ledger',
  downloadCsv: 'Download CSV',
  newest: 'Newest',
  older: 'Older changes',
  empty: 'No change matches these filters.',
  when: 'When',
  change: 'Change',
  who: 'Who',
  amount: 'Amount due now',
  noAmount: '—',
} as const;

export const STATE_WORDS: Readonly<Record<LedgerState, string>> = {
  done: 'Done',
  pending: 'Pending',
  unconfirmed: 'Unconfirmed',
  'not-made': 'Not made',
  'outside-change': 'Changed at Google',
  failed: 'Failed',
};

const ACCESS: Record<Exclude<HistoryKind, 'licences'>, string> = {
  'licence-delegate': 'license management access',
  'support-delegate': 'support access',
};

/** 'Added 2 licenses (20 → 22)', 'Changed to 23 licenses at Google (20 → 23)', 'Gave … to x@…'. */
export function ledgerRowInWords(row: LedgerRow): string {
  if (row.kind === 'licences') {
    const before = row.before ?? 0;
    const after = row.after ?? 0;
    return row.state === 'outside-change'
      ? `Changed to ${licenceCount(after)} at Google (${before} → ${after})`
      : `Added ${licenceCount(after - before)} (${before} → ${after})`;
  }
  const access = ACCESS[row.kind];
  return row.action === 'delete'
    ? `Removed ${access} from ${row.member ?? ''}`
    : `Gave ${access} to ${row.member ?? ''}`;
}
