import type { HistoryPage } from '../../../contract/history';
import { Check, shape } from '../../answerChecks/generated/history';
import { keepContractFields } from '../../answerChecks/keepContractFields';

// A history answer is checked against the contract's schema before it reaches the state: anything
// else is a readable failure. Loaded on demand by the saga, so the check stays off the home route.

/** The page an answer holds, as clean copies of its entries, or null. */
export function readHistoryPage(value: unknown): HistoryPage | null {
  return Check(value) ? (keepContractFields(shape, value) as HistoryPage) : null;
}
