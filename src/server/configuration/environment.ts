import { Value } from 'typebox/value';
import { ConfigError } from '../configError';
import {
  declaredVariables,
  ENVIRONMENT,
  type Environment,
  type Variable,
  type VariableName,
} from './schema';

// The environment read once, by the schema (docs/architecture.md, Configuration): trimmed, blank as
// unset, each value decoded by its type, checked against its range, defaults filled in, frozen.

export type { Environment } from './schema';

export const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
export const FALSE_WORDS = ['0', 'false', 'off', 'no'];
/** The prefixes of the portal's own variables: an unknown one among them is likely a typo. */
export const OWN_PREFIXES = ['PORTAL_', 'GOOGLE_', 'SESSION_'];

/** A raw environment, or one already read: readers take either and read the same values. */
export type ConfigSource = Environment | NodeJS.ProcessEnv;

const parsed = new WeakSet<object>();

/** The allowed values of a variable, in words, for its message and the docs. */
export function allowedValues(variable: Variable): string {
  if (Array.isArray(variable.enum)) {
    const values = variable.enum as string[];
    return values.length === 2 ? `'${values[0]}' or '${values[1]}'` : `one of ${values.join(', ')}`;
  }
  if (variable.type === 'boolean') return 'true or false';
  if (variable.type === 'integer') {
    const what =
      variable.unit === undefined ? 'a whole number' : `a whole number of ${variable.unit}`;
    const { minimum, maximum } = variable as unknown as { minimum: number; maximum?: number };
    return maximum === undefined
      ? `${what}, at least ${minimum}`
      : `${what} from ${minimum} to ${maximum}`;
  }
  if (typeof variable.minLength === 'number') return `at least ${variable.minLength} characters`;
  if (typeof variable.form === 'string') return variable.form.replace(/`/g, '');
  return 'text';
}

/** The one line a bad value gets: the variable, what is allowed, and what it got (never a secret). */
function refusal(name: string, variable: Variable, raw: string): ConfigError {
  const got =
    variable.secret === true || typeof variable.minLength === 'number' ? raw.length : `'${raw}'`;
  return new ConfigError(`${name} must be ${allowedValues(variable)}; got ${got}.`);
}

/** The value of a set variable, by its declared type; undefined when it is not one. */
function decode(variable: Variable, raw: string): unknown {
  if (Array.isArray(variable.enum)) {
    return (variable.enum as string[]).find((value) => value === raw.toLowerCase());
  }
  if (variable.type === 'boolean') {
    const word = raw.toLowerCase();
    if (TRUE_WORDS.includes(word)) return true;
    return FALSE_WORDS.includes(word) ? false : undefined;
  }
  if (variable.type === 'integer') return /^\d+$/.test(raw) ? Number(raw) : undefined;
  return raw;
}

/**
 * Reads every declared variable of `env` (or only those of `only`, the rest at their defaults); the
 * first bad value throws a ConfigError naming it.
 */
export function readEnvironment(
  env: NodeJS.ProcessEnv,
  only?: readonly VariableName[],
): Environment {
  const values: Record<string, unknown> = {};
  for (const [name, variable] of declaredVariables()) {
    if (only !== undefined && !only.includes(name)) continue;
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const value = decode(variable, raw);
    if (value === undefined || !Value.Check(variable, value)) throw refusal(name, variable, raw);
    values[name] = value;
  }
  const settings = Value.Default(ENVIRONMENT, values);
  if (!Value.Check(ENVIRONMENT, settings)) {
    throw new ConfigError(
      Value.Errors(ENVIRONMENT, settings)[0]?.message ?? 'invalid configuration',
    );
  }
  if (only === undefined) parsed.add(settings);
  return Object.freeze(settings);
}

/**
 * The environment read by the schema: `source` itself when it already was, else a raw environment
 * read for the variables `only` names (a reader's own, so a test or script sets just those).
 */
export function settingsOf(source: ConfigSource, only?: readonly VariableName[]): Environment {
  return parsed.has(source)
    ? (source as Environment)
    : readEnvironment(source as NodeJS.ProcessEnv, only);
}

/** Levenshtein distance: the fewest one-letter edits from `a` to `b`. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, substitution));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/** The declared variable nearest to `name` by edit distance. */
export function nearestVariable(name: string): string {
  let best = '';
  let bestDistance = Infinity;
  for (const [candidate] of declaredVariables()) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** One warning per variable with the portal's prefixes that the schema does not declare. */
export function unknownVariableWarnings(env: NodeJS.ProcessEnv): string[] {
  const declared = new Set<string>(declaredVariables().map(([name]) => name));
  return Object.keys(env)
    .filter((name) => OWN_PREFIXES.some((prefix) => name.startsWith(prefix)))
    .filter((name) => !declared.has(name))
    .sort()
    .map(
      (name) =>
        `${name} is not a variable the portal reads and is ignored; did you mean ${nearestVariable(name)}?`,
    );
}
