import { ApiError } from '../apiError';
import type { WorkspaceSubscription } from './provider';

// The Reseller API's rules for adding seats (issue 3, "Must show" 5), shared by every provider so the
// sandbox refuses exactly what Google refuses.

/** Annual plans buy seats up front; Flexible and trial plans add a licence by adding a user. */
export function isAnnualPlan(planName: string): boolean {
  return planName.startsWith('ANNUAL');
}

/**
 * Throws the contract's error when the change may not apply: 400 for a broken rule, 409 when the
 * total moved since the caller read it (checked before the rules that depend on the current total).
 */
export function checkSeatChange(
  subscription: WorkspaceSubscription,
  expectedCurrent: number,
  newTotal: number,
): void {
  if (!Number.isSafeInteger(newTotal)) {
    throw new ApiError(
      400,
      'INVALID_ARGUMENT',
      'The new number of licenses must be a whole number.',
    );
  }
  if (!isAnnualPlan(subscription.planName)) {
    throw new ApiError(
      400,
      'INVALID_ARGUMENT',
      `Licenses can only be bought on an annual plan; the ${subscription.planName} plan adds a license when a user is added.`,
    );
  }
  if (subscription.numberOfSeats !== expectedCurrent) {
    throw new ApiError(
      409,
      'ABORTED',
      `The total number of licenses changed from ${expectedCurrent} to ${subscription.numberOfSeats} while you were adding licenses. Reload the page and try again.`,
    );
  }
  if (newTotal <= subscription.numberOfSeats) {
    throw new ApiError(
      400,
      'INVALID_ARGUMENT',
      `The new total must be above the current total of ${subscription.numberOfSeats} licenses; licenses cannot be removed here.`,
    );
  }
  if (newTotal > subscription.maximumNumberOfSeats) {
    throw new ApiError(
      400,
      'INVALID_ARGUMENT',
      `The new total of ${newTotal} licenses is above the maximum of ${subscription.maximumNumberOfSeats} for this subscription.`,
    );
  }
}
