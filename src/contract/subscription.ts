// The subscription info the portal API returns (contract §3); the spec's section 3 names the fields read.
export interface AccessRoles {
  license: boolean;
  support: boolean;
}

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
}
