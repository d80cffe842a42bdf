// What a recording must not carry (docs/scenarios.md, Secrets and personal data): access tokens,
// cookies and XSRF tokens become stable placeholders, so equal values stay equal and replay still
// sees the portal send back what it was given; e-mail addresses can be pseudonymised.

export type SecretKind = 'access-token' | 'xsrf-token' | 'cookie';

export interface RedactOptions {
  /** Replace the local part of every e-mail address with a pseudonym (the domain stays). */
  pseudonymiseEmails?: boolean;
}

export interface Redaction {
  /** Learns a secret; the first time a value is seen it gets the next placeholder of its kind. */
  secret(kind: SecretKind, value: string | null | undefined): void;
  /** A copy of a JSON value with every learned secret, also inside longer text, replaced. */
  apply<T>(value: T, options?: RedactOptions): T;
  /** The placeholder a value got, if it is a learned secret. */
  placeholderOf(value: string): string | undefined;
}

/** An address as the portal's rules read one: text without spaces, '@', a domain. */
const EMAIL_ADDRESS = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*/g;
const MIN_PSEUDONYM_DIGITS = 2;

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

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
    if (options.pseudonymiseEmails) {
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
