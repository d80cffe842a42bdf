#!/usr/bin/env node
// `npm run outbox:failed`: the notifications the portal gave up on, with their last error
// (docs/notifications.md, Delivery), from the store of PORTAL_DATA_DIR (default .data) or DATABASE_URL.
// Uses the compiled server when it exists and otherwise loads the TypeScript source through tsx.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const compiled = path.join(root, 'dist/server/server/notifications/failedReport.js');
const source = path.join(root, 'src/server/notifications/failedReport.ts');

function loadReport() {
  if (fs.existsSync(compiled)) return require(compiled);
  const { register } = require('tsx/cjs/api');
  register();
  return require(source);
}

const { failedNotificationLines } = loadReport();
const dataDir = path.resolve(process.env.PORTAL_DATA_DIR || path.join(root, '.data'));

failedNotificationLines({ dataDir, databaseUrl: process.env.DATABASE_URL || null }).then(
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
