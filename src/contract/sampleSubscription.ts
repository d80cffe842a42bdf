import type { MonthlyPricePreview } from './prices';
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

/** The preview of adding 2 of acme's seats at the sandbox's 14.40 EUR a month on 2026-11-25 (docs/api.md). */
export function samplePricePreview(): MonthlyPricePreview {
  return {
    plan: 'ANNUAL_MONTHLY_PAY',
    currency: 'EUR',
    seats: 2,
    seatPrice: 14.4,
    today: '2026-11-25',
    termStart: '2026-03-31',
    termEnd: '2027-03-31',
    daysRemaining: 126,
    termDays: 365,
    monthlyIncrease: 28.8,
    untilRenewal: 119.3,
  };
}
