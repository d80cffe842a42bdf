import { Check } from 'typebox/value';
import { DelegateListResponse } from '../../../contract/endpoints';

// A delegate list answer is checked against the contract's schema before it reaches the state.
// Loaded on demand by the saga, so typebox stays off the home route.

export function isMemberList(value: unknown): value is DelegateListResponse {
  return Check(DelegateListResponse, value);
}
