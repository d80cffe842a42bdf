import type { SubscriptionInfo } from '../../../contract/subscription';

// A server answer is checked before it reaches the state: an unexpected body is a failure, not a crash.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function isSubscriptionInfo(value: unknown): value is SubscriptionInfo {
  if (!isRecord(value)) return false;
  const roles = value.accessRoles;
  return (
    typeof value.email === 'string' &&
    typeof value.customerId === 'string' &&
    value.customerId.length > 0 &&
    typeof value.customerDomain === 'string' &&
    typeof value.skuName === 'string' &&
    typeof value.planName === 'string' &&
    typeof value.isAnnual === 'boolean' &&
    isCount(value.numberOfSeats) &&
    isCount(value.licensedNumberOfSeats) &&
    isCount(value.maximumNumberOfSeats) &&
    typeof value.subscriptionId === 'string' &&
    value.subscriptionId.length > 0 &&
    typeof value.isAdmin === 'boolean' &&
    isRecord(roles) &&
    typeof roles.license === 'boolean' &&
    typeof roles.support === 'boolean' &&
    (value.thumbnailPhotoUrl === null || typeof value.thumbnailPhotoUrl === 'string')
  );
}

/** The message shown when subscription-info answers 2xx with something that is not one. */
export const UNEXPECTED_SUBSCRIPTION_ANSWER =
  'The subscription service answered with data the portal cannot read.';
