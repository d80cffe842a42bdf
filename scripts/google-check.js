#!/usr/bin/env node
// `npm run google:check [-- <customerId>]`: builds the server if needed, then runs the preflight of
// google mode with this environment (docs/google-setup.md, step 7). Its exit code is the check's.
'use strict';

const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { buildServerIfMissing, root, serverMain } = require('./build');

buildServerIfMissing();
const check = path.join(path.dirname(serverMain), 'googleCheck.js');
const result = spawnSync(process.execPath, [check, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
