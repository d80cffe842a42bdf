import { tmpdir } from 'node:os';
import { Client } from 'pg';
import { storeBackendsForTests, type StoreBackend } from '../../testing/server/storeBackends';
import { SESSION_LIFETIME_MS } from '../../contract/limits';
import { openPortalStore } from './openStore';
import type { HistoryIntent, PortalStore } from './portalStore';

// The store contract: the same cases on SQLite (a file in the data directory) and on a real
// PostgreSQL 18, which this suite starts and stops itself.

// Each case creates a database on a shared machine: a generous bound, not a speed requirement.
jest.setTimeout(30_000);

const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);
const HOUR = 3_600_000;

function licenceIntent(customerId: string, before: number, after: number, at = NOW): HistoryIntent {
  return {
    customerId,
    actor: 'admin@acme.example',
    requestId: `req-${before}-${after}`,
    at,
    change: { kind: 'licences', subscriptionId: 'sub-acme-001', before, after },
  };
}

function delegateIntent(member: string, action: 'add' | 'delete'): HistoryIntent {
  return {
    customerId: 'C0acme001',
    actor: 'admin@acme.example',
    requestId: `req-${member}`,
    at: NOW,
    change: {
      kind: 'licence-delegate',
      action,
      member,
      before: ['licences@acme.example'],
      after: null,
    },
  };
}

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

const { backends, postgres, createPostgresDatabase, afterTest } = storeBackendsForTests(
  'store',
  NOW,
);

describe.each(backends)('the portal store on %s', (_name, makeBackend) => {
  let backend: StoreBackend;
  let store: PortalStore;
  const open = () => backend.open();
  beforeEach(async () => {
    backend = await makeBackend();
    store = await open();
  });

  describe('session revocations', () => {
    it('knows a revoked session at once and keeps it across a reopen', async () => {
      expect(await store.isSessionRevoked('sid-1')).toBe(false);
      await store.revokeSession('sid-1', NOW + HOUR, NOW);
      expect(await store.isSessionRevoked('sid-1')).toBe(true);
      expect(await store.isSessionRevoked('sid-2')).toBe(false);
      // Signing out twice is no error.
      await store.revokeSession('sid-1', NOW + HOUR, NOW);
      const again = await open();
      expect(await again.isSessionRevoked('sid-1')).toBe(true);
    });

    it('sweeps the records of sessions that have expired anyway, and only those', async () => {
      await store.revokeSession('old', NOW + HOUR, NOW);
      await store.revokeSession('new', NOW + 2 * HOUR, NOW);
      expect(await store.sweepRevocations(NOW + HOUR - 1)).toBe(0);
      expect(await store.sweepRevocations(NOW + HOUR)).toBe(1);
      expect(await store.isSessionRevoked('old')).toBe(false);
      expect(await store.isSessionRevoked('new')).toBe(true);
      // A sign-out sweeps too.
      await store.revokeSession('later', NOW + 4 * HOUR, NOW + 3 * HOUR);
      expect(await store.isSessionRevoked('new')).toBe(false);
      expect(await store.isSessionRevoked('later')).toBe(true);
    });

    it("ends every session of a person issued until their sign-out, and no one else's", async () => {
      const person = 'admin@acme.example';
      const standing = (sessionId: string, issuedAt: number, who = person) => ({
        sessionId,
        person: who,
        issuedAt,
      });
      expect(await store.isSessionEnded(standing('office', NOW))).toBe(false);
      expect(await store.personSignedOutAt(person)).toBeNull();

      await store.signOutPerson(person, NOW);
      expect(await store.personSignedOutAt(person)).toBe(NOW);
      expect(await store.isSessionEnded(standing('office', NOW - HOUR / 2))).toBe(true);
      expect(await store.isSessionEnded(standing('home', NOW))).toBe(true);
      expect(await store.isSessionEnded(standing('next', NOW + 1))).toBe(false);
      expect(await store.isSessionEnded(standing('other', NOW, 'staff@acme.example'))).toBe(false);
      // A revocation by id ends that one session whatever its issue time.
      await store.revokeSession('next', NOW + HOUR, NOW);
      expect(await store.isSessionEnded(standing('next', NOW + 1))).toBe(true);

      // An older sign-out (another instance's clock behind) never moves the 'not before' back.
      await store.signOutPerson(person, NOW - 1000);
      expect(await store.personSignedOutAt(person)).toBe(NOW);
      await store.signOutPerson(person, NOW + 2000);
      expect(await store.personSignedOutAt(person)).toBe(NOW + 2000);
      expect(await (await open()).isSessionEnded(standing('later', NOW + 2000))).toBe(true);
    });

    it('sweeps a sign-out once every session it ended would have expired', async () => {
      await store.signOutPerson('admin@acme.example', NOW);
      expect(await store.sweepRevocations(NOW + SESSION_LIFETIME_MS - 1)).toBe(0);
      expect(await store.sweepRevocations(NOW + SESSION_LIFETIME_MS)).toBe(1);
      expect(await store.personSignedOutAt('admin@acme.example')).toBeNull();
    });
  });

  describe('change history', () => {
    it('writes intents as pending, completes or fails them, and lists newest first', async () => {
      const first = await store.recordIntent(licenceIntent('C0acme001', 20, 25));
      const second = await store.recordIntent(delegateIntent('x@acme.example', 'add'));
      const third = await store.recordIntent(licenceIntent('C0acme001', 25, 26));
      expect(second).toBeGreaterThan(first);
      expect(third).toBeGreaterThan(second);
      expect((await store.pendingChanges('C0acme001')).map((record) => record.id)).toEqual([
        first,
        second,
        third,
      ]);

      await store.completeChange(first, 25);
      await store.completeChange(second, ['licences@acme.example', 'x@acme.example']);
      await store.failChange(third);

      expect(await store.pendingChanges('C0acme001')).toEqual([]);
      const listed = await store.listHistory({
        customerId: 'C0acme001',
        kinds: ['licences', 'licence-delegate', 'support-delegate'],
        olderThan: null,
        limit: 10,
      });
      expect(listed).toEqual([
        {
          id: second,
          state: 'done',
          ...delegateIntent('x@acme.example', 'add'),
          change: {
            kind: 'licence-delegate',
            action: 'add',
            member: 'x@acme.example',
            before: ['licences@acme.example'],
            after: ['licences@acme.example', 'x@acme.example'],
          },
        },
        { id: first, state: 'done', ...licenceIntent('C0acme001', 20, 25), charge: null },
      ]);
    });

    it('lists pending entries too, filters by kind and customer, and pages by id', async () => {
      const ids: number[] = [];
      for (let seats = 20; seats < 25; seats += 1) {
        ids.push(await store.recordIntent(licenceIntent('C0acme001', seats, seats + 1)));
      }
      await store.recordIntent(delegateIntent('y@acme.example', 'delete'));
      await store.recordIntent(licenceIntent('C0flex001', 10, 11));

      const licences = { customerId: 'C0acme001', kinds: ['licences'] as const, limit: 2 };
      const page1 = await store.listHistory({ ...licences, olderThan: null });
      expect(page1.map((record) => record.id)).toEqual([ids[4], ids[3]]);
      expect(page1.every((record) => record.state === 'pending')).toBe(true);
      const page2 = await store.listHistory({ ...licences, olderThan: ids[3] ?? 0 });
      expect(page2.map((record) => record.id)).toEqual([ids[2], ids[1]]);
      const page3 = await store.listHistory({ ...licences, olderThan: ids[1] ?? 0 });
      expect(page3.map((record) => record.id)).toEqual([ids[0]]);

      const delegates = await store.listHistory({
        customerId: 'C0acme001',
        kinds: ['licence-delegate', 'support-delegate'],
        olderThan: null,
        limit: 10,
      });
      expect(delegates.map((record) => record.change.kind)).toEqual(['licence-delegate']);
      const flex = await store.pendingChanges('C0flex001');
      expect(flex.map((record) => record.customerId)).toEqual(['C0flex001']);
      expect(
        await store.listHistory({ customerId: 'C0acme001', kinds: [], olderThan: null, limit: 5 }),
      ).toEqual([]);
    });

    it("lists every customer's unsettled entries oldest first, for the settlement worker", async () => {
      const acme = await store.recordIntent(licenceIntent('C0acme001', 20, 21));
      const flex = await store.recordIntent(licenceIntent('C0flex001', 10, 11));
      const done = await store.recordIntent(licenceIntent('C0acme001', 21, 22));
      await store.markChange(flex, 'unconfirmed');
      await store.completeChange(done, 22);
      expect((await store.unsettledChanges()).map((record) => [record.id, record.state])).toEqual([
        [acme, 'pending'],
        [flex, 'unconfirmed'],
      ]);
    });

    it('keeps totals up to the largest safe integer exactly', async () => {
      const huge = Number.MAX_SAFE_INTEGER;
      const id = await store.recordIntent(licenceIntent('C0acme001', huge - 1, huge));
      await store.completeChange(id, huge);
      const [record] = await store.listHistory({
        customerId: 'C0acme001',
        kinds: ['licences'],
        olderThan: null,
        limit: 1,
      });
      expect(record?.change).toMatchObject({ before: huge - 1, after: huge });
    });

    it('keeps a purchase’s charge exactly, in integer minor units, for the history and the event', async () => {
      const charge = {
        currency: 'KWD',
        unitPriceMinor: 45125,
        seats: 2,
        period: 'year' as const,
        amountMinor: Number.MAX_SAFE_INTEGER,
        termEnd: '2027-01-01',
        priceVersion: 'sha256:0123456789ab',
      };
      const id = await store.recordIntent({ ...licenceIntent('C0acme001', 20, 22), charge });
      expect((await store.pendingChanges('C0acme001'))[0]?.charge).toEqual(charge);
      await store.completeChange(id, 22);
      const [record] = await store.listHistory({
        customerId: 'C0acme001',
        kinds: ['licences'],
        olderThan: null,
        limit: 1,
      });
      expect(record?.charge).toEqual(charge);
      const [notification] = await store.takeNotifications({
        worker: 'w1',
        now: NOW,
        leaseMs: HOUR,
        limit: 1,
      });
      expect(notification?.event.charge).toEqual(charge);
    });

    it('answers no charge for a purchase recorded without one, or before the charge was kept', async () => {
      await store.recordIntent({ ...licenceIntent('C0acme001', 20, 21), charge: null });
      // A row of an older portal: migration 0005's price as JSON, no charge columns.
      await backend.exec(
        `INSERT INTO history (customer_id, kind, state, actor, request_id, at, subscription_id, seats_before, seats_after, price) VALUES ('C0acme001', 'licences', 'done', 'admin@acme.example', 'req-old', ${NOW}, 'sub-acme-001', 21, 22, '{"seatPrice":14.4}')`,
      );
      const records = await store.listHistory({
        customerId: 'C0acme001',
        kinds: ['licences'],
        olderThan: null,
        limit: 10,
      });
      expect(records.map((record) => [record.change, record.charge])).toEqual([
        [expect.objectContaining({ before: 21, after: 22 }), null],
        [expect.objectContaining({ before: 20, after: 21 }), null],
      ]);
    });

    it('keeps the history across a reopen, and migrating again changes nothing', async () => {
      const id = await store.recordIntent(licenceIntent('C0acme001', 20, 30));
      const again = await open();
      expect((await again.pendingChanges('C0acme001')).map((record) => record.id)).toEqual([id]);
      expect(await again.recordIntent(licenceIntent('C0acme001', 30, 31))).toBeGreaterThan(id);
    });
  });

  describe("people's time zones", () => {
    it('keeps the zone a browser named last, by address in any case, across a reopen', async () => {
      await expect(store.timeZoneOf('licences@acme.example')).resolves.toBeNull();
      await store.rememberTimeZone('Licences@acme.example', 'Europe/Paris', NOW);
      await store.rememberTimeZone('licences@acme.example', 'America/New_York', NOW + HOUR);
      await store.rememberTimeZone('admin@acme.example', 'Asia/Tokyo', NOW);
      const again = await open();
      await expect(again.timeZoneOf('LICENCES@acme.example')).resolves.toBe('America/New_York');
      await expect(again.timeZoneOf('admin@acme.example')).resolves.toBe('Asia/Tokyo');
    });
  });

  describe('change locks', () => {
    it('runs work on one key one at a time, and other keys alongside', async () => {
      const order: string[] = [];
      const gate = deferred();
      const entered = deferred();
      const first = store.exclusive('seats:a', async () => {
        order.push('first starts');
        entered.resolve();
        await gate.promise;
        order.push('first ends');
        return 1;
      });
      const second = store.exclusive('seats:a', async () => {
        order.push('second runs');
        return 2;
      });
      await entered.promise;
      const other = await store.exclusive('seats:b', async () => {
        order.push('other key runs');
        return 3;
      });
      expect(other).toBe(3);
      expect(await store.ifFree('seats:a', async () => 'ran')).toEqual({ ran: false });
      gate.resolve();
      expect(await Promise.all([first, second])).toEqual([1, 2]);
      expect(order).toEqual(['first starts', 'other key runs', 'first ends', 'second runs']);
      expect(await store.ifFree('seats:a', async () => 'ran')).toEqual({ ran: true, value: 'ran' });
    });

    it('releases a key when the work throws', async () => {
      await expect(
        store.exclusive('seats:a', async () => {
          throw new Error('provider refused');
        }),
      ).rejects.toThrow('provider refused');
      expect(await store.exclusive('seats:a', async () => 'next')).toBe('next');
    });

    it('keeps what the work wrote when it throws afterwards', async () => {
      await expect(
        store.exclusive('seats:a', async () => {
          await store.recordIntent(licenceIntent('C0acme001', 20, 21));
          throw new Error('the process would die here');
        }),
      ).rejects.toThrow();
      expect(await store.pendingChanges('C0acme001')).toHaveLength(1);
    });
  });
});

describe('two instances on one PostgreSQL', () => {
  let databaseUrl: string;
  const openInstance = async () => {
    const opened = await openPortalStore({ dataDir: tmpdir(), databaseUrl }, NOW);
    afterTest(() => opened.close());
    return opened;
  };
  beforeEach(async () => {
    databaseUrl = await createPostgresDatabase();
  });

  it('migrate together on an empty database without a conflict', async () => {
    const [one, two] = await Promise.all([openInstance(), openInstance()]);
    await one.revokeSession('sid', NOW + HOUR, NOW);
    expect(await two.isSessionRevoked('sid')).toBe(true);
    await one.signOutPerson('admin@acme.example', NOW);
    expect(
      await two.isSessionEnded({ sessionId: 'x', person: 'admin@acme.example', issuedAt: NOW }),
    ).toBe(true);
  });

  it('serialise one key across instances, and see each other’s holds', async () => {
    const one = await openInstance();
    const two = await openInstance();
    const gate = deferred();
    const entered = deferred();
    const order: string[] = [];
    const first = one.exclusive('seats:C0acme001:sub-acme-001', async () => {
      order.push('one holds');
      entered.resolve();
      await gate.promise;
      order.push('one releases');
    });
    await entered.promise;
    expect(await two.ifFree('seats:C0acme001:sub-acme-001', async () => 'ran')).toEqual({
      ran: false,
    });
    expect(await two.ifFree('seats:C0flex001:sub-flex-001', async () => 'ran')).toEqual({
      ran: true,
      value: 'ran',
    });
    const second = two.exclusive('seats:C0acme001:sub-acme-001', async () => {
      order.push('two holds');
    });
    // Give the second instance time to reach PostgreSQL and wait there.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['one holds']);
    gate.resolve();
    await Promise.all([first, second]);
    expect(order).toEqual(['one holds', 'one releases', 'two holds']);
  });

  it('lets a second instance take a key the moment the holder’s connection dies', async () => {
    const one = await openInstance();
    const two = await openInstance();
    const entered = deferred();
    const gate = deferred();
    const holding = one
      .exclusive('seats:k', async () => {
        entered.resolve();
        await gate.promise;
        return 'committed';
      })
      .catch(() => 'connection ended');
    await entered.promise;
    expect(await two.ifFree('seats:k', async () => 'ran')).toEqual({ ran: false });
    // What a killed process does to its connections: PostgreSQL ends its transactions and locks.
    await terminateLockHolders(databaseUrl);
    expect(await two.exclusive('seats:k', async () => 'taken')).toBe('taken');
    gate.resolve();
    await expect(holding).resolves.toBe('connection ended');
    // The instance that lost its connection carries on with new ones.
    expect(await one.exclusive('seats:k', async () => 'again')).toBe('again');
  });
});

/** Ends the backends holding a lock transaction open, as the crash of their process would. */
async function terminateLockHolders(databaseUrl: string): Promise<void> {
  const admin = new Client({ connectionString: postgres().url });
  await admin.connect();
  try {
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = $1 AND state = 'idle in transaction'`,
      [new URL(databaseUrl).pathname.slice(1)],
    );
  } finally {
    await admin.end();
  }
}
