#!/usr/bin/env node
// `npm run test:e2e [jest args]`: the browser suite (test/e2e) against the real portal in Debian's
// Chromium. Builds what is missing or older than its sources first (as `npm start` does), once, so
// the test files only start `node dist/server/server/main.js`. Failure artefacts: test-results/e2e.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { buildWhatIsMissing, run, root } = require('./build');

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
buildWhatIsMissing();
fs.rmSync(path.join(root, 'test-results', 'e2e'), { recursive: true, force: true });
// jest's package exports hide bin/jest.js from require.resolve; its package.json names it.
const jestBin = path.join(
  path.dirname(require.resolve('jest/package.json', { paths: [root] })),
  'bin',
  'jest.js',
);
run('Running the browser tests', jestBin, [
  '-c',
  'test/e2e/jest.e2e.config.ts',
  ...process.argv.slice(2),
]);
