import type Database from 'better-sqlite3';

// better-sqlite3 12 builds on node::ObjectWrap, which on Node >= 24.19 aborts the whole process
// ('Assertion failed: (env) != nullptr') when a collected statement is finalised outside a JS
// context; 13 (Node-API, package alias better-sqlite3-napi) does not, but crashes on Node 20.
// Same API, so each Node loads the build that works on it.

/** First Node major that better-sqlite3 13 supports (its engines field). */
const NODE_API_DRIVER_MIN_MAJOR = 22;

/** The better-sqlite3 driver for the running Node: 12 on Node 20, 13 on Node 22 and later. */
export function loadSqliteDriver(nodeVersion: string = process.versions.node): typeof Database {
  const major = Number(nodeVersion.split('.')[0]);
  // A require in each branch: only the build for this Node is loaded, and both names stay static.
  if (major >= NODE_API_DRIVER_MIN_MAJOR) return require('better-sqlite3-napi') as typeof Database;
  return require('better-sqlite3') as typeof Database;
}
