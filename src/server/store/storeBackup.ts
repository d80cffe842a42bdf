import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadSqliteDriver } from '../providers/sandbox/sqliteDriver';
import { STORE_FILE, type StoreLocation } from './openStore';

// `npm run store:backup -- <file>` (docs/deploy.md, Backups of the store): a consistent copy of the
// SQLite portal store through SQLite's online backup, safe while the portal runs (its lock is on
// portal.lock, not portal.db). A PostgreSQL store is backed up with pg_dump instead.

/** A backup the script will not take; the message says why and what to do. */
export class StoreBackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreBackupRefused';
  }
}

export const BACKUP_USAGE = 'Usage: npm run store:backup -- <backup file>';

/** The store's location: portal.db in dataDir is copied; with a databaseUrl it is PostgreSQL's, not ours. */
export interface BackupRequest extends StoreLocation {
  /** Where the copy goes; never an existing file. */
  file: string | undefined;
}

export interface BackupTaken {
  store: string;
  file: string;
  pages: number;
}

/** Copies the live store to `file`, or throws StoreBackupRefused before touching anything. */
export async function backupStore(request: BackupRequest): Promise<BackupTaken> {
  const file = request.file?.trim();
  if (file === undefined || file === '') throw new StoreBackupRefused(BACKUP_USAGE);
  if (request.databaseUrl !== null && request.databaseUrl.trim() !== '') {
    throw new StoreBackupRefused(
      'DATABASE_URL is set: the portal store is in PostgreSQL, so back it up with pg_dump (docs/deploy.md, Backups of the store).',
    );
  }
  const store = path.join(request.dataDir, STORE_FILE);
  if (!existsSync(store)) {
    throw new StoreBackupRefused(
      `There is no portal store in ${request.dataDir} (no ${STORE_FILE}); set PORTAL_DATA_DIR to the portal's data folder.`,
    );
  }
  const target = path.resolve(file);
  if (existsSync(target)) {
    throw new StoreBackupRefused(
      `${target} already exists; name a new file, so that no earlier backup is overwritten.`,
    );
  }
  const Database = loadSqliteDriver();
  const database = new Database(store, { fileMustExist: true });
  try {
    const { totalPages } = await database.backup(target);
    return { store, file: target, pages: totalPages };
  } catch (error) {
    // A backup that stopped half-way is no backup: leave no file that looks like one.
    rmSync(target, { force: true });
    throw error;
  } finally {
    database.close();
  }
}
