import { isJsonObject } from '../../../contract/json';
import type { SubscriptionInfo, SubscriptionStatus } from '../../../contract/subscription';

// A server answer is checked before it reaches the state: an unexpected body is a failure, not a crash.

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

const STATUSES: readonly SubscriptionStatus[] = ['ACTIVE', 'SUSPENDED', 'PENDING'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields docs/api.md added later; an answer recorded before them reads as an active,
 * paid subscription without a known renewal day. Present but malformed is still a failure. */
type LaterFields = Pick<
  SubscriptionInfo,
  'status' | 'suspensionReasons' | 'isTrial' | 'renewalDate'
>;

function readLaterFields(value: Record<string, unknown>): LaterFields | null {
  const { status, suspensionReasons, isTrial, renewalDate } = value;
  if (status !== undefined && !STATUSES.includes(status as SubscriptionStatus)) return null;
  if (
    suspensionReasons !== undefined &&
    !(
      Array.isArray(suspensionReasons) &&
      suspensionReasons.every((reason) => typeof reason === 'string')
    )
  ) {
    return null;
  }
  if (isTrial !== undefined && typeof isTrial !== 'boolean') return null;
  if (
    renewalDate !== undefined &&
    renewalDate !== null &&
    !(typeof renewalDate === 'string' && DAY.test(renewalDate))
  ) {
    return null;
  }
  return {
    status: (status as SubscriptionStatus | undefined) ?? 'ACTIVE',
    suspensionReasons: [...((suspensionReasons as string[] | undefined) ?? [])],
    isTrial: isTrial ?? false,
    renewalDate: (renewalDate as string | null | undefined) ?? null,
  };
}

/** The subscription an answer holds, as a clean copy with every field of the contract, or null. */
export function readSubscriptionInfo(value: unknown): SubscriptionInfo | null {
  if (!isJsonObject(value)) return null;
  const roles = value.accessRoles;
  const valid =
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
    isJsonObject(roles) &&
    typeof roles.license === 'boolean' &&
    typeof roles.support === 'boolean' &&
    (value.thumbnailPhotoUrl === null || typeof value.thumbnailPhotoUrl === 'string');
  if (!valid) return null;
  const later = readLaterFields(value);
  if (later === null) return null;
  return {
    email: value.email as string,
    customerId: value.customerId as string,
    customerDomain: value.customerDomain as string,
    skuName: value.skuName as string,
    planName: value.planName as string,
    isAnnual: value.isAnnual as boolean,
    numberOfSeats: value.numberOfSeats as number,
    licensedNumberOfSeats: value.licensedNumberOfSeats as number,
    maximumNumberOfSeats: value.maximumNumberOfSeats as number,
    subscriptionId: value.subscriptionId as string,
    isAdmin: value.isAdmin as boolean,
    accessRoles: { license: roles.license as boolean, support: roles.support as boolean },
    thumbnailPhotoUrl: value.thumbnailPhotoUrl as string | null,
    ...later,
  };
}

/** The message shown when subscription-info answers 2xx with something that is not one. */
export const UNEXPECTED_SUBSCRIPTION_ANSWER =
  'The subscription service answered with data the portal cannot read.';
