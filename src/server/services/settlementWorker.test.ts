import { tmpdir } from 'node:os';
import pino from 'pino';
import { ApiError } from '../apiError';
import type { PortalProvider, WorkspaceSubscription } from '../providers/provider';
import { openPortalStore } from '../store/openStore';
import type { PortalStore } from '../store/portalStore';
import { seatsKey } from '../history/changeKeys';
import { storeBackendsForTests } from '../../testing/server/storeBackends';
import { createSettlementWorker } from './settlementWorker';
import {
  CUSTOMER,
  historyStates,
  licenceIntent,
  memoryStoreForTests,
  workspaceSubscription,
} from '../../testing/server/memoryStore';

// The settlement worker on its own (docs/api.md, GET /api/history), with a provider that fails on demand.

const log = pino({ level: 'silent' });
const store = memoryStoreForTests();

describe('the settlement worker', () => {
  function providerWith(read: () => Promise<WorkspaceSubscription | null>): PortalProvider {
    return { findWorkspaceSubscription: read } as unknown as PortalProvider;
  }
  const settleOnce = (provider: PortalProvider) =>
    createSettlementWorker({ store, provider, log, pollMs: 1000, graceMs: 60_000 }).runOnce();

  it('settles from the provider’s state', async () => {
    await store.recordIntent(licenceIntent);
    expect(await settleOnce(providerWith(async () => workspaceSubscription(25)))).toBe(1);
    expect(await historyStates(store)).toEqual(['done']);
  });

  it("settles every customer, reading each one's own subscription", async () => {
    await store.recordIntent(licenceIntent);
    await store.recordIntent({ ...licenceIntent, customerId: 'C0other01' });
    const read: string[] = [];
    const provider = {
      findWorkspaceSubscription: async (customerId: string) => {
        read.push(customerId);
        return workspaceSubscription(25);
      },
    } as unknown as PortalProvider;
    expect(await settleOnce(provider)).toBe(2);
    expect(read).toEqual([CUSTOMER, 'C0other01']);
    expect(await store.unsettledChanges()).toEqual([]);
  });

  it('leaves entries pending when the provider cannot be read', async () => {
    await store.recordIntent(licenceIntent);
    const unreadable = providerWith(async () => {
      throw new ApiError(503, 'Google is unavailable.');
    });
    expect(await settleOnce(unreadable)).toBe(0);
    expect(await historyStates(store)).toEqual(['pending']);
  });

  it('leaves entries pending while their key is held, and reads nothing for them', async () => {
    await store.recordIntent(licenceIntent);
    let reads = 0;
    const provider = providerWith(async () => {
      reads += 1;
      return workspaceSubscription(20);
    });
    let release = () => {};
    const held = store.exclusive(
      seatsKey(CUSTOMER),
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await settleOnce(provider);
    expect(reads).toBe(0);
    expect(await historyStates(store)).toEqual(['pending']);
    release();
    await held;
    await settleOnce(provider);
    expect(reads).toBe(1);
    // Written long before the grace period (at 0), and the total never showed.
    expect(await historyStates(store)).toEqual(['not-made']);
  });

  it('started, it settles without anyone asking; stopped, it waits for its pass', async () => {
    await store.recordIntent(licenceIntent);
    const worker = createSettlementWorker({
      store,
      provider: providerWith(async () => workspaceSubscription(25)),
      log,
      pollMs: 20,
      graceMs: 60_000,
    });
    worker.start();
    for (let tries = 0; (await historyStates(store))[0] !== 'done' && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await worker.stop();
    expect(await historyStates(store)).toEqual(['done']);
  });
});

describe('two instances on one PostgreSQL', () => {
  const { createPostgresDatabase, afterTest } = storeBackendsForTests('settlement', Date.now());
  let databaseUrl: string;
  const openInstance = async () => {
    const opened = await openPortalStore({ dataDir: tmpdir(), databaseUrl }, Date.now());
    afterTest(() => opened.close());
    return opened;
  };
  const deferred = () => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  };
  beforeEach(async () => {
    databaseUrl = await createPostgresDatabase();
  });

  it("settle an entry once: two instances' settlement workers never judge one key together", async () => {
    const one = await openInstance();
    const two = await openInstance();
    await one.recordIntent(licenceIntent);
    const gate = deferred();
    let reads = 0;
    const provider = {
      findWorkspaceSubscription: async () => {
        reads += 1;
        await gate.promise;
        return workspaceSubscription(25);
      },
    } as unknown as PortalProvider;
    const worker = (store: PortalStore) =>
      createSettlementWorker({ store, provider, log, pollMs: 1000, graceMs: 60_000 });
    const first = worker(one).runOnce();
    while (reads === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await worker(two).runOnce()).toBe(0);
    gate.resolve();
    expect(await first).toBe(1);
    expect(reads).toBe(1);
    expect(await two.unsettledChanges()).toEqual([]);
    expect((await two.countNotifications()).waiting).toBe(1);
  });
});
