// The time zone a browser names (docs/api.md, Conventions, X-Time-Zone), read leniently: a name no
// one can write a date in is ignored, never a reason to refuse the request.

/** Longer than any IANA zone name (America/Argentina/ComodRivadavia is 30). */
const TIME_ZONE_MAX_LENGTH = 64;
const TIME_ZONE_FORM = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** The header's IANA zone name when Node can write dates in it; null otherwise. */
export function timeZoneNamed(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const name = header.trim();
  if (name.length > TIME_ZONE_MAX_LENGTH || !TIME_ZONE_FORM.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
