import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  OPERATOR_COMMAND_TIMEOUT_MS as SCRIPT_TIMEOUT_MS,
  runOperatorCommand,
} from '../../testing/server/operatorCommand';
import { recordCompletedPurchase } from '../../testing/server/storeBackends';
import { openPortalStore } from '../store/openStore';

// `npm run outbox:resend -- <eventId>` and `-- --failed` (docs/notifications.md, Operators) put
// failed notifications back in the queue of the store the portal would use, with the same event id
// (scripts/outbox-resend.js, run through npm as an operator runs it).

const AT = Date.UTC(2030, 0, 15, 9);

let work: string;
let dataDir: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-outbox-resend-'));
  dataDir = path.join(work, '.data');
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Writes `count` purchases whose notifications failed; their event ids. */
async function failedEvents(count: number): Promise<string[]> {
  const store = await openPortalStore({ dataDir, databaseUrl: null }, AT);
  try {
    for (let index = 0; index < count; index += 1) {
      await recordCompletedPurchase(store, AT, `req-${index}`);
    }
    const taken = await store.takeNotifications({
      worker: 'w1',
      now: Date.now(),
      leaseMs: 60_000,
      limit: count,
    });
    for (const { event } of taken) {
      await store.finishNotification(event.id, 'w1', {
        state: 'failed',
        deliveredChannels: [],
        nextAttemptAt: Date.now(),
        lastError: 'webhook: webhook answered 500',
      });
    }
    return taken.map(({ event }) => event.id);
  } finally {
    await store.close();
  }
}

function resend(...args: string[]) {
  return runOperatorCommand({ npmScript: 'outbox:resend' }, args, {
    env: { PORTAL_DATA_DIR: dataDir },
  });
}

/** The store's rows: waiting ones with their attempts, and the failed ones' ids. */
async function outboxState() {
  const store = await openPortalStore({ dataDir, databaseUrl: null }, AT);
  try {
    const failed = (await store.failedNotifications()).map(({ event }) => event.id).sort();
    const waiting = await store.takeNotifications({
      worker: 'w2',
      now: Date.now() + 1000,
      leaseMs: 60_000,
      limit: 10,
    });
    return {
      failed,
      waiting: waiting.map(({ event, attempts }) => ({ id: event.id, attempts })),
    };
  } finally {
    await store.close();
  }
}

it(
  'puts one failed event back by its id, then every failed one, with the same ids',
  async () => {
    const [first = '', ...others] = await failedEvents(3);
    const one = resend(first);
    expect({ status: one.status, stderr: one.stderr }).toEqual({ status: 0, stderr: '' });
    expect(one.stdout).toBe(`${first} back in the queue\n`);
    // Taken afresh: its first attempt of a new window.
    expect(await outboxState()).toEqual({
      failed: [...others].sort(),
      waiting: [{ id: first, attempts: 1 }],
    });

    const all = resend('--failed');
    expect(all.status).toBe(0);
    expect(all.stdout.trim().split('\n').sort()).toEqual(
      others.map((id) => `${id} back in the queue`).sort(),
    );
    expect((await outboxState()).failed).toEqual([]);
  },
  3 * SCRIPT_TIMEOUT_MS,
);

it(
  'says so and fails for an id that is not a failed event, and without arguments',
  async () => {
    await failedEvents(1);
    const unknown = resend('6c2a0d51-3a7e-4b0c-9a55-0c8f1f7e4d21');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('No failed notification 6c2a0d51-3a7e-4b0c-9a55-0c8f1f7e4d21.\n');
    const none = resend();
    expect(none.status).toBe(1);
    expect(none.stderr).toBe('Usage: npm run outbox:resend -- <eventId> | --failed\n');
  },
  3 * SCRIPT_TIMEOUT_MS,
);
