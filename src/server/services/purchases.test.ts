import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { withDeadline } from '../plugins/deadline';
import { SERVER_TEXT } from '../messages';
import type { PortalProvider } from '../providers/provider';
import { openSandbox, type Sandbox } from '../providers/sandbox';
import { memoryStoreForTests } from '../../testing/server/memoryStore';
import type { ChangeContext } from './changeLock';
import { addLicences } from './purchases';

// The change service is the one place of the seat rules and the lock (docs/architecture.md, "The
// life of a purchase"): what it refuses never reaches the provider's write, and leaves no entry.

const ACME = {
  customerId: 'C0acme001',
  customerDomain: 'acme.example',
  subscriptionId: 'sub-acme-001',
};
const FLEX = {
  customerId: 'C0flex001',
  customerDomain: 'flex.example',
  subscriptionId: 'sub-flex-001',
};
const PAUSED = {
  customerId: 'C0pause01',
  customerDomain: 'paused.example',
  subscriptionId: 'sub-pause-001',
};
const buyer = { actor: 'admin@acme.example', requestId: 'req-1', log: pino({ level: 'silent' }) };

let dataDir: string;
let sandbox: Sandbox;
const store = memoryStoreForTests();
let writes: number;
let context: ChangeContext;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'purchases-'));
  sandbox = await openSandbox({ dataDir });
  writes = 0;
  // Counts the provider's writes: a refused purchase must make none.
  const provider: PortalProvider = {
    ...sandbox.provider,
    changeSeats: (...args) => {
      writes += 1;
      return sandbox.provider.changeSeats(...args);
    },
  };
  context = { provider, store, now: Date.now };
});

afterEach(async () => {
  sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const acmeSeats = async () =>
  (await sandbox.provider.findWorkspaceSubscription(ACME.customerId))?.numberOfSeats;

const buy = (numberOfSeats: number, expectedNumberOfSeats?: number, held = ACME) =>
  addLicences(
    context,
    {
      customer: { customerId: held.customerId, customerDomain: held.customerDomain },
      subscriptionId: held.subscriptionId,
      numberOfSeats,
      ...(expectedNumberOfSeats === undefined ? {} : { expectedNumberOfSeats }),
    },
    buyer,
  );

it('buys on top of the total the buyer saw, with its history entry done', async () => {
  await expect(buy(25, 20)).resolves.toMatchObject({ numberOfSeats: 25 });
  expect(writes).toBe(1);
  expect(await store.pendingChanges(ACME.customerId)).toEqual([]);
  const [entry] = await store.listHistory({
    customerId: ACME.customerId,
    kinds: ['licences'],
    olderThan: null,
    limit: 1,
  });
  expect(entry).toMatchObject({ state: 'done', change: { before: 20, after: 25 } });
});

it.each([
  ['the same total', 20, 20, ACME, 400, 'INVALID_ARGUMENT'],
  ['a lower total', 19, 20, ACME, 400, 'INVALID_ARGUMENT'],
  ['a fractional total', 20.5, 20, ACME, 400, 'INVALID_ARGUMENT'],
  ['a total above the maximum', 51, 20, ACME, 400, 'INVALID_ARGUMENT'],
  ['a stale expected total', 25, 19, ACME, 409, 'ABORTED'],
  ['a Flexible plan', 11, 10, FLEX, 400, 'INVALID_ARGUMENT'],
  ['a suspended subscription', 16, 15, PAUSED, 400, 'FAILED_PRECONDITION'],
] as const)(
  'refuses %s before any write, and records nothing',
  async (_case, total, seen, customer, code, status) => {
    await expect(buy(total, seen, customer)).rejects.toMatchObject({ code, status });
    expect(writes).toBe(0);
    expect(await acmeSeats()).toBe(20);
    expect(await store.pendingChanges(customer.customerId)).toEqual([]);
  },
);

it('names why a suspended subscription buys nothing', async () => {
  await expect(buy(16, 15, PAUSED)).rejects.toThrow(
    SERVER_TEXT.subscriptionSuspended('the reseller suspended it'),
  );
});

it('applies exactly one of two concurrent adds from the same total', async () => {
  const results = await Promise.allSettled([buy(22, 20), buy(23, 20)]);
  const refused = results.filter((result) => result.status === 'rejected');
  expect(refused).toEqual([
    expect.objectContaining({ reason: expect.objectContaining({ code: 409 }) }),
  ]);
  expect(writes).toBe(1);
  expect([22, 23]).toContain(await acmeSeats());
});

it('changes nothing for a request whose deadline passed while it waited for the lock', async () => {
  let release = () => {};
  const held = store.exclusive(
    `seats:${ACME.customerId}`,
    () => new Promise<void>((resolve) => (release = resolve)),
  );
  const late = withDeadline(1, () => buy(25, 20));
  await new Promise((resolve) => setTimeout(resolve, 20));
  release();
  await held;
  await expect(late).rejects.toMatchObject({ code: 504, status: 'DEADLINE_EXCEEDED' });
  expect(writes).toBe(0);
  expect(await store.pendingChanges(ACME.customerId)).toEqual([]);
});

it('writes nothing when the intent cannot be recorded', async () => {
  context = {
    ...context,
    store: { ...store, recordIntent: () => Promise.reject(new Error('disk full')) },
  };
  await expect(buy(25, 20)).rejects.toThrow('disk full');
  expect(writes).toBe(0);
  expect(await acmeSeats()).toBe(20);
});
