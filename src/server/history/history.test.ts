import pino from 'pino';
import { ApiError } from '../apiError';
import type { PortalProvider, WorkspaceSubscription } from '../providers/provider';
import { createSqliteStore } from '../store/openStore';
import type { HistoryIntent, PortalStore } from '../store/portalStore';
import { seatsKey } from './changeKeys';
import { recordDone, recordFailure } from './recordChange';
import { settlePending, verdictOf } from './settle';

// The intent, completion and settling rules on their own, with a provider that fails on demand.

const log = pino({ level: 'silent' });
const CUSTOMER = 'C0acme001';
const SUBSCRIPTION = 'sub-acme-001';

const intent: HistoryIntent = {
  customerId: CUSTOMER,
  actor: 'admin@acme.example',
  requestId: 'req-1',
  at: 0,
  change: { kind: 'licences', subscriptionId: SUBSCRIPTION, before: 20, after: 25 },
};

function subscription(numberOfSeats: number): WorkspaceSubscription {
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

let store: PortalStore;
beforeEach(async () => {
  const opened = createSqliteStore(':memory:');
  await opened.migrate();
  store = opened.store;
});
afterEach(async () => {
  await store.close();
});

const states = async () =>
  (
    await store.listHistory({
      customerId: CUSTOMER,
      kinds: ['licences', 'licence-delegate', 'support-delegate'],
      olderThan: null,
      limit: 10,
    })
  ).map((record) => record.state);

describe('recordDone and recordFailure', () => {
  it('completes the intent with the state after the change', async () => {
    await recordDone(store, await store.recordIntent(intent), 25, log);
    expect(await states()).toEqual(['done']);
  });

  it('marks the intent failed when the provider refuses (4xx): never listed', async () => {
    const refusal = new ApiError(409, 'Member already exists.');
    await recordFailure(store, await store.recordIntent(intent), refusal, log);
    expect(await states()).toEqual([]);
    expect(await store.pendingChanges(CUSTOMER)).toEqual([]);
  });

  it('marks the intent unconfirmed when the provider could not confirm it (504 UNKNOWN)', async () => {
    const unknown = new ApiError(504, 'Not confirmed.', { status: 'UNKNOWN' });
    await recordFailure(store, await store.recordIntent(intent), unknown, log);
    expect(await states()).toEqual(['unconfirmed']);
  });

  it.each([
    ['a 5xx', new ApiError(503, 'Google is unavailable.')],
    ['a lost connection', new Error('socket hang up')],
  ])('leaves the intent pending after %s: it may have happened', async (_case, failure) => {
    await recordFailure(store, await store.recordIntent(intent), failure, log);
    expect(await states()).toEqual(['pending']);
  });
});

describe('verdictOf', () => {
  const record = { ...intent, id: 1, state: 'pending' as const };
  const delegate = (action: 'add' | 'delete') => ({
    ...record,
    change: {
      kind: 'support-delegate' as const,
      action,
      member: 'x@acme.example',
      before: [],
      after: null,
    },
  });

  /** Just after the change, well within the grace period. */
  const soon = { now: 1000, graceMs: 60_000 };

  it.each([
    ['the total is the intended one', 'done', { kind: 'seats', subscription: subscription(25) }],
    [
      'the total is still the old one',
      'unconfirmed',
      { kind: 'seats', subscription: subscription(20) },
    ],
    ['the total is another one', 'unconfirmed', { kind: 'seats', subscription: subscription(30) }],
    [
      'Google has given the subscription a new id, with the intended total',
      'done',
      { kind: 'seats', subscription: { ...subscription(25), subscriptionId: 'sub-acme-002' } },
    ],
    ['there is no subscription', null, { kind: 'seats', subscription: null }],
  ] as const)('licences: %s → %s', (_case, expected, now) => {
    expect(verdictOf(record, now, soon)?.state ?? null).toBe(expected);
  });

  it('licences: a total that never showed within the grace period → not-made, never failed', () => {
    const late = { now: 60_000, graceMs: 60_000 };
    expect(verdictOf(record, { kind: 'seats', subscription: subscription(20) }, late)).toEqual({
      state: 'not-made',
    });
    expect(verdictOf(record, { kind: 'seats', subscription: subscription(25) }, late)?.state).toBe(
      'done',
    );
  });

  it.each([
    ['add', ['x@acme.example'], 'done'],
    ['add', [], 'failed'],
    ['delete', [], 'done'],
    ['delete', ['x@acme.example'], 'failed'],
  ] as const)('delegates: %s with members %j → %s', (action, members, expected) => {
    expect(verdictOf(delegate(action), { kind: 'delegates', members })?.state).toBe(expected);
  });
});

describe('settlePending', () => {
  function providerWith(read: () => Promise<WorkspaceSubscription | null>): PortalProvider {
    return { findWorkspaceSubscription: read } as unknown as PortalProvider;
  }

  it('settles from the provider’s state', async () => {
    await store.recordIntent(intent);
    await settlePending(
      store,
      providerWith(async () => subscription(25)),
      CUSTOMER,
      log,
    );
    expect(await states()).toEqual(['done']);
  });

  it('leaves entries pending when the provider cannot be read', async () => {
    await store.recordIntent(intent);
    const unreadable = providerWith(async () => {
      throw new ApiError(503, 'Google is unavailable.');
    });
    await settlePending(store, unreadable, CUSTOMER, log);
    expect(await states()).toEqual(['pending']);
  });

  it('leaves entries pending while their key is held, and reads nothing for them', async () => {
    await store.recordIntent(intent);
    let reads = 0;
    const provider = providerWith(async () => {
      reads += 1;
      return subscription(20);
    });
    let release = () => {};
    const held = store.exclusive(
      seatsKey(CUSTOMER),
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await settlePending(store, provider, CUSTOMER, log);
    expect(reads).toBe(0);
    expect(await states()).toEqual(['pending']);
    release();
    await held;
    await settlePending(store, provider, CUSTOMER, log);
    expect(reads).toBe(1);
    // Written long before the grace period (at 0), and the total never showed.
    expect(await states()).toEqual(['not-made']);
  });
});
