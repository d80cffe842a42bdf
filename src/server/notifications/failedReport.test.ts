import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  OPERATOR_COMMAND_TIMEOUT_MS as SCRIPT_TIMEOUT_MS,
  runOperatorCommand,
} from '../../testing/server/operatorCommand';
import { recordCompletedPurchase } from '../../testing/server/storeBackends';
import { openPortalStore } from '../store/openStore';

// `npm run outbox:failed` (docs/notifications.md, Delivery) lists the failed rows of the store the
// portal started in the same folder with the same environment would use.

const AT = Date.UTC(2030, 0, 15, 9);
const LEASE_MS = 60_000;

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-outbox-failed-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** A store in `dataDir` with one purchase whose notification ran out of attempts; its event id. */
async function storeWithFailedNotification(dataDir: string): Promise<string> {
  const store = await openPortalStore({ dataDir, databaseUrl: null }, AT);
  try {
    await recordCompletedPurchase(store, AT, 'req-failed');
    const [entry] = await store.takeNotifications({
      worker: 'w1',
      now: Date.now(),
      leaseMs: LEASE_MS,
      limit: 1,
    });
    const eventId = entry?.event.id ?? '';
    await store.finishNotification(eventId, 'w1', {
      state: 'failed',
      deliveredChannels: [],
      nextAttemptAt: Date.now(),
      lastError: 'webhook: webhook answered 500',
    });
    return eventId;
  } finally {
    await store.close();
  }
}

it(
  'reads PORTAL_DATA_DIR and DATABASE_URL as the portal does: blank is unset, so .data in the folder it runs from',
  async () => {
    const eventId = await storeWithFailedNotification(path.join(work, '.data'));
    const run = runOperatorCommand({ scriptFile: 'outbox-failed.js' }, [], {
      env: { PORTAL_DATA_DIR: ' ', DATABASE_URL: ' ' },
      cwd: work,
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain(
      `${eventId} licences.added acme.example 2030-01-15T09:00:00.000Z attempts=1 last error: webhook: webhook answered 500`,
    );
  },
  SCRIPT_TIMEOUT_MS,
);
