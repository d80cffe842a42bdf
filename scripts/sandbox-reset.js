#!/usr/bin/env node
// `npm run sandbox:reset`: deletes the sandbox database under PORTAL_DATA_DIR (read as the portal
// reads it) so the next server start re-seeds the contract's dataset. Uses the compiled server when it
// exists and otherwise loads the TypeScript source through tsx, so it works on a fresh clone without a build.
'use strict';

const { loadServerModules } = require('./serverModules');

try {
  const [{ resetSandbox }, { storeLocationOf }] = loadServerModules(
    'providers/sandbox/index',
    'config',
  );
  const { dataDir } = storeLocationOf(process.env);
  resetSandbox(dataDir);
  console.log(`Sandbox reset: ${dataDir} will be re-seeded on the next start.`);
} catch (error) {
  console.error(`Sandbox reset failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
