import type { EmailValidatorResponse } from '../../../contract/endpoints';
import { Check } from '../../answerChecks/generated/emailValidator';

// The e-mail validator's answer is checked against the contract's schema before the home screen
// acts on it. Loaded on demand by the saga, so the check stays off the home route.

export function isValidatorAnswer(value: unknown): value is EmailValidatorResponse {
  return Check(value);
}
