import type { SubscriptionInfo } from '../../../contract/subscription';

// The licence-count rules of docs/behaviour.md 5: minimum 0, maximum = maximumNumberOfSeats − numberOfSeats.

/** A seat count the form holds: a whole number, or null when the field is empty. */
export type SeatCount = number | null;

const WHOLE_NUMBER = /^\d+$/;
// One way to match each text (no `\d+\.?\d*`, which backtracks quadratically on a long paste).
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** How many licences may still be added; never negative, even if the plan is already over. */
export function maxSeatsToAdd(
  subscription: Pick<SubscriptionInfo, 'maximumNumberOfSeats' | 'numberOfSeats'>,
): number {
  const room = subscription.maximumNumberOfSeats - subscription.numberOfSeats;
  return Number.isFinite(room) ? Math.max(0, Math.floor(room)) : 0;
}

/**
 * What a typed value becomes: over the maximum → the maximum; any other invalid number
 * (negative, fractional) → 0; non-numeric → cleared (null).
 */
export function normaliseSeatCount(typed: string, max: number): SeatCount {
  const text = typed.trim();
  if (!NUMERIC.test(text)) return null;
  const value = Number(text);
  if (value > max) return max;
  if (!WHOLE_NUMBER.test(text) || !Number.isSafeInteger(value)) return 0;
  return value;
}

/**
 * The total after adding `seatsToAdd`: the one place the client derives it, for the confirm dialog's
 * 'New total' and the purchase's body (docs/api.md, POST /api/add-licence, seats to add and totals).
 */
export function newTotal(currentTotal: number, seatsToAdd: number): number {
  return currentTotal + seatsToAdd;
}

/** 'Add Licenses' is disabled for zero or empty. */
export function canAddSeats(count: SeatCount): count is number {
  return count !== null && count > 0;
}
