#!/usr/bin/env node
// `npm run store:backup -- <file>`: a consistent copy of the SQLite portal store in PORTAL_DATA_DIR
// (read as the portal reads it), taken with SQLite's online backup while the portal may be running
// (docs/deploy.md, Backups of the store). Uses the compiled server when it exists and otherwise
// loads the TypeScript source through tsx, so it works on a fresh clone without a build.
'use strict';

const { loadServerModules } = require('./serverModules');

const [{ backupStore, StoreBackupRefused }, { storeLocationOf }] = loadServerModules(
  'store/storeBackup',
  'config',
);

Promise.resolve()
  .then(() => backupStore({ ...storeLocationOf(process.env), file: process.argv[2] }))
  .then(
    (taken) => {
      console.log(`Store backed up: ${taken.store} to ${taken.file} (${taken.pages} pages).`);
    },
    (error) => {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(
        error instanceof StoreBackupRefused ? reason : `Store backup failed: ${reason}`,
      );
      process.exitCode = 1;
    },
  );
