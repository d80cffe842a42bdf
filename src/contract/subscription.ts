import { Type, type Static } from 'typebox';
import { nullableText, seatCount } from './fields';

// The subscription info the portal API returns (docs/api.md); the docs/behaviour.md 3 names the fields read.
// One schema: the route's answer (src/server/routes), the client's check and the type come from it.

export const AccessRoles = Type.Object({
  license: Type.Boolean(),
  support: Type.Boolean(),
});
export type AccessRoles = Static<typeof AccessRoles>;

/**
 * The Reseller API's subscription status: ACTIVE, SUSPENDED, or PENDING (waiting for the customer to
 * accept the Terms of Service). Anything but ACTIVE refuses purchases.
 */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'SUSPENDED', 'PENDING'] as const;
export const SubscriptionStatus = Type.Enum(SUBSCRIPTION_STATUSES, { type: 'string' });
export type SubscriptionStatus = Static<typeof SubscriptionStatus>;

/** A day as YYYY-MM-DD (docs/api.md, subscription-info). */
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const SubscriptionInfo = Type.Object({
  email: Type.String(),
  customerId: Type.String({ minLength: 1 }),
  customerDomain: Type.String(),
  skuName: Type.String(),
  planName: Type.String(),
  isAnnual: Type.Boolean(),
  /** Total licences bought. */
  numberOfSeats: seatCount,
  /** Licences assigned to users. */
  licensedNumberOfSeats: seatCount,
  maximumNumberOfSeats: seatCount,
  subscriptionId: Type.String({ minLength: 1 }),
  isAdmin: Type.Boolean(),
  accessRoles: AccessRoles,
  thumbnailPhotoUrl: nullableText(),
  status: SubscriptionStatus,
  /** Google's reasons for a suspension (e.g. PENDING_TOS_ACCEPTANCE, RENEWAL_WITH_TYPE_CANCEL); empty when active. */
  suspensionReasons: Type.Array(Type.String()),
  /** The subscription is in its free trial. */
  isTrial: Type.Boolean(),
  /** Day the current annual commitment ends (YYYY-MM-DD, UTC), when the provider gives one. */
  renewalDate: nullableText({ pattern: DAY_PATTERN }),
});
export type SubscriptionInfo = Static<typeof SubscriptionInfo>;
