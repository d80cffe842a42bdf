// The subscription info the portal API returns (docs/api.md); the docs/behaviour.md 3 names the fields read.
export interface AccessRoles {
  license: boolean;
  support: boolean;
}

/**
 * The Reseller API's subscription status: ACTIVE, SUSPENDED, or PENDING (waiting for the customer to
 * accept the Terms of Service). Anything but ACTIVE refuses purchases.
 */
export type SubscriptionStatus = 'ACTIVE' | 'SUSPENDED' | 'PENDING';

export interface SubscriptionInfo {
  email: string;
  customerId: string;
  customerDomain: string;
  skuName: string;
  planName: string;
  isAnnual: boolean;
  /** Total licences bought. */
  numberOfSeats: number;
  /** Licences assigned to users. */
  licensedNumberOfSeats: number;
  maximumNumberOfSeats: number;
  subscriptionId: string;
  isAdmin: boolean;
  accessRoles: AccessRoles;
  thumbnailPhotoUrl: string | null;
  status: SubscriptionStatus;
  /** Google's reasons for a suspension (e.g. PENDING_TOS_ACCEPTANCE, RENEWAL_WITH_TYPE_CANCEL); empty when active. */
  suspensionReasons: string[];
  /** The subscription is in its free trial. */
  isTrial: boolean;
  /** Day the current annual commitment ends (YYYY-MM-DD, UTC), when the provider gives one. */
  renewalDate: string | null;
}
