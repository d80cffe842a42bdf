#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources (scripts/build.js), then runs
// the portal, with the sandbox provider unless PORTAL_PROVIDER says otherwise.
'use strict';

const { spawn } = require('node:child_process');
const { buildWhatIsMissing, root, serverMain } = require('./build');

buildWhatIsMissing();

const server = spawn(process.execPath, [serverMain], { cwd: root, stdio: 'inherit' });
// The server shuts down gracefully on these; this wrapper only passes them on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 0 : 1));
});
