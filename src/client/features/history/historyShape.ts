import { isJsonObject } from '../../../contract/json';
import {
  HISTORY_STATES,
  type HistoryEntry,
  type HistoryPage,
  type HistoryState,
} from '../../../contract/history';

// A history answer is checked before it reaches the state: anything else is a readable failure.

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

function readEntry(value: unknown): HistoryEntry | null {
  if (!isJsonObject(value)) return null;
  const { id, at, actor, requestId, state, kind } = value;
  if (!isText(id) || !isText(at) || Number.isNaN(Date.parse(at))) return null;
  if (!isText(actor) || !isText(requestId)) return null;
  if (!HISTORY_STATES.includes(state as HistoryState)) return null;
  const base = { id, at, actor, requestId, state: state as HistoryState };
  if (kind === 'licences') {
    const { before, after } = value;
    return isCount(before) && isCount(after) ? { ...base, kind, before, after } : null;
  }
  if (kind === 'licence-delegate' || kind === 'support-delegate') {
    const { action, member } = value;
    if ((action !== 'add' && action !== 'delete') || !isText(member)) return null;
    return { ...base, kind, action, member };
  }
  return null;
}

/** The page an answer holds, as clean copies of its entries, or null. */
export function readHistoryPage(value: unknown): HistoryPage | null {
  if (!isJsonObject(value) || !Array.isArray(value.entries)) return null;
  const { nextCursor } = value;
  if (nextCursor !== null && !(isText(nextCursor) && nextCursor.length > 0)) return null;
  const entries: HistoryEntry[] = [];
  for (const item of value.entries) {
    const entry = readEntry(item);
    if (entry === null) return null;
    entries.push(entry);
  }
  return { entries, nextCursor };
}

/** Shown when /api/history answers 2xx with something that is not a page of the history. */
export const UNEXPECTED_HISTORY_ANSWER =
  'The change history service answered with data the portal cannot read.';
