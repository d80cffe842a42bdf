import type Database from 'better-sqlite3';
import { domainOf } from '../../../contract/email';
import type { PortalProvider } from '../provider';
import { seedAccountId } from './schema';

// What the demos kept apart from the seed share (hostileDemo.ts, seatDemos.ts): a customer with its
// admin in the sandbox database, and its domain a Google account to the provider.

export interface DemoCustomer {
  customerId: string;
  domain: string;
  admin: string;
}

/** Adds the demo's customer and its admin to a sandbox database (idempotent). */
export function addDemoCustomer(db: Database.Database, demo: DemoCustomer): void {
  db.prepare('INSERT OR IGNORE INTO customers (customer_id, domain) VALUES (?, ?)').run(
    demo.customerId,
    demo.domain,
  );
  db.prepare(
    'INSERT OR IGNORE INTO directory_users (email, customer_id, is_admin, photo, id) VALUES (?, ?, 1, NULL, ?)',
  ).run(demo.admin, demo.customerId, seedAccountId(demo.admin));
}

/** The provider, with the demo's domain a Google account and `overrides` in place of its methods. */
export function withDemoCustomer(
  provider: PortalProvider,
  demo: DemoCustomer,
  overrides: Partial<PortalProvider> = {},
): PortalProvider {
  const own: Partial<PortalProvider> = {
    async isGoogleAccount(email) {
      return domainOf(email) === demo.domain || provider.isGoogleAccount(email);
    },
    ...overrides,
  };
  // Everything else is the provider's own (delegation keeps methods added to it later).
  return Object.assign(Object.create(provider) as PortalProvider, own);
}
