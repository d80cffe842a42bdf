import { readFileSync } from 'node:fs';
import { ConfigError } from '../configError';
import { settingsOf, type ConfigSource } from '../configuration/environment';
import { DEFAULT_ANNUAL_SEAT_CAP } from '../configuration/schema';

// The reseller's seat policy (docs/configuration-google.md, "Seat policy"). Google's maximum binds
// Flexible and trial plans; for an annual plan the most the portal lets a customer reach is the
// reseller's decision, ANNUAL_SEAT_CAP overridden per customer by the file SEAT_CAP_FILE names, and a
// maximum Google sends there only lowers it.

export interface SeatPolicy {
  /** The total an annual subscription of this customer may reach through the portal. */
  annualCap(customerId: string): number;
}

export { DEFAULT_ANNUAL_SEAT_CAP };

export const SEAT_POLICY_ENV = {
  cap: 'ANNUAL_SEAT_CAP',
  file: 'SEAT_CAP_FILE',
} as const;

export function createSeatPolicy(
  defaultCap: number = DEFAULT_ANNUAL_SEAT_CAP,
  perCustomer: ReadonlyMap<string, number> = new Map(),
): SeatPolicy {
  return { annualCap: (customerId) => perCustomer.get(customerId) ?? defaultCap };
}

export const DEFAULT_SEAT_POLICY = createSeatPolicy();

/** Google restricts a subscription in its free trial to 10 seats (Reseller API, Seats). */
export const TRIAL_SEAT_LIMIT = 10;

/** What decides a subscription's maximum besides the numbers: its plan. */
export interface PlanKind {
  annual: boolean;
  trial: boolean;
}

/**
 * maximumNumberOfSeats as the portal reports it (docs/configuration-google.md, "Seat policy"): on an
 * annual plan the smallest of the reseller's cap, any maximum Google sends and, in a trial, Google's
 * 10; on other plans Google's own, else the cap. Never below the current total, so a customer already
 * above the limit is shown as full, not negative.
 */
export function effectiveMaximum(
  policy: SeatPolicy,
  customerId: string,
  googleMaximum: number | null,
  numberOfSeats: number,
  plan: PlanKind = { annual: googleMaximum === null, trial: false },
): number {
  const cap = policy.annualCap(customerId);
  if (!plan.annual) return googleMaximum ?? Math.max(cap, numberOfSeats);
  const limits = [cap, googleMaximum ?? cap, plan.trial ? TRIAL_SEAT_LIMIT : cap];
  return Math.max(Math.min(...limits), numberOfSeats);
}

function isCap(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function readCapFile(file: string): Map<string, number> {
  const name = SEAT_POLICY_ENV.file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${name} names a file that cannot be read: ${file}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${name} (${file}) is not valid JSON.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(
      `${name} (${file}) must be a JSON object of customerId to cap, e.g. {"C0abc123": 200}.`,
    );
  }
  const caps = new Map<string, number>();
  for (const [customerId, cap] of Object.entries(parsed)) {
    if (!isCap(cap)) {
      throw new ConfigError(
        `${name} (${file}): the cap of ${customerId} must be a whole number of at least 1; got ${JSON.stringify(cap)}.`,
      );
    }
    caps.set(customerId, cap);
  }
  return caps;
}

/** Reads ANNUAL_SEAT_CAP and SEAT_CAP_FILE once at start-up; a bad value stops it (ConfigError). */
export function readSeatPolicy(source: ConfigSource): SeatPolicy {
  const settings = settingsOf(source, Object.values(SEAT_POLICY_ENV));
  const file = settings[SEAT_POLICY_ENV.file];
  const perCustomer = file === undefined ? new Map<string, number>() : readCapFile(file);
  return createSeatPolicy(settings[SEAT_POLICY_ENV.cap], perCustomer);
}
