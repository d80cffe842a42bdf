import type { SubscriptionInfo } from './subscription';

/** The sandbox's acme.example admin (README.md, Demo accounts (sandbox)), for tests and the pre-render; override any field. */
export function sampleSubscription(overrides: Partial<SubscriptionInfo> = {}): SubscriptionInfo {
  return {
    email: 'admin@acme.example',
    customerId: 'C0acme001',
    customerDomain: 'acme.example',
    skuName: 'Google Workspace Business Standard',
    planName: 'ANNUAL_MONTHLY_PAY',
    isAnnual: true,
    numberOfSeats: 20,
    licensedNumberOfSeats: 17,
    maximumNumberOfSeats: 50,
    subscriptionId: 'sub-acme-001',
    isAdmin: true,
    accessRoles: { license: true, support: true },
    thumbnailPhotoUrl: null,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: '2027-03-31',
    ...overrides,
  };
}
