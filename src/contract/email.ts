import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from './limits';

// The e-mail rules of the home screen and the delegate dialogs, shared by client and server so both
// refuse the same addresses (docs/api.md, docs/security.md).

// The generic e-mail rule (the WHATWG/Angular one, which is where the 254/64 limits of docs/behaviour.md 9 come from).
const GENERIC_EMAIL =
  /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// docs/behaviour.md 5.1 adds: a top-level part of at least 2 characters, no spaces, no commas.
const TOP_LEVEL_AT_LEAST_TWO = /\.[^.\s,@]{2,}$/;

/**
 * Characters that make an address look like another or carry markup: control and format characters
 * (zero-width, bidi overrides and isolates, BOM, soft hyphen), surrogates, private-use and unassigned
 * code points, every separator, default-ignorable code points (variation selectors, Hangul fillers),
 * the blank Braille pattern, and HTML's markup characters. The apostrophe stays: o'brien@ is a real
 * address and is never markup where the portal shows it (text nodes, not attributes).
 */
const INVISIBLE_OR_MARKUP = /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}\u2800<>"`&\\]/u;
// Delegate rule (docs/behaviour.md 5): non-space text, an @ and a dotted domain. The local part may hold any
// visible character but the address grammar's specials; the domain is dot-separated labels of
// letters, digits and hyphens (any script, so internationalised addresses pass).
const DELEGATE_LOCAL_PART = /^[^\s@()<>,;:[\]\\"]+$/u;
const DELEGATE_DOMAIN = /^[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+$/u;

/** True when the address holds a character no address of the portal may hold (see above). */
export function hasInvisibleOrMarkup(value: string): boolean {
  return INVISIBLE_OR_MARKUP.test(value);
}

/** Home screen rule (docs/behaviour.md 5, docs/behaviour.md 9). */
export function isValidHomeEmail(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  if (/[\s,]/.test(value) || hasInvisibleOrMarkup(value)) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return GENERIC_EMAIL.test(value) && TOP_LEVEL_AT_LEAST_TWO.test(value);
}

/** Delegate dialog rule (docs/behaviour.md 5): non-space text, an @ and a dotted domain; nothing invisible. */
export function isValidDelegateEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || hasInvisibleOrMarkup(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return DELEGATE_LOCAL_PART.test(local) && DELEGATE_DOMAIN.test(domain);
}

/** The domain part of an address, lower-cased; empty when there is none. */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}
