import { ApiError, invalidArgument } from '../apiError';
import { SERVER_TEXT } from '../messages';
import type { WorkspaceSubscription } from './provider';
import { TRIAL_SEAT_LIMIT } from './seatPolicy';

// The Reseller API's rules for adding seats, shared by every provider so the sandbox refuses exactly
// what Google refuses, and checked before Google is called (docs/api.md, POST /api/add-licence).

/** Annual plans buy seats up front; Flexible and trial plans add a licence by adding a user. */
export function isAnnualPlan(planName: string): boolean {
  return planName.startsWith('ANNUAL');
}

/** Google's suspensionReasons in words (the Reseller API reference's list). */
export const SUSPENSION_REASON_TEXT: Readonly<Record<string, string>> = {
  PENDING_TOS_ACCEPTANCE:
    'your organisation has not yet accepted the Google Workspace Terms of Service',
  RENEWAL_WITH_TYPE_CANCEL:
    'the commitment ended and the subscription was set to cancel at renewal',
  RESELLER_INITIATED: 'the reseller suspended it',
  TRIAL_ENDED: 'the free trial ended without a paid plan',
  OTHER: 'Google suspended it',
};

/** The reasons as one phrase, e.g. "the reseller suspended it"; unknown codes are named as given. */
export function describeSuspension(reasons: readonly string[]): string {
  if (reasons.length === 0) return 'no reason given';
  return reasons.map((reason) => SUSPENSION_REASON_TEXT[reason] ?? reason).join('; ');
}

/** 409: the total moved between the person's read and the change (another tab or admin). */
export function staleTotal(expectedCurrent: number, current: number): ApiError {
  return new ApiError(
    409,
    `The total number of licenses changed from ${expectedCurrent} to ${current} while you were adding licenses. Reload the page and try again.`,
    { status: 'ABORTED' },
  );
}

/** A suspended or pending subscription buys nothing; the message names why. */
export function checkSubscriptionActive(subscription: WorkspaceSubscription): void {
  if (subscription.status === 'SUSPENDED') {
    throw new ApiError(
      400,
      SERVER_TEXT.subscriptionSuspended(describeSuspension(subscription.suspensionReasons)),
      { status: 'FAILED_PRECONDITION' },
    );
  }
  if (subscription.status === 'PENDING') {
    throw new ApiError(400, SERVER_TEXT.subscriptionPending, { status: 'FAILED_PRECONDITION' });
  }
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
    throw invalidArgument('The new number of licenses must be a whole number.');
  }
  if (!isAnnualPlan(subscription.planName)) {
    throw invalidArgument(
      `Licenses can only be bought on an annual plan; the ${subscription.planName} plan adds a license when a user is added.`,
    );
  }
  checkSubscriptionActive(subscription);
  if (subscription.numberOfSeats !== expectedCurrent) {
    throw staleTotal(expectedCurrent, subscription.numberOfSeats);
  }
  if (newTotal <= subscription.numberOfSeats) {
    throw invalidArgument(
      `The new total must be above the current total of ${subscription.numberOfSeats} licenses; licenses cannot be removed here.`,
    );
  }
  if (subscription.isTrial && newTotal > TRIAL_SEAT_LIMIT) {
    // Google's trial limit, not the reseller's cap: the person should know what lifts it.
    throw invalidArgument(SERVER_TEXT.trialSeatLimit(newTotal, TRIAL_SEAT_LIMIT));
  }
  if (newTotal > subscription.maximumNumberOfSeats) {
    throw invalidArgument(
      `The new total of ${newTotal} licenses is above the maximum of ${subscription.maximumNumberOfSeats} for this subscription.`,
    );
  }
}
