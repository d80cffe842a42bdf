#!/usr/bin/env node
// `npm run sandbox:reset`: deletes the sandbox database under PORTAL_DATA_DIR (default .data) so the
// next server start re-seeds the contract's dataset. Uses the compiled server when it exists and
// otherwise loads the TypeScript source through tsx, so it works on a fresh clone without a build.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const compiled = path.join(root, 'dist/server/server/providers/sandbox/index.js');
const source = path.join(root, 'src/server/providers/sandbox/index.ts');

function loadSandboxModule() {
  if (fs.existsSync(compiled)) return require(compiled);
  const { register } = require('tsx/cjs/api');
  register();
  return require(source);
}

const dataDir = path.resolve(process.env.PORTAL_DATA_DIR || path.join(root, '.data'));
try {
  loadSandboxModule().resetSandbox(dataDir);
  console.log(`Sandbox reset: ${dataDir} will be re-seeded on the next start.`);
} catch (error) {
  console.error(`Sandbox reset failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
