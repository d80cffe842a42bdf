// Builds what is missing or older than its sources: the web client (dist/client) and the server
// (dist/server). Shared by `npm start` (scripts/start.js) and `npm run test:e2e` (scripts/e2e.js).
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const clientDir = path.join(root, 'dist', 'client');
const clientIndex = path.join(clientDir, 'index.html');
const serverMain = path.join(root, 'dist', 'server', 'server', 'main.js');
const CLIENT_SOURCES = [
  'src/client',
  'src/contract',
  'src/scenarioFormat',
  'public',
  'webpack.config.js',
];
const SERVER_SOURCES = ['src/server', 'src/contract', 'tsconfig.server.json'];
const isTest = (name) => /\.test\.tsx?$/.test(name) || name === '__tests__';

/** Newest modification time (ms) of the non-test files under the given paths. */
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

const olderThanSources = (file, sources) =>
  !fs.existsSync(file) || fs.statSync(file).mtimeMs < newestSource(sources);

/** Every local script or stylesheet that index.html names is on disk (none deleted by hand). */
function clientBuildIsComplete() {
  if (!fs.existsSync(clientIndex)) return false;
  const html = fs.readFileSync(clientIndex, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="?(\/[^"\s>]+\.(?:js|css))/g)].map(
    (match) => match[1],
  );
  return assets.every((asset) => fs.existsSync(path.join(clientDir, asset)));
}

/** Runs a locally installed tool (as `npx <tool>` would, without a registry lookup); exits on failure. */
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

function buildWhatIsMissing() {
  if (!clientBuildIsComplete() || olderThanSources(clientIndex, CLIENT_SOURCES)) {
    run('Building the web client (webpack --mode production)', 'webpack-cli/bin/cli.js', [
      '--mode',
      'production',
    ]);
  }
  buildServerIfMissing();
}

/** dist/server is there and no older than the server's sources (a release has none of them). */
const serverBuildIsCurrent = () => !olderThanSources(serverMain, SERVER_SOURCES);

/** The server alone (dist/server), for the commands that need no web client (google:check). */
function buildServerIfMissing() {
  if (!serverBuildIsCurrent()) {
    // tsc never deletes; an older build's files (a test since excluded, say) must not stay behind.
    fs.rmSync(path.join(root, 'dist', 'server'), { recursive: true, force: true });
    run('Building the server (tsc -p tsconfig.server.json)', 'typescript/bin/tsc', [
      '-p',
      'tsconfig.server.json',
    ]);
  }
}

module.exports = {
  buildServerIfMissing,
  buildWhatIsMissing,
  run,
  root,
  serverBuildIsCurrent,
  serverMain,
};
