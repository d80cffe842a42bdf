#!/usr/bin/env node
// `npm run test:e2e [jest args]`: the browser suite (test/e2e) against the real portal in Debian's
// Chromium. Builds what is missing or older than its sources first (as `npm start` does), once, so
// the test files only start `node dist/server/server/main.js`. Failure artefacts: test-results/e2e.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const clientIndex = path.join(root, 'dist', 'client', 'index.html');
const serverMain = path.join(root, 'dist', 'server', 'server', 'main.js');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const isTest = (name) => /\.test\.tsx?$/.test(name) || name === '__tests__' || name === 'testing';

/** Newest modification time (ms) of the source files under the given paths. */
function newestSource(paths) {
  let newest = 0;
  const visit = (full) => {
    const stat = fs.statSync(full);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of fs.readdirSync(full)) if (!isTest(entry)) visit(path.join(full, entry));
  };
  paths
    .map((relative) => path.join(root, relative))
    .filter(fs.existsSync)
    .forEach(visit);
  return newest;
}

const olderThan = (file, sources) =>
  !fs.existsSync(file) || fs.statSync(file).mtimeMs < newestSource(sources);

/** Runs a locally installed tool (as `npx <tool>` would, without a registry lookup). */
function run(description, tool, args) {
  console.log(`${description}…`);
  const result = spawnSync(process.execPath, [require.resolve(tool, { paths: [root] }), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`${description} failed; see the messages above.`);
    process.exit(result.status || 1);
  }
}

/**
 * A usable client build: every local script or stylesheet index.html names is on disk
 * (`npm run dev` writes an index.html into dist/client naming files that live only in memory).
 */
function clientBuildIsComplete() {
  if (!fs.existsSync(clientIndex)) return false;
  const html = fs.readFileSync(clientIndex, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="?(\/[^"\s>]+\.(?:js|css))/g)].map(
    (match) => match[1],
  );
  return assets.every((asset) => fs.existsSync(path.join(root, 'dist', 'client', asset)));
}

if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
if (
  !clientBuildIsComplete() ||
  olderThan(clientIndex, [
    'src/client',
    'src/contract',
    'src/scenarios',
    'public',
    'webpack.config.js',
  ])
) {
  run('Building the web client (webpack --mode production)', 'webpack-cli/bin/cli.js', [
    '--mode',
    'production',
  ]);
}
if (olderThan(serverMain, ['src/server', 'src/contract'])) {
  run('Building the server (tsc -p tsconfig.server.json)', 'typescript/bin/tsc', [
    '-p',
    'tsconfig.server.json',
  ]);
}
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
