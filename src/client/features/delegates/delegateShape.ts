import type { DelegateListResponse } from '../../../contract/endpoints';
import { Check } from '../../answerChecks/generated/delegateList';

// A delegate list answer is checked against the contract's schema before it reaches the state.
// Loaded on demand by the saga, so the check stays off the home route.

export function isMemberList(value: unknown): value is DelegateListResponse {
  return Check(value);
}
