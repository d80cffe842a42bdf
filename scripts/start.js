#!/usr/bin/env node
// `npm start`: builds whatever is missing (the client when dist/client/index.html is absent or names
// files that are not there, the server when dist/server is missing or older than its sources), then
// runs the portal, with the sandbox provider unless PORTAL_PROVIDER says otherwise.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const clientIndex = path.join(root, 'dist', 'client', 'index.html');
const serverMain = path.join(root, 'dist', 'server', 'server', 'main.js');
const serverSources = [path.join(root, 'src', 'server'), path.join(root, 'src', 'contract')];
const isTest = (name) => name.endsWith('.test.ts') || name === '__tests__' || name === 'testing';

/** Newest modification time (ms) of the TypeScript sources under the given folders. */
function newestSource(folders) {
  let newest = 0;
  const visit = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (isTest(entry.name)) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  folders.forEach(visit);
  return newest;
}

/** Runs a locally installed tool (the same as `npx <tool>`, without a registry lookup). */
function build(description, tool, args) {
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
 * A usable client build: index.html exists and every local script or stylesheet it names is on disk.
 * (`npm run dev` writes its own index.html into dist/client, naming files that live only in memory.)
 */
function clientBuildIsComplete() {
  if (!fs.existsSync(clientIndex)) return false;
  const html = fs.readFileSync(clientIndex, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="?(\/[^"\s>]+\.(?:js|css))/g)].map(
    (match) => match[1],
  );
  return assets.every((asset) => fs.existsSync(path.join(root, 'dist', 'client', asset)));
}

if (!clientBuildIsComplete()) {
  build('Building the web client (webpack --mode production)', 'webpack-cli/bin/cli.js', [
    '--mode',
    'production',
  ]);
}
if (!fs.existsSync(serverMain) || fs.statSync(serverMain).mtimeMs < newestSource(serverSources)) {
  build('Building the server (tsc -p tsconfig.server.json)', 'typescript/bin/tsc', [
    '-p',
    'tsconfig.server.json',
  ]);
}

const server = spawn(process.execPath, [serverMain], { cwd: root, stdio: 'inherit' });
// The server shuts down gracefully on these; this wrapper only passes them on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 0 : 1));
});
