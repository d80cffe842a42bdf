import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  OPERATOR_COMMAND_TIMEOUT_MS as SCRIPT_TIMEOUT_MS,
  runOperatorCommand,
} from '../../testing/server/operatorCommand';
import { lockDataFolder } from './dataFolderLock';
import { openPortalStore, STORE_FILE } from './openStore';
import type { PortalStore } from './portalStore';
import { BACKUP_USAGE, backupStore } from './storeBackup';

// `npm run store:backup -- <file>` (docs/deploy.md, Backups of the store): a copy of the live SQLite
// store that restores as docs/deploy.md says, and clear refusals that leave everything as it was.

const AT = Date.UTC(2030, 0, 15, 9);

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function runScript(args: string[], env: NodeJS.ProcessEnv, cwd?: string) {
  return runOperatorCommand({ scriptFile: 'store-backup.js' }, args, { env, cwd });
}

async function licenceAdd(store: PortalStore, requestId: string): Promise<number> {
  const id = await store.recordIntent({
    customerId: 'C0acme001',
    actor: 'admin@acme.example',
    requestId,
    at: AT,
    change: { kind: 'licences', subscriptionId: 'sub-acme-001', before: 20, after: 25 },
  });
  await store.completeChange(id, 25);
  return id;
}

const licenceHistory = (store: PortalStore) =>
  store.listHistory({ customerId: 'C0acme001', kinds: ['licences'], olderThan: null, limit: 10 });

it(
  'copies a live store that a fresh data folder restores, history entry included',
  async () => {
    const live = path.join(work, 'live');
    const lock = lockDataFolder(live);
    const store = await openPortalStore({ dataDir: live, databaseUrl: null }, AT);
    try {
      await licenceAdd(store, 'req-before-backup');
      const backup = path.join(work, 'portal-backup.db');
      const run = runScript([backup], { PORTAL_DATA_DIR: live });
      expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
      expect(run.stdout).toContain(`Store backed up: ${path.join(live, STORE_FILE)} to ${backup}`);
      // Written after the copy: not in it.
      await licenceAdd(store, 'req-after-backup');

      const restored = path.join(work, 'restored');
      mkdirSync(restored);
      copyFileSync(backup, path.join(restored, STORE_FILE));
      const restoredStore = await openPortalStore({ dataDir: restored, databaseUrl: null }, AT);
      try {
        expect(await licenceHistory(restoredStore)).toEqual([
          expect.objectContaining({
            requestId: 'req-before-backup',
            state: 'done',
            change: { kind: 'licences', subscriptionId: 'sub-acme-001', before: 20, after: 25 },
          }),
        ]);
      } finally {
        await restoredStore.close();
      }
    } finally {
      await store.close();
      lock.release();
    }
  },
  SCRIPT_TIMEOUT_MS,
);

it(
  'refuses without a backup file, with the usage',
  () => {
    const run = runScript([], { PORTAL_DATA_DIR: work });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim()).toBe(BACKUP_USAGE);
  },
  SCRIPT_TIMEOUT_MS,
);

it(
  'reads PORTAL_DATA_DIR as the portal does: blank is unset, so .data in the folder it runs from',
  async () => {
    const dataDir = path.join(work, '.data');
    const store = await openPortalStore({ dataDir, databaseUrl: null }, AT);
    await store.close();
    const file = path.join(work, 'copy.db');
    const run = runScript([file], { PORTAL_DATA_DIR: ' ', DATABASE_URL: ' ' }, work);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Store backed up: ${path.join(dataDir, STORE_FILE)} to ${file}`);
  },
  SCRIPT_TIMEOUT_MS,
);

it('refuses a PostgreSQL store, pointing to pg_dump', async () => {
  await expect(
    backupStore({
      dataDir: work,
      databaseUrl: 'postgres://portal:secret@db.internal:5432/portal',
      file: path.join(work, 'copy.db'),
    }),
  ).rejects.toThrow(
    'DATABASE_URL is set: the portal store is in PostgreSQL, so back it up with pg_dump (docs/deploy.md, Backups of the store).',
  );
});

it('refuses when the data folder has no store, and writes nothing', async () => {
  const file = path.join(work, 'copy.db');
  await expect(backupStore({ dataDir: work, databaseUrl: null, file })).rejects.toThrow(
    `There is no portal store in ${work} (no ${STORE_FILE}); set PORTAL_DATA_DIR to the portal's data folder.`,
  );
  expect(() => readFileSync(file)).toThrow();
});

it('refuses to overwrite an existing file, and leaves it as it was', async () => {
  const store = await openPortalStore({ dataDir: work, databaseUrl: null }, AT);
  await store.close();
  const file = path.join(work, 'earlier-backup.db');
  writeFileSync(file, 'an earlier backup');
  await expect(backupStore({ dataDir: work, databaseUrl: null, file })).rejects.toThrow(
    `${file} already exists; name a new file, so that no earlier backup is overwritten.`,
  );
  expect(readFileSync(file, 'utf8')).toBe('an earlier backup');
});
