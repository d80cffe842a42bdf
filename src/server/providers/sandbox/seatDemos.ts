import type Database from 'better-sqlite3';
import { domainOf } from '../../../contract/email';
import type { PortalProvider } from '../provider';
import { seedAccountId } from './schema';

// A demo customer nearly out of licences, so the dashboard's usage warning shows (README's demo
// accounts). Kept apart from the seed so the seed stays the contract's dataset; added to any sandbox
// database when it is opened. (paused.example of the seed shows a suspended subscription.)

export const NEARLY_FULL_DEMO = {
  customerId: 'C0full001',
  domain: 'full.example',
  admin: 'admin@full.example',
  subscriptionId: 'sub-full-001',
  // Google's SKU id of Business Plus (src/server/providers/skus.ts).
  skuId: '1010020025',
  skuName: 'Google Workspace Business Plus',
  planName: 'ANNUAL_YEARLY_PAY',
  /** An annual plan counts bought seats and has no maximum of Google's (the seat policy caps it). */
  numberOfSeats: 25,
  licensedNumberOfSeats: 23,
  renewalDate: '2027-06-30',
} as const;

/** Adds the demo customer, its admin and its subscription to a sandbox database (idempotent). */
export function seedSeatDemos(db: Database.Database): void {
  const demo = NEARLY_FULL_DEMO;
  db.transaction(() => {
    db.prepare('INSERT OR IGNORE INTO customers (customer_id, domain) VALUES (?, ?)').run(
      demo.customerId,
      demo.domain,
    );
    db.prepare(
      'INSERT OR IGNORE INTO directory_users (email, customer_id, is_admin, photo, id) VALUES (?, ?, 1, NULL, ?)',
    ).run(demo.admin, demo.customerId, seedAccountId(demo.admin));
    db.prepare(
      `INSERT OR IGNORE INTO subscriptions (subscription_id, customer_id, sku_id, sku_name, plan_name,
         number_of_seats, maximum_number_of_seats, licensed_number_of_seats, status,
         suspension_reasons, is_trial, renewal_date)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, 'ACTIVE', '[]', 0, ?)`,
    ).run(
      demo.subscriptionId,
      demo.customerId,
      demo.skuId,
      demo.skuName,
      demo.planName,
      demo.numberOfSeats,
      demo.licensedNumberOfSeats,
      demo.renewalDate,
    );
  })();
}

/** The provider, with the demo domain counted as a Google account by the e-mail validator. */
export function withSeatDemos(provider: PortalProvider): PortalProvider {
  const overrides: Partial<PortalProvider> = {
    async isGoogleAccount(email) {
      return domainOf(email) === NEARLY_FULL_DEMO.domain || provider.isGoogleAccount(email);
    },
  };
  // Everything else is the provider's own (delegation keeps methods added to it later).
  return Object.assign(Object.create(provider) as PortalProvider, overrides);
}
