#!/usr/bin/env node
// `npm run ledger:reconcile`: compares every customer's seat total at Google (or the sandbox) with the
// ledger's and records each difference (docs/api.md, Reconciliation), against the provider and store
// the portal would use (read as the portal reads them). Uses the compiled server when it is current
// and otherwise loads the TypeScript source through tsx.
'use strict';

const { loadServerModules } = require('./serverModules');

Promise.resolve()
  .then(() => {
    const [{ reconcileFromCommand }] = loadServerModules('reconcileCommand');
    return reconcileFromCommand(process.env);
  })
  .then(
    ({ lines, problem }) => {
      for (const line of lines) console.log(line);
      if (problem !== null) {
        console.error(problem);
        process.exitCode = 1;
      }
    },
    (error) => {
      console.error(
        `Could not reconcile: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 1;
    },
  );
