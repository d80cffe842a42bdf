import type { SubscriptionInfo, SubscriptionStatus } from '../../../contract/subscription';

// The subscription's plan, status and suspension reasons in words (Google's values, docs/api.md).

const PLAN_WORDS: Record<string, string> = {
  ANNUAL_MONTHLY_PAY: 'Annual plan, paid monthly',
  ANNUAL_YEARLY_PAY: 'Annual plan, paid yearly',
  ANNUAL: 'Annual plan',
  FLEXIBLE: 'Flexible plan',
  TRIAL: 'Free trial',
  FREE: 'Free plan',
};

export function planInWords(subscription: Pick<SubscriptionInfo, 'planName' | 'isAnnual'>): string {
  return (
    PLAN_WORDS[subscription.planName] ?? (subscription.isAnnual ? 'Annual plan' : 'Flexible plan')
  );
}

export const STATUS_WORDS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  PENDING: 'Pending activation',
};

// Google's documented suspension reasons (the Reseller API's Subscription.suspensionReasons).
const REASON_WORDS: Record<string, string> = {
  PENDING_TOS_ACCEPTANCE:
    'An administrator of the organisation has not yet signed in to accept the Google Workspace Terms of Service.',
  RENEWAL_WITH_TYPE_CANCEL:
    'The annual commitment ended and the subscription was set to be cancelled at renewal.',
  RESELLER_INITIATED: 'Your reseller suspended the subscription.',
  TRIAL_ENDED: 'The free trial ended without a plan being chosen.',
  OTHER: 'Google suspended the subscription for another reason, for example abuse.',
};

export function suspensionReasonInWords(reason: string): string {
  return REASON_WORDS[reason] ?? `Google gives the reason ${reason}.`;
}

/** What the dashboard says about a subscription that is not active, or null when it is. */
export function inactiveNotice(
  subscription: Pick<SubscriptionInfo, 'status' | 'suspensionReasons'>,
): { title: string; reasons: string[] } | null {
  if (subscription.status === 'ACTIVE') return null;
  const reasons = subscription.suspensionReasons.map(suspensionReasonInWords);
  if (subscription.status === 'PENDING') {
    return {
      title:
        'This subscription is waiting to be activated. Licenses cannot be added until it is active.',
      reasons: reasons.length > 0 ? reasons : [suspensionReasonInWords('PENDING_TOS_ACCEPTANCE')],
    };
  }
  return {
    title: 'This subscription is suspended. Licenses cannot be added while it is suspended.',
    reasons: reasons.length > 0 ? reasons : ['Google gives no reason for the suspension.'],
  };
}

/** A YYYY-MM-DD day in the viewer's language, e.g. 'March 31, 2027'; the day itself never shifts. */
export function dayInWords(day: string, locale?: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const at = Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1);
  if (!Number.isFinite(at)) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}
