#!/usr/bin/env node
// `npm run sandbox:set-seats -- <subscriptionId> <total>`: changes a sandbox subscription's total
// outside the portal, as Google's Admin console would (docs/api.md, Reconciliation), in the sandbox
// database under PORTAL_DATA_DIR; it works while the portal runs. Uses the compiled server when it is
// current and otherwise loads the TypeScript source through tsx.
'use strict';

const { loadServerModules } = require('./serverModules');

Promise.resolve()
  .then(() => {
    const [{ setSeatsFromCommand }, { storeLocationOf }] = loadServerModules(
      'providers/sandbox/consoleSeats',
      'config',
    );
    return setSeatsFromCommand(storeLocationOf(process.env).dataDir, process.argv.slice(2));
  })
  .then(
    ({ ok, lines }) => {
      for (const line of lines) (ok ? console.log : console.error)(line);
      if (!ok) process.exitCode = 1;
    },
    (error) => {
      console.error(
        `Could not set the seats: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 1;
    },
  );
