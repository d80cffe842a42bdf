import type { CustomerListPage } from '../contract/customerList';
import type { DelegateHistoryEntry, HistoryEntry, LicenceHistoryEntry } from '../contract/history';
import type { NotificationEvent } from '../contract/notifications';
import type { MonthlyPricePreview, PurchaseCharge } from '../contract/prices';

/** The `version` of the sandbox's demo prices (src/server/providers/sandbox/prices.json). */
export const SANDBOX_PRICE_VERSION = 'sandbox-2026-11';

// Answers of the portal API as docs/api.md shows them, for tests: change-history entries and a price preview.

export function licenceEntry(overrides: Partial<LicenceHistoryEntry> = {}): LicenceHistoryEntry {
  return {
    id: 'h-licences-1',
    at: '2030-01-15T09:00:00.000Z',
    actor: 'admin@acme.example',
    requestId: 'req-1',
    state: 'done',
    kind: 'licences',
    before: 20,
    after: 25,
    charge: null,
    ...overrides,
  };
}

export function delegateEntry(overrides: Partial<DelegateHistoryEntry> = {}): DelegateHistoryEntry {
  return {
    id: 'h-delegate-1',
    at: '2030-01-14T16:30:00.000Z',
    actor: 'admin@acme.example',
    requestId: 'req-2',
    state: 'done',
    kind: 'licence-delegate',
    action: 'add',
    member: 'x@acme.example',
    ...overrides,
  };
}

/** `count` licence adds, newest first, ids h-<start>…, each adding one licence. */
export function licenceEntries(count: number, start = 1): HistoryEntry[] {
  return Array.from({ length: count }, (_unused, index) => {
    const n = start + index;
    return licenceEntry({
      id: `h-${n}`,
      requestId: `req-${n}`,
      at: new Date(Date.UTC(2030, 0, 15, 9) - n * 60_000).toISOString(),
      before: 10_000 - n,
      after: 10_001 - n,
    });
  });
}

/** The preview of adding 2 of acme's seats at the sandbox's 14.40 EUR a month on 2026-11-25 (docs/api.md). */
export function samplePricePreview(): MonthlyPricePreview {
  return {
    plan: 'ANNUAL_MONTHLY_PAY',
    currency: 'EUR',
    seats: 2,
    unitPriceMinor: 1440,
    today: '2026-11-25',
    termStart: '2026-03-31',
    termEnd: '2027-03-31',
    daysRemaining: 126,
    termDays: 365,
    priceVersion: SANDBOX_PRICE_VERSION,
    monthlyIncreaseMinor: 2880,
    untilRenewalMinor: 11930,
  };
}

/** The charge of that preview's purchase: €119.30 due until the renewal (docs/api.md, Money). */
export function sampleCharge(): PurchaseCharge {
  return {
    currency: 'EUR',
    unitPriceMinor: 1440,
    seats: 2,
    period: 'month',
    amountMinor: 11930,
    termEnd: '2027-03-31',
    priceVersion: SANDBOX_PRICE_VERSION,
  };
}

/** ACME's purchase of 2 licenses (20 → 22) as its event, for the mails' and the channels' tests. */
export function samplePurchaseEvent(overrides: Partial<NotificationEvent> = {}): NotificationEvent {
  return {
    id: '6c2a0d51-3a7e-4b0c-9a55-0c8f1f7e4d21',
    sequence: 1,
    type: 'licences.added',
    occurredAt: '2030-01-15T09:00:00.000Z',
    customerId: 'C0acme001',
    customerDomain: 'acme.example',
    subscriptionId: 'sub-acme-001',
    skuId: '1010020028',
    skuName: 'Google Workspace Business Standard',
    actor: 'admin@acme.example',
    before: 20,
    after: 22,
    charge: null,
    ...overrides,
  };
}

/** One page of the console's customers' list: ACME, with a seat cap of its own, and a next page. */
export const CUSTOMERS_PAGE: CustomerListPage = {
  customers: [
    {
      customerId: 'C0acme001',
      customerDomain: 'acme.example',
      skuName: 'Google Workspace Business Standard',
      planName: 'ANNUAL_MONTHLY_PAY',
      seatsTotal: 20,
      seatsAssigned: 17,
      renewalDate: '2027-03-31',
      status: 'ACTIVE',
      settings: { portalEnabled: true, seatCap: 30, approvalAbove: null },
      effective: { portalEnabled: true, seatCap: 30, approvalAbove: null },
    },
  ],
  total: 51,
  offset: 0,
  nextPageToken: 'next-token',
  previousPageToken: null,
  listedAt: '2025-01-15T09:00:00.000Z',
};
