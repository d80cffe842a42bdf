#!/usr/bin/env node
// `npm run outbox:resend -- <eventId>` or `npm run outbox:resend -- --failed`: puts failed
// notifications back in the queue with the same event id (docs/notifications.md, Operators), in the
// store PORTAL_DATA_DIR or DATABASE_URL names (read as the portal reads them). Uses the compiled
// server when it exists and otherwise loads the TypeScript source through tsx.
'use strict';

const { loadServerModules } = require('./serverModules');

const [{ resendNotifications }, { storeLocationOf }] = loadServerModules(
  'notifications/resend',
  'config',
);

Promise.resolve()
  .then(() => resendNotifications(storeLocationOf(process.env), process.argv.slice(2)))
  .then(
    ({ ok, lines }) => {
      for (const line of lines) (ok ? console.log : console.error)(line);
      if (!ok) process.exitCode = 1;
    },
    (error) => {
      console.error(`Could not resend: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
