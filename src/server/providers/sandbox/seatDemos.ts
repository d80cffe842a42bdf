import type Database from 'better-sqlite3';
import { domainOf } from '../../../contract/email';
import type { PortalProvider, WorkspaceSubscription } from '../provider';

// Demo customers for the dashboard's seat panel (README's demo accounts): one nearly out of
// licences, so the usage warning shows, and one suspended, so the dashboard says why and offers no
// purchase. Kept apart from the seed so the seed stays the contract's dataset; added to any sandbox
// database when it is opened.

interface SeatDemo {
  domain: string;
  admin: string;
  subscription: WorkspaceSubscription;
}

export const NEARLY_FULL_DEMO: SeatDemo = {
  domain: 'full.example',
  admin: 'admin@full.example',
  subscription: {
    subscriptionId: 'sub-full-001',
    customerId: 'C0full001',
    skuName: 'Google Workspace Business Plus',
    planName: 'ANNUAL_YEARLY_PAY',
    numberOfSeats: 25,
    licensedNumberOfSeats: 23,
    maximumNumberOfSeats: 40,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: '2027-06-30',
  },
};

export const SUSPENDED_DEMO: SeatDemo = {
  domain: 'suspended.example',
  admin: 'admin@suspended.example',
  subscription: {
    subscriptionId: 'sub-susp-001',
    customerId: 'C0susp001',
    skuName: 'Google Workspace Business Standard',
    planName: 'ANNUAL_MONTHLY_PAY',
    numberOfSeats: 12,
    licensedNumberOfSeats: 9,
    maximumNumberOfSeats: 30,
    status: 'SUSPENDED',
    suspensionReasons: ['RESELLER_INITIATED'],
    isTrial: false,
    renewalDate: '2027-01-31',
  },
};

const SEAT_DEMOS: readonly SeatDemo[] = [NEARLY_FULL_DEMO, SUSPENDED_DEMO];

/** Adds the demo customers, their admins and subscriptions to a sandbox database (idempotent). */
export function seedSeatDemos(db: Database.Database): void {
  const customer = db.prepare(
    'INSERT OR IGNORE INTO customers (customer_id, domain) VALUES (?, ?)',
  );
  const admin = db.prepare(
    'INSERT OR IGNORE INTO directory_users (email, domain, is_admin, photo) VALUES (?, ?, 1, NULL)',
  );
  const subscription = db.prepare(
    `INSERT OR IGNORE INTO subscriptions (subscription_id, customer_id, sku_name, plan_name,
       number_of_seats, licensed_number_of_seats, maximum_number_of_seats, status,
       suspension_reasons, is_trial, renewal_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const demo of SEAT_DEMOS) {
      const s = demo.subscription;
      customer.run(s.customerId, demo.domain);
      admin.run(demo.admin, demo.domain);
      subscription.run(
        s.subscriptionId,
        s.customerId,
        s.skuName,
        s.planName,
        s.numberOfSeats,
        s.licensedNumberOfSeats,
        s.maximumNumberOfSeats,
        s.status,
        JSON.stringify(s.suspensionReasons),
        s.isTrial ? 1 : 0,
        s.renewalDate,
      );
    }
  })();
}

/** The provider, with the demo domains counted as Google accounts by the e-mail validator. */
export function withSeatDemos(provider: PortalProvider): PortalProvider {
  const domains = SEAT_DEMOS.map((demo) => demo.domain);
  const overrides: Partial<PortalProvider> = {
    async isGoogleAccount(email) {
      return domains.includes(domainOf(email)) || provider.isGoogleAccount(email);
    },
  };
  // Everything else is the provider's own (delegation keeps methods added to it later).
  return Object.assign(Object.create(provider) as PortalProvider, overrides);
}
