import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  OPERATOR_COMMAND_TIMEOUT_MS as SCRIPT_TIMEOUT_MS,
  runOperatorCommand,
} from '../testing/server/operatorCommand';
import { openPortalStore } from './store/openStore';

// `npm run sandbox:set-seats -- <subscriptionId> <total>` changes a sandbox total as Google's console
// would, and `npm run ledger:reconcile` finds it once (docs/api.md, Reconciliation): both run through
// npm as an operator runs them, on a data folder of the test's own.

let work: string;
let dataDir: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-ledger-reconcile-'));
  dataDir = path.join(work, '.data');
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function run(script: string, args: string[] = [], env: Record<string, string> = {}) {
  return runOperatorCommand({ npmScript: script }, args, {
    env: { PORTAL_DATA_DIR: dataDir, ...env },
  });
}

it(
  'records a total set as the console would once, printing one line for it and a summary',
  async () => {
    const first = run('ledger:reconcile');
    expect(first).toMatchObject({ status: 0, stderr: '' });
    expect(first.stdout).toMatch(
      /^Compared (\d+) subscriptions: 0 changed outside the portal, \1 new to the ledger, 0 left to settlement\.\n$/,
    );

    expect(run('sandbox:set-seats', ['sub-acme-001', '23'])).toEqual({
      status: 0,
      stdout: 'sub-acme-001 (C0acme001): 20 → 23 licenses\n',
      stderr: '',
    });

    const second = run('ledger:reconcile');
    expect(second).toMatchObject({ status: 0, stderr: '' });
    expect(second.stdout).toMatch(
      /^sub-acme-001 \(acme\.example, C0acme001\): 20 → 23\nCompared \d+ subscriptions: 1 changed outside the portal, 0 new to the ledger, 0 left to settlement\.\n$/,
    );
    const store = await openPortalStore({ dataDir, databaseUrl: null }, Date.now());
    try {
      expect(await store.eventsAfter({ after: 0, limit: 10 })).toEqual([
        expect.objectContaining({ type: 'seats.changed-outside', before: 20, after: 23 }),
      ]);
    } finally {
      await store.close();
    }

    const third = run('ledger:reconcile');
    expect(third.stdout).toMatch(
      /^Compared \d+ subscriptions: 0 changed outside the portal, 0 new/,
    );
  },
  4 * SCRIPT_TIMEOUT_MS,
);

it(
  'refuses an unknown subscription, a total that is not a whole number or below the assigned, and no arguments',
  () => {
    expect(run('sandbox:set-seats', ['sub-none-001', '23'])).toEqual({
      status: 1,
      stdout: '',
      stderr: 'The sandbox has no subscription sub-none-001.\n',
    });
    expect(run('sandbox:set-seats', ['sub-acme-001', '2.5'])).toMatchObject({
      status: 1,
      stderr: "The total must be a whole number of licenses; got '2.5'.\n",
    });
    expect(run('sandbox:set-seats', ['sub-acme-001', '16'])).toMatchObject({
      status: 1,
      stderr: 'sub-acme-001 has 17 licenses assigned; its total cannot be below that.\n',
    });
    expect(run('sandbox:set-seats')).toMatchObject({
      status: 1,
      stderr: 'Usage: npm run sandbox:set-seats -- <subscriptionId> <total>\n',
    });
  },
  4 * SCRIPT_TIMEOUT_MS,
);

it(
  'says why and exits 1 when the store cannot be read',
  () => {
    const failed = run('ledger:reconcile', [], { DATABASE_URL: 'postgres://127.0.0.1:1/portal' });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(/^Could not reconcile: .+\n$/);
  },
  SCRIPT_TIMEOUT_MS,
);
