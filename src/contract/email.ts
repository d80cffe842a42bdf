import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from './limits';

// The generic e-mail rule (the WHATWG/Angular one, which is where the 254/64 limits of spec §9 come from).
const GENERIC_EMAIL =
  /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// Spec §5 adds: a top-level part of at least 2 characters, no spaces, no commas.
const TOP_LEVEL_AT_LEAST_TWO = /\.[^.\s,@]{2,}$/;

/** Home screen rule (spec §5, §9). */
export function isValidHomeEmail(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  if (/[\s,]/.test(value)) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return GENERIC_EMAIL.test(value) && TOP_LEVEL_AT_LEAST_TWO.test(value);
}

/** Delegate dialog rule (spec §5): non-space text, an @ and a dotted domain. */
export function isValidDelegateEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** The domain part of an address, lower-cased; empty when there is none. */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}
