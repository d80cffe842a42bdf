import type Database from 'better-sqlite3';
import type { PortalProvider } from '../provider';
import { addDemoCustomer, withDemoCustomer } from './demoCustomers';

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
    addDemoCustomer(db, demo);
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
  return withDemoCustomer(provider, NEARLY_FULL_DEMO);
}
