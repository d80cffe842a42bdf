import { DEFAULT_ANNUAL_SEAT_CAP } from '../configuration/schema';

// The reseller's seat policy (docs/configuration-google.md, "Seat policy"). Google's maximum binds
// Flexible and trial plans; for an annual plan the most the portal lets a customer reach is the
// reseller's decision, the customer's seatCap in the reseller console (settings/portalSettings.ts),
// and a maximum Google sends there only lowers it.

export interface SeatPolicy {
  /** The total an annual subscription of this customer may reach through the portal. */
  annualCap(customerId: string): number;
}

export { DEFAULT_ANNUAL_SEAT_CAP };

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
