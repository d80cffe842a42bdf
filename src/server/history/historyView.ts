import type { HistoryEntry } from '../../contract/history';
import type { HistoryRecord } from '../store/portalStore';

// A stored record as GET /api/history answers it (src/contract/history.ts), and the page cursor.

export function toHistoryEntry(record: HistoryRecord): HistoryEntry {
  const common = {
    id: String(record.id),
    at: new Date(record.at).toISOString(),
    actor: record.actor,
    requestId: record.requestId,
    // failed and observed entries are never listed (store/kyselyStore.ts, listHistory).
    state:
      record.state === 'failed' || record.state === 'observed'
        ? ('pending' as const)
        : record.state,
  };
  const { change } = record;
  if (change.kind === 'licences') {
    const charge = record.charge ?? null;
    return { ...common, kind: 'licences', before: change.before, after: change.after, charge };
  }
  return { ...common, kind: change.kind, action: change.action, member: change.member };
}

const CURSOR_PREFIX = 'h1.';
/** The largest id a cursor names; ids are positive integers below 2^53. */
const CURSOR_ID = /^[1-9][0-9]{0,15}$/;

/** An opaque cursor naming the last entry of a page: the next page starts below it. */
export function encodeCursor(id: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${id}`, 'utf8').toString('base64url');
}

/** The entry id a cursor names, or null when the text is not a cursor this server gave. */
export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const id = text.slice(CURSOR_PREFIX.length);
  if (!CURSOR_ID.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : null;
}
