import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadSqliteDriver } from '../providers/sandbox/sqliteDriver';

// One process per data folder (docs/deploy.md): the SQLite store and the sandbox serialise changes
// inside one process only, so a second portal on the same folder would lose purchases. The lock is
// SQLite's own exclusive lock on a file of its own: the operating system drops it when the process
// ends however it ends (no pid to go stale, even across containers on one volume), and portal.db
// itself stays open to SQLite's online backup.

export const LOCK_FILE = 'portal.lock';

/** Whether this process holds the folder's lock; release() lets another process take it. */
export interface DataFolderLock {
  release(): void;
}

/** Another process holds the lock on this data folder. */
export class DataFolderInUse extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another portal process is already running on the data folder ${dataDir} (it holds ${LOCK_FILE}). Run one process per data folder; for several instances, keep the portal store in PostgreSQL (DATABASE_URL) with PORTAL_PROVIDER=google (docs/deploy.md).`,
    );
    this.name = 'DataFolderInUse';
  }
}

const SQLITE_BUSY = /^SQLITE_BUSY/;

/** Takes the folder's lock at once or throws DataFolderInUse; held until release() or exit. */
export function lockDataFolder(dataDir: string): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const Database = loadSqliteDriver();
  // No waiting: a folder in use is refused at start, not queued behind the other process.
  const database = new Database(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    // In exclusive mode the first write takes the lock and keeps it until the connection closes.
    database.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (pid INTEGER); COMMIT');
  } catch (error) {
    database.close();
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && SQLITE_BUSY.test(code)) throw new DataFolderInUse(dataDir);
    throw error;
  }
  return { release: () => database.close() };
}
