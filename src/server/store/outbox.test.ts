import { tmpdir } from 'node:os';
import { samplePurchaseEvent } from '../../testing/sampleAnswers';
import { createLogger } from '../plugins/logger';
import { createDeliveryWorker } from '../notifications/deliveryWorker';
import {
  storeBackendsForTests,
  type StoreBackend,
  type StoreBackendName,
} from '../../testing/server/storeBackends';
import { openPortalStore } from './openStore';
import type { HistoryIntent, PortalStore } from './portalStore';

// The outbox (docs/notifications.md) on SQLite and on a real PostgreSQL: a row per completed change,
// written in the change's own transaction, and taken by one worker at a time under a lease.

jest.setTimeout(60_000);

const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);
const LEASE_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const purchase: HistoryIntent = {
  customerId: 'C0acme001',
  actor: 'admin@acme.example',
  requestId: 'req-1',
  at: NOW,
  change: { kind: 'licences', subscriptionId: 'sub-acme-001', before: 20, after: 22 },
  customerDomain: 'acme.example',
  sku: { skuId: '1010020028', skuName: 'Google Workspace Business Standard' },
};

const delegateRemoval: HistoryIntent = {
  customerId: 'C0acme001',
  actor: 'admin@acme.example',
  requestId: 'req-2',
  at: NOW,
  change: {
    kind: 'support-delegate',
    action: 'delete',
    member: 'support@acme.example',
    before: ['support@acme.example'],
    after: null,
  },
  customerDomain: 'acme.example',
};

/** The SQL of a trigger that refuses every outbox insert, and of its removal, on each backend. */
const REFUSE_OUTBOX: Record<StoreBackendName, { on: string; off: string }> = {
  SQLite: {
    on: "CREATE TRIGGER outbox_refused BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'refused'); END",
    off: 'DROP TRIGGER outbox_refused',
  },
  PostgreSQL: {
    on:
      "CREATE FUNCTION outbox_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql; " +
      'CREATE TRIGGER outbox_refused BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_refuse()',
    off: 'DROP TRIGGER outbox_refused ON outbox; DROP FUNCTION outbox_refuse()',
  },
};

const { backends, createPostgresDatabase, afterTest } = storeBackendsForTests('outbox', NOW);

const take = (store: PortalStore, worker: string, now = Date.now()) =>
  store.takeNotifications({ worker, now, leaseMs: LEASE_MS, limit: 10 });

describe.each(backends)('the outbox on %s', (name, makeBackend) => {
  let backend: StoreBackend;
  let store: PortalStore;
  const refuseOutbox = REFUSE_OUTBOX[name];
  beforeEach(async () => {
    backend = await makeBackend();
    store = await backend.open();
  });

  it('writes one event when a purchase completes, with what receivers need', async () => {
    const id = await store.recordIntent(purchase);
    expect(await take(store, 'w1')).toEqual([]);
    await store.completeChange(id, 22);
    // Completing again (a settle that repeats it) writes no second event.
    await store.completeChange(id, 22);
    const [entry, ...rest] = await take(store, 'w1');
    expect(rest).toEqual([]);
    expect(entry?.attempts).toBe(1);
    // Every field of ACME's sample purchase, with the id the store gave it.
    expect(entry?.event).toEqual(
      samplePurchaseEvent({ id: expect.stringMatching(UUID) as string }),
    );
  });

  it('names a delegate change by its list and action', async () => {
    const id = await store.recordIntent(delegateRemoval);
    await store.completeChange(id, []);
    const [entry] = await take(store, 'w1');
    expect(entry?.event).toMatchObject({
      type: 'support-delegate.removed',
      subscriptionId: null,
      skuId: null,
      before: ['support@acme.example'],
      after: [],
    });
  });

  it('writes nothing for a refused, unconfirmed or not-made change; a purchase settled later as done has one', async () => {
    await store.failChange(await store.recordIntent(purchase));
    await store.markChange(await store.recordIntent(purchase), 'not-made');
    const unconfirmed = await store.recordIntent(purchase);
    await store.markChange(unconfirmed, 'unconfirmed');
    expect(await take(store, 'w1')).toEqual([]);
    await store.completeChange(unconfirmed, 22);
    expect(await take(store, 'w1')).toHaveLength(1);
  });

  it('commits the entry and its event together: without the event the entry stays pending', async () => {
    const id = await store.recordIntent(purchase);
    await backend.exec(refuseOutbox.on);
    // Stores opened after each schema change see it from their first statement.
    const refused = await backend.open();
    // By its message: better-sqlite3 makes its errors with the class of the first test file that
    // loaded it in this process, which is not an Error of this file's realm for toThrow.
    await expect(refused.completeChange(id, 22)).rejects.toMatchObject({
      message: expect.stringMatching(/refused/),
    });
    await backend.exec(refuseOutbox.off);
    const after = await backend.open();
    expect((await after.pendingChanges('C0acme001')).map((record) => record.id)).toEqual([id]);
    expect(await take(after, 'w1')).toEqual([]);
  });

  it('leaves a taken row to its worker until the lease ends, then another takes it', async () => {
    await store.completeChange(await store.recordIntent(purchase), 22);
    const now = Date.now();
    const [first] = await take(store, 'w1', now);
    expect(await take(store, 'w2', now + LEASE_MS - 1)).toEqual([]);
    const [again] = await take(store, 'w2', now + LEASE_MS + 1);
    expect(again?.event.id).toBe(first?.event.id);
    expect(again?.attempts).toBe(2);
    // The first worker's late answer no longer counts: the row is the second's.
    await store.finishNotification(first?.event.id ?? '', 'w1', {
      state: 'delivered',
      deliveredChannels: ['webhook'],
      nextAttemptAt: now,
      lastError: null,
    });
    expect(await store.countNotifications()).toEqual({ waiting: 1, failed: 0 });
  });

  it('renews a lease only for the worker that still holds the row', async () => {
    await store.completeChange(await store.recordIntent(purchase), 22);
    const now = Date.now();
    const [entry] = await take(store, 'w1', now);
    const id = entry?.event.id ?? '';
    const hold = (worker: string, at: number) =>
      store.holdNotification({ id, worker, now: at, leaseMs: LEASE_MS });
    expect(await hold('w2', now)).toBe(false);
    expect(await hold('w1', now + LEASE_MS - 1)).toBe(true);
    // Renewed: not free at the first lease's end, free at the renewed one's.
    expect(await take(store, 'w2', now + LEASE_MS + 1)).toEqual([]);
    expect(await take(store, 'w2', now + 2 * LEASE_MS)).toHaveLength(1);
    expect(await hold('w1', now + 2 * LEASE_MS)).toBe(false);
  });

  it('numbers events in the order they are written and reads them after a sequence, delivered ones too', async () => {
    for (const requestId of ['req-a', 'req-b', 'req-c']) {
      await store.completeChange(await store.recordIntent({ ...purchase, requestId }), 22);
    }
    const all = await store.eventsAfter({ after: 0, limit: 10 });
    expect(all.map((event) => event.sequence)).toEqual([1, 2, 3]);
    expect(await store.eventsAfter({ after: 1, limit: 1 })).toEqual([all[1]]);
    expect(await store.eventsAfter({ after: 3, limit: 10 })).toEqual([]);
    for (const { event } of await take(store, 'w1')) {
      await store.finishNotification(event.id, 'w1', {
        state: 'delivered',
        deliveredChannels: ['webhook'],
        nextAttemptAt: Date.now(),
        lastError: null,
      });
    }
    expect(await store.eventsAfter({ after: 0, limit: 10 })).toEqual(all);
  });

  it('puts a failed row back with the same id, a fresh window and no attempts', async () => {
    await store.completeChange(await store.recordIntent(purchase), 22);
    const [entry] = await take(store, 'w1');
    const id = entry?.event.id ?? '';
    await store.finishNotification(id, 'w1', {
      state: 'failed',
      deliveredChannels: ['receipt'],
      nextAttemptAt: Date.now(),
      lastError: 'webhook: webhook answered 500',
    });
    expect(await store.resendNotifications({ eventId: 'not-an-event' }, NOW)).toEqual([]);
    const later = Date.now() + 1000;
    expect(await store.resendNotifications('failed', later)).toEqual([id]);
    expect(await store.resendNotifications('failed', later)).toEqual([]);
    const [again] = await take(store, 'w2', later);
    expect(again).toMatchObject({
      event: { id, sequence: entry?.event.sequence },
      attempts: 1,
      retrySince: later,
      deliveredChannels: ['receipt'],
      lastError: null,
    });
  });

  it('keeps failed rows with their last error and lists them for the operator', async () => {
    await store.completeChange(await store.recordIntent(purchase), 22);
    const [entry] = await take(store, 'w1');
    await store.finishNotification(entry?.event.id ?? '', 'w1', {
      state: 'failed',
      deliveredChannels: ['receipt'],
      nextAttemptAt: Date.now(),
      lastError: 'webhook: webhook answered 500',
    });
    expect(await store.countNotifications()).toEqual({ waiting: 0, failed: 1 });
    expect(await store.failedNotifications()).toEqual([
      expect.objectContaining({
        state: 'failed',
        lastError: 'webhook: webhook answered 500',
        deliveredChannels: ['receipt'],
        event: expect.objectContaining({ id: entry?.event.id }),
      }),
    ]);
  });
});

describe('two instances on one PostgreSQL', () => {
  it('number their events with one sequence, in the order they commit', async () => {
    const databaseUrl = await createPostgresDatabase();
    const stores = await Promise.all(
      [1, 2].map(() => openPortalStore({ dataDir: tmpdir(), databaseUrl }, NOW)),
    );
    afterTest(async () => {
      for (const opened of stores) await opened.close();
    });
    const writes = Array.from({ length: 20 }, (_, index) => async () => {
      const opened = stores[index % 2] as PortalStore;
      await opened.completeChange(
        await opened.recordIntent({ ...purchase, requestId: `req-${index}` }),
        22,
      );
    });
    await Promise.all(writes.map((write) => write()));
    const events = await (stores[0] as PortalStore).eventsAfter({ after: 0, limit: 100 });
    expect(events.map((event) => event.sequence)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });
});

describe('two workers on one PostgreSQL', () => {
  it('never deliver one row twice, nor at the same time', async () => {
    const databaseUrl = await createPostgresDatabase();
    const stores = await Promise.all(
      [1, 2].map(() => openPortalStore({ dataDir: tmpdir(), databaseUrl }, NOW)),
    );
    afterTest(async () => {
      for (const opened of stores) await opened.close();
    });
    const [first] = stores as [PortalStore, PortalStore];
    const events = 30;
    for (let index = 0; index < events; index += 1) {
      await first.completeChange(await first.recordIntent(purchase), 22);
    }
    const delivered: string[] = [];
    const inFlight = new Set<string>();
    let overlaps = 0;
    const log = createLogger('silent');
    const workers = stores.map((opened, index) =>
      createDeliveryWorker({
        outbox: opened,
        log,
        workerId: `worker-${index}`,
        tuning: { retryBaseMs: 1000, retryForMs: 60_000, leaseMs: LEASE_MS, pollMs: 10 },
        channels: [
          {
            name: 'webhook',
            accepts: () => true,
            async deliver(event) {
              if (inFlight.has(event.id)) overlaps += 1;
              inFlight.add(event.id);
              // Yield to the other worker while this one holds the row.
              await new Promise((resolve) => setImmediate(resolve));
              inFlight.delete(event.id);
              delivered.push(event.id);
            },
          },
        ],
      }),
    );
    let taken = [0, 0];
    do {
      taken = await Promise.all(workers.map((worker) => worker.runOnce()));
    } while (taken.some((count) => count > 0));
    expect(overlaps).toBe(0);
    expect(delivered).toHaveLength(events);
    expect(new Set(delivered).size).toBe(events);
    expect(await first.countNotifications()).toEqual({ waiting: 0, failed: 0 });
  });
});
