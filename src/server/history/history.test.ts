import pino from 'pino';
import { ApiError } from '../apiError';
import { seatsKey } from './changeKeys';
import { recordDone, recordFailure } from './recordChange';
import { settleHeld, verdictOf } from './settle';
import {
  CUSTOMER,
  historyStates,
  licenceIntent,
  memoryStoreForTests,
  workspaceSubscription,
} from '../../testing/server/memoryStore';

// The intent, completion and settling rules on their own, with a provider that fails on demand.

const log = pino({ level: 'silent' });
const store = memoryStoreForTests();

describe('recordDone and recordFailure', () => {
  it('completes the licenceIntent with the state after the change', async () => {
    await recordDone(store, await store.recordIntent(licenceIntent), 25, log);
    expect(await historyStates(store)).toEqual(['done']);
  });

  it('marks the licenceIntent failed when the provider refuses (4xx): never listed', async () => {
    const refusal = new ApiError(409, 'Member already exists.');
    await recordFailure(store, await store.recordIntent(licenceIntent), refusal, log);
    expect(await historyStates(store)).toEqual([]);
    expect(await store.pendingChanges(CUSTOMER)).toEqual([]);
  });

  it('marks the licenceIntent unconfirmed when the provider could not confirm it (504 UNKNOWN)', async () => {
    const unknown = new ApiError(504, 'Not confirmed.', { status: 'UNKNOWN' });
    await recordFailure(store, await store.recordIntent(licenceIntent), unknown, log);
    expect(await historyStates(store)).toEqual(['unconfirmed']);
  });

  it.each([
    ['a 5xx', new ApiError(503, 'Google is unavailable.')],
    ['a lost connection', new Error('socket hang up')],
  ])('leaves the licenceIntent pending after %s: it may have happened', async (_case, failure) => {
    await recordFailure(store, await store.recordIntent(licenceIntent), failure, log);
    expect(await historyStates(store)).toEqual(['pending']);
  });
});

describe('verdictOf', () => {
  const record = { ...licenceIntent, id: 1, state: 'pending' as const };
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
    [
      'the total is the intended one',
      'done',
      { kind: 'seats', subscription: workspaceSubscription(25) },
    ],
    [
      'the total is still the old one',
      'unconfirmed',
      { kind: 'seats', subscription: workspaceSubscription(20) },
    ],
    [
      'the total is another one',
      'unconfirmed',
      { kind: 'seats', subscription: workspaceSubscription(30) },
    ],
    [
      'Google has given the subscription a new id, with the intended total',
      'done',
      {
        kind: 'seats',
        subscription: { ...workspaceSubscription(25), subscriptionId: 'sub-acme-002' },
      },
    ],
    ['there is no subscription', null, { kind: 'seats', subscription: null }],
  ] as const)('licences: %s → %s', (_case, expected, now) => {
    expect(verdictOf(record, now, soon)?.state ?? null).toBe(expected);
  });

  it('licences: a total that never showed within the grace period → not-made, never failed', () => {
    const late = { now: 60_000, graceMs: 60_000 };
    expect(
      verdictOf(record, { kind: 'seats', subscription: workspaceSubscription(20) }, late),
    ).toEqual({
      state: 'not-made',
    });
    expect(
      verdictOf(record, { kind: 'seats', subscription: workspaceSubscription(25) }, late)?.state,
    ).toBe('done');
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

describe('settleHeld walks the entries in order', () => {
  const second = { ...licenceIntent, requestId: 'req-2', at: 10 };
  const seen = async () => ({ kind: 'seats' as const, subscription: workspaceSubscription(25) });
  const soon = { now: 1000, graceMs: 60_000 };

  it("two purchases of the same total: Google's one change is the oldest one's; the other is not seen", async () => {
    await store.recordIntent(licenceIntent);
    await store.recordIntent(second);
    await settleHeld(store, CUSTOMER, seatsKey(CUSTOMER), seen, { clock: soon });
    expect(await historyStates(store)).toEqual(['unconfirmed', 'done']);
    expect((await store.countNotifications()).waiting).toBe(1);
  });

  it('the later one is not-made once its grace period is over, still never done', async () => {
    await store.recordIntent(licenceIntent);
    await store.recordIntent(second);
    await settleHeld(store, CUSTOMER, seatsKey(CUSTOMER), seen, {
      clock: { now: 60_010, graceMs: 60_000 },
    });
    expect(await historyStates(store)).toEqual(['not-made', 'done']);
    expect((await store.countNotifications()).waiting).toBe(1);
  });
});
