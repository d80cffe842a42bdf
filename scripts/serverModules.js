// The server's modules for the operator's commands (scripts/*.js): the compiled server when it exists,
// as in a release (docs/deploy.md), and otherwise the TypeScript source through tsx, so a command
// works on a fresh clone without a build.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const compiled = path.join(root, 'dist/server/server');
const source = path.join(root, 'src/server');

/** Each named module of the server, by its path under src/server without the extension. */
function loadServerModules(...names) {
  if (fs.existsSync(compiled)) {
    return names.map((name) => require(path.join(compiled, `${name}.js`)));
  }
  const { register } = require('tsx/cjs/api');
  register();
  return names.map((name) => require(path.join(source, `${name}.ts`)));
}

module.exports = { loadServerModules };
