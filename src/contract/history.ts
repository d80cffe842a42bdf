import type { DelegateAction } from './api';

// The change history (GET /api/history, docs/api.md): every licence add and delegate change, newest
// first. An entry is written as 'pending' before the provider is called and completed after it;
// a read settles entries a crashed process left pending from the provider's own state.

export type HistoryKind = 'licences' | 'licence-delegate' | 'support-delegate';
export const HISTORY_KINDS: readonly HistoryKind[] = [
  'licences',
  'licence-delegate',
  'support-delegate',
];

/**
 * 'pending' while the change is in flight or the provider's state cannot tell; 'unconfirmed': a
 * purchase Google did not confirm and does not show yet; 'not-made': not shown within the grace period.
 */
export type HistoryState = 'done' | 'pending' | 'unconfirmed' | 'not-made';
export const HISTORY_STATES: readonly HistoryState[] = [
  'done',
  'pending',
  'unconfirmed',
  'not-made',
];

interface HistoryEntryBase {
  id: string;
  /** When the change was asked for, ISO 8601 UTC. */
  at: string;
  /** The signed-in person who made it. */
  actor: string;
  /** The x-request-id of the request that made it. */
  requestId: string;
  state: HistoryState;
}

export interface LicenceHistoryEntry extends HistoryEntryBase {
  kind: 'licences';
  /** Total licences before and after the add. */
  before: number;
  after: number;
}

export interface DelegateHistoryEntry extends HistoryEntryBase {
  kind: 'licence-delegate' | 'support-delegate';
  action: DelegateAction;
  /** The delegate's address. */
  member: string;
}

export type HistoryEntry = LicenceHistoryEntry | DelegateHistoryEntry;

export interface HistoryQuery {
  /** The caller's own customerId. */
  customer: string;
  kind?: HistoryKind;
  /** nextCursor of the previous page. */
  cursor?: string;
  /** Entries per page, 1–100 (default 20). */
  limit?: number;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Cursor of the next (older) page, null on the last page. */
  nextCursor: string | null;
}
