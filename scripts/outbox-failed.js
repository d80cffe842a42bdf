#!/usr/bin/env node
// `npm run outbox:failed`: the notifications the portal gave up on, with their last error
// (docs/notifications.md, Delivery), from the store PORTAL_DATA_DIR or DATABASE_URL names (read as the
// portal reads them). Uses the compiled server when it exists and otherwise loads the TypeScript
// source through tsx.
'use strict';

const { loadServerModules } = require('./serverModules');

const [{ failedNotificationLines }, { storeLocationOf }] = loadServerModules(
  'notifications/failedReport',
  'config',
);

Promise.resolve()
  .then(() => failedNotificationLines(storeLocationOf(process.env)))
  .then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error) => {
      console.error(
        `Could not read the outbox: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 1;
    },
  );
