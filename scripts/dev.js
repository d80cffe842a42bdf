#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` on API_PORT (default 8081) and the webpack dev server with
// hot reload in front of it (PORT, default 8080), which proxies /api, /sandbox and pages to the API.
// When either process ends, the other is stopped too.
'use strict';

const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const apiPort = process.env.API_PORT || '8081';
const tool = (request) => require.resolve(request, { paths: [root] });

const children = [
  spawn(process.execPath, [tool('tsx/cli'), 'watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The API injects the runtime config into the dev server's index.html (webpack.config.js).
    env: {
      ...process.env,
      PORT: apiPort,
      NODE_ENV: 'development',
      PORTAL_CLIENT_DIR: process.env.PORTAL_CLIENT_DIR || 'dist/dev-client',
    },
  }),
  spawn(process.execPath, [tool('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let exitCode = null;
function stopAll(code) {
  if (exitCode !== null) return;
  exitCode = code;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

for (const child of children) {
  child.on('exit', (code) => {
    stopAll(code ?? 0);
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) {
      process.exit(exitCode ?? 0);
    }
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
