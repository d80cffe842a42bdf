// The server's modules for the operator's commands (scripts/*.js): the compiled server when it is
// current, as in a release (docs/deploy.md), and otherwise the TypeScript source through tsx, so a
// command works on a fresh clone without a build and never runs a build older than its sources.
'use strict';

const path = require('node:path');
const { serverBuildIsCurrent } = require('./build');

const root = path.resolve(__dirname, '..');
const compiled = path.join(root, 'dist/server/server');
const source = path.join(root, 'src/server');

/** Each named module of the server, by its path under src/server without the extension. */
function loadServerModules(...names) {
  if (serverBuildIsCurrent()) {
    return names.map((name) => require(path.join(compiled, `${name}.js`)));
  }
  const { register } = require('tsx/cjs/api');
  register();
  return names.map((name) => require(path.join(source, `${name}.ts`)));
}

module.exports = { loadServerModules };
