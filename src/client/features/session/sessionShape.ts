import { Check } from 'typebox/value';
import { EmailValidatorResponse } from '../../../contract/endpoints';

// The e-mail validator's answer is checked against the contract's schema before the home screen
// acts on it. Loaded on demand by the saga, so typebox stays off the home route.

export function isValidatorAnswer(value: unknown): value is EmailValidatorResponse {
  return Check(EmailValidatorResponse, value);
}
