// What a recording must not carry (docs/scenarios.md, Secrets and personal data): access tokens,
// cookies and XSRF tokens become stable placeholders, so equal values stay equal and replay still
// sees the portal send back what it was given; e-mail addresses and customer and subscription ids
// become pseudonyms unless the caller keeps them.

export type SecretKind = 'access-token' | 'xsrf-token' | 'cookie';

export interface RedactOptions {
  /** Replace the local part of every e-mail address with a pseudonym (the domain stays); on unless false. */
  pseudonymiseEmails?: boolean;
  /** Replace customer and subscription ids with pseudonyms, one per id; on unless false. */
  pseudonymiseIds?: boolean;
}

export interface Redaction {
  /** Learns a secret; the first time a value is seen it gets the next placeholder of its kind. */
  secret(kind: SecretKind, value: string | null | undefined): void;
  /** A copy of a JSON value with every learned secret, also inside longer text, replaced. */
  apply<T>(value: T, options?: RedactOptions): T;
  /** The placeholder a value got, if it is a learned secret. */
  placeholderOf(value: string): string | undefined;
}

/** An address as the delegate rule reads one, in any script (docs/api.md): a local part, '@', a domain. */
const EMAIL_ADDRESS = /[\p{L}\p{M}\p{N}._%+'-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)*/gu;
const MIN_PSEUDONYM_DIGITS = 2;
/** The fields whose values are ids, and the word their pseudonyms are numbered after. */
const ID_FIELDS: Readonly<Record<string, string>> = {
  customerId: 'customer',
  subscriptionId: 'subscription',
};

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
/** The same for a Unicode-mode pattern, where escaping a hyphen is a syntax error. */
const escapeForUnicodePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]),
    );
  }
  return value;
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectStrings(item, into);
  }
}

/**
 * Pseudonyms numbered in the order the portal sorts addresses (localeCompare), with equal widths,
 * so a sorted list of pseudonyms is in the same order as the list of the real addresses.
 */
export function emailPseudonyms(addresses: Iterable<string>): Map<string, string> {
  const unique = [...new Set(addresses)].sort((a, b) => a.localeCompare(b));
  const width = Math.max(MIN_PSEUDONYM_DIGITS, String(unique.length).length);
  return new Map(
    unique.map((address, index) => {
      const domain = address.slice(address.indexOf('@') + 1);
      return [address, `person-${String(index + 1).padStart(width, '0')}@${domain}`];
    }),
  );
}

/** Every id in the value, by the fields that name them, numbered per kind in the order first seen. */
export function idPseudonyms(value: unknown): Map<string, string> {
  const pseudonyms = new Map<string, string>();
  const counts = new Map<string, number>();
  const visit = (item: unknown): void => {
    if (Array.isArray(item)) for (const entry of item) visit(entry);
    else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) {
        const kind = ID_FIELDS[key];
        if (kind !== undefined && typeof entry === 'string' && entry !== '') {
          if (!pseudonyms.has(entry)) {
            const count = (counts.get(kind) ?? 0) + 1;
            counts.set(kind, count);
            pseudonyms.set(entry, `${kind}-${count}`);
          }
        } else visit(entry);
      }
    }
  };
  visit(value);
  return pseudonyms;
}

/** Each id replaced wherever it stands as a whole word (in paths and queries too), longest first. */
function replaceIds(value: unknown, pseudonyms: Map<string, string>): unknown {
  if (pseudonyms.size === 0) return value;
  const ids = [...pseudonyms.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeForUnicodePattern);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${ids.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return mapStrings(value, (text) =>
    text.replace(pattern, (found) => pseudonyms.get(found) ?? found),
  );
}

export function createRedaction(): Redaction {
  const placeholders = new Map<string, string>();
  const counts = new Map<SecretKind, number>();
  let pattern: RegExp | null = null;

  function secret(kind: SecretKind, value: string | null | undefined) {
    if (!value || placeholders.has(value)) return;
    const count = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, count);
    placeholders.set(value, `${kind}-${count}`);
    pattern = null;
  }

  function secretPattern(): RegExp | null {
    if (placeholders.size === 0) return null;
    // Longest first, so a value that contains another (a tampered token) is replaced whole.
    pattern ??= new RegExp(
      [...placeholders.keys()]
        .sort((a, b) => b.length - a.length)
        .map(escapeForPattern)
        .join('|'),
      'g',
    );
    return pattern;
  }

  function apply<T>(value: T, options: RedactOptions = {}): T {
    const secrets = secretPattern();
    let result = secrets
      ? mapStrings(value, (text) =>
          text.replace(secrets, (found) => placeholders.get(found) ?? found),
        )
      : value;
    if (options.pseudonymiseIds !== false) result = replaceIds(result, idPseudonyms(result));
    if (options.pseudonymiseEmails !== false) {
      const texts: string[] = [];
      collectStrings(result, texts);
      const pseudonyms = emailPseudonyms(texts.flatMap((text) => text.match(EMAIL_ADDRESS) ?? []));
      result = mapStrings(result, (text) =>
        text.replace(EMAIL_ADDRESS, (found) => pseudonyms.get(found) ?? found),
      );
    }
    return (result === value ? JSON.parse(JSON.stringify(value)) : result) as T;
  }

  return { secret, apply, placeholderOf: (value) => placeholders.get(value) };
}
