import { Check, Clean, Clone } from 'typebox/value';
import { HistoryPage } from '../../../contract/history';

// A history answer is checked against the contract's schema before it reaches the state: anything
// else is a readable failure. Loaded on demand by the saga, so typebox stays off the home route.

/** The page an answer holds, as clean copies of its entries, or null. */
export function readHistoryPage(value: unknown): HistoryPage | null {
  return Check(HistoryPage, value) ? (Clean(HistoryPage, Clone(value)) as HistoryPage) : null;
}
