import DOMPurify from 'dompurify';

// The forbidden screen shows the stored error details as HTML (docs/behaviour.md 2); only markup that cannot run
// code survives: no script, no event handlers, no javascript: URLs, no SVG or MathML payloads.
const ALLOWED_TAGS = ['a', 'b', 'br', 'code', 'em', 'i', 'p', 'pre', 'span', 'strong', 'u'];
const ALLOWED_ATTR = ['href', 'title'];
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/** HTML that is safe to put into the page; plain text comes back escaped. */
export function sanitizeDetails(details: string): string {
  return DOMPurify.sanitize(details, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: SAFE_URL });
}
