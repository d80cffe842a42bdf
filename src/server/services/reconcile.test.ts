import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ApiError } from '../apiError';
import type { PortalProvider } from '../providers/provider';
import { openSandbox, type Sandbox } from '../providers/sandbox';
import type { PortalStore } from '../store/portalStore';
import {
  CUSTOMER,
  licenceIntent,
  memoryStoreForTests,
  SUBSCRIPTION,
} from '../../testing/server/memoryStore';
import { storeBackendsForTests } from '../../testing/server/storeBackends';
import { addLicences } from './purchases';
import { reconcileSeats } from './reconcile';

// The ledger's reconciliation with the sandbox (docs/api.md, Reconciliation): each total changed
// outside the portal is one outside-change entry and one seats.changed-outside event, once.

const log = pino({ level: 'silent' });
const AT = Date.UTC(2030, 0, 15, 9);
const store = memoryStoreForTests();

let dataDir: string;
let sandbox: Sandbox;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-reconcile-'));
  sandbox = await openSandbox({ dataDir });
});
afterEach(() => {
  sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const reconcile = (on: PortalStore = store) =>
  reconcileSeats({ provider: sandbox.provider, store: on, now: () => AT, log });

/** ACME's listed history entries, newest first, as GET /api/history would list them. */
async function acmeHistory(on: PortalStore = store) {
  const records = await on.listHistory({
    customerId: CUSTOMER,
    kinds: ['licences'],
    olderThan: null,
    limit: 10,
  });
  return records.map(({ state, actor, at, change }) => ({ state, actor, at, change }));
}

const outsideChange = (before: number, after: number) => ({
  state: 'outside-change',
  actor: 'Google',
  at: AT,
  change: { kind: 'licences', subscriptionId: SUBSCRIPTION, before, after },
});

it('gives each customer a quiet baseline first, then finds a total changed outside once', async () => {
  const first = await reconcile();
  expect(first).toMatchObject({ differences: [], unsettled: 0 });
  expect(first.baselines).toBe(first.compared);
  expect(first.compared).toBeGreaterThanOrEqual(4);
  expect(await acmeHistory()).toEqual([]);
  expect(await store.eventsAfter({ after: 0, limit: 10 })).toEqual([]);

  sandbox.setSeats(SUBSCRIPTION, 23);
  const second = await reconcile();
  expect(second.differences).toEqual([
    {
      state: 'outside-change',
      customerId: CUSTOMER,
      customerDomain: 'acme.example',
      subscriptionId: SUBSCRIPTION,
      before: 20,
      after: 23,
    },
  ]);
  expect(second.baselines).toBe(0);
  expect(await acmeHistory()).toEqual([outsideChange(20, 23)]);
  expect(await store.eventsAfter({ after: 0, limit: 10 })).toEqual([
    expect.objectContaining({
      type: 'seats.changed-outside',
      occurredAt: new Date(AT).toISOString(),
      customerId: CUSTOMER,
      customerDomain: 'acme.example',
      subscriptionId: SUBSCRIPTION,
      skuName: 'Google Workspace Business Standard',
      actor: 'Google',
      before: 20,
      after: 23,
      charge: null,
    }),
  ]);

  // Nothing is counted twice.
  expect((await reconcile()).differences).toEqual([]);
  expect(await acmeHistory()).toEqual([outsideChange(20, 23)]);
  expect(await store.eventsAfter({ after: 0, limit: 10 })).toHaveLength(1);
});

it('compares a Flexible plan by the maximum Google allows', async () => {
  await reconcile();
  sandbox.setSeats('sub-flex-001', 250);
  expect((await reconcile()).differences).toEqual([
    expect.objectContaining({ customerId: 'C0flex001', before: 300, after: 250 }),
  ]);
});

it('leaves a customer with a purchase still unsettled to the settlement worker', async () => {
  await reconcile();
  await store.recordIntent({ ...licenceIntent, at: AT });
  sandbox.setSeats(SUBSCRIPTION, 23);
  const found = await reconcile();
  expect(found).toMatchObject({ differences: [], unsettled: 1 });
  expect((await acmeHistory()).map(({ state }) => state)).toEqual(['pending']);
});

it('records a change made outside before a purchase hides it in its total before', async () => {
  await reconcile();
  sandbox.setSeats(SUBSCRIPTION, 22);
  await addLicences(
    { provider: sandbox.provider, store, now: () => AT },
    {
      customer: { customerId: CUSTOMER, customerDomain: 'acme.example' },
      subscriptionId: SUBSCRIPTION,
      numberOfSeats: 25,
      expectedNumberOfSeats: 22,
    },
    { actor: 'admin@acme.example', requestId: 'req-buy', log },
  );
  expect(await acmeHistory()).toEqual([
    {
      state: 'done',
      actor: 'admin@acme.example',
      at: AT,
      change: { kind: 'licences', subscriptionId: SUBSCRIPTION, before: 22, after: 25 },
    },
    outsideChange(20, 22),
  ]);
  // The ledger knows 25 now: the next pass finds nothing more.
  expect((await reconcile()).differences).toEqual([]);
});

it('goes on past a customer whose subscription cannot be read again, and names it', async () => {
  await reconcile();
  sandbox.setSeats(SUBSCRIPTION, 23);
  sandbox.setSeats('sub-flex-001', 250);
  const provider = Object.assign(Object.create(sandbox.provider) as PortalProvider, {
    findWorkspaceSubscription: async (customerId: string) => {
      if (customerId === CUSTOMER) throw new ApiError(503, 'Google is unavailable.');
      return sandbox.provider.findWorkspaceSubscription(customerId);
    },
  });
  const found = await reconcileSeats({ provider, store, now: () => AT, log });
  expect(found.unreadable).toEqual([CUSTOMER]);
  expect(found.differences).toEqual([expect.objectContaining({ customerId: 'C0flex001' })]);
  // Compared on the next pass.
  expect((await reconcile()).differences).toEqual([
    expect.objectContaining({ customerId: CUSTOMER, before: 20, after: 23 }),
  ]);
});

describe.each(storeBackendsForTests('reconcile', AT).backends)(
  'two passes at once on %s',
  (name, backend) => {
    it('record the difference once', async () => {
      const opened = await backend();
      const first = await opened.open();
      // PostgreSQL: a second instance on the same database; SQLite is one process's store.
      const second = name === 'PostgreSQL' ? await opened.open() : first;
      await reconcile(first);
      sandbox.setSeats(SUBSCRIPTION, 24);
      const passes = await Promise.all([reconcile(first), reconcile(second)]);
      expect(passes.flatMap(({ differences }) => differences)).toEqual([
        expect.objectContaining({ customerId: CUSTOMER, before: 20, after: 24 }),
      ]);
      expect(await acmeHistory(second)).toEqual([outsideChange(20, 24)]);
      expect(await first.eventsAfter({ after: 0, limit: 10 })).toEqual([
        expect.objectContaining({ type: 'seats.changed-outside', before: 20, after: 24 }),
      ]);
    });
  },
);
