import type { SubscriptionInfo } from '../../../contract/subscription';

// Where the seats stand: assigned against bought, and when to warn that they are running out.

/** The warning shows from this share of assigned licences on (90 %), or when none is free. */
export const NEARLY_FULL_PERCENT = 90;

export interface SeatUsage {
  total: number;
  assigned: number;
  /** Bought but not assigned; never negative. */
  free: number;
  /** Assigned as a whole percentage of the total, 0–100 (100 when nothing was bought). */
  percent: number;
  /** 90 % or more assigned, or none free: the dashboard warns. */
  nearlyFull: boolean;
}

export function seatUsage(
  subscription: Pick<SubscriptionInfo, 'numberOfSeats' | 'licensedNumberOfSeats'>,
): SeatUsage {
  const total = subscription.numberOfSeats;
  const assigned = subscription.licensedNumberOfSeats;
  const free = Math.max(0, total - assigned);
  // Floor, so 89.9 % never shows as 90 % next to a missing warning.
  const percent = total === 0 ? 100 : Math.min(100, Math.floor((assigned * 100) / total));
  // Compared in whole numbers: 18 of 20 is exactly 90 % without rounding doubts.
  const nearlyFull = free === 0 || assigned * 100 >= total * NEARLY_FULL_PERCENT;
  return { total, assigned, free, percent, nearlyFull };
}
