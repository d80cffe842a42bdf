import type { WorkspaceSubscription } from '../../server/providers/provider';
import { createSqliteStore } from '../../server/store/openStore';
import type { HistoryIntent, PortalStore } from '../../server/store/portalStore';

// The store tests that need no file or PostgreSQL share: a migrated in-memory SQLite store for each
// test, and the history fixtures of ACME's Workspace subscription.

/**
 * A fresh migrated in-memory store for each test, closed after it. The answer stands for the running
 * test's store, so a test file declares it once instead of a variable with its own set-up and close.
 */
export function memoryStoreForTests(): PortalStore {
  let current: PortalStore | undefined;
  beforeEach(async () => {
    const opened = createSqliteStore(':memory:');
    await opened.migrate();
    current = opened.store;
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const open = (): PortalStore => {
    if (current === undefined) throw new Error('The test store is open only during a test');
    return current;
  };
  // Spreading it (`{ ...store, recordIntent }`) copies the running test's store, methods bound.
  return new Proxy({} as PortalStore, {
    get(_, name) {
      const value: unknown = Reflect.get(open(), name);
      return typeof value === 'function' ? (value as () => unknown).bind(open()) : value;
    },
    ownKeys: () => Reflect.ownKeys(open()),
    getOwnPropertyDescriptor: (_, name) =>
      name in open() ? { configurable: true, enumerable: true } : undefined,
  });
}

export const CUSTOMER = 'C0acme001';
export const SUBSCRIPTION = 'sub-acme-001';

/** A purchase of 5 seats on top of 20, by ACME's admin. */
export const licenceIntent: HistoryIntent = {
  customerId: CUSTOMER,
  actor: 'admin@acme.example',
  requestId: 'req-1',
  at: 0,
  change: { kind: 'licences', subscriptionId: SUBSCRIPTION, before: 20, after: 25 },
};

/** ACME's Workspace subscription as the provider reads it, with the given total. */
export function workspaceSubscription(numberOfSeats: number): WorkspaceSubscription {
  return {
    subscriptionId: SUBSCRIPTION,
    customerId: CUSTOMER,
    skuName: 'Google Workspace Business Standard',
    planName: 'ANNUAL_MONTHLY_PAY',
    numberOfSeats,
    licensedNumberOfSeats: 17,
    maximumNumberOfSeats: 50,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: null,
  };
}

/** The states of ACME's history entries, newest first. */
export async function historyStates(store: PortalStore): Promise<string[]> {
  const records = await store.listHistory({
    customerId: CUSTOMER,
    kinds: ['licences', 'licence-delegate', 'support-delegate'],
    olderThan: null,
    limit: 10,
  });
  return records.map((record) => record.state);
}
