// The portal of `npm run bench:api` (docs/performance.md): the built server (dist/server) as main.ts
// builds it (default logger at LOG_LEVEL, sandbox provider and the portal store's SQLite file in
// PORTAL_DATA_DIR, the request deadline of PORTAL_REQUEST_DEADLINE_MS), on a free port of 127.0.0.1.
// Two bench-only changes: the quota shield's limits are lifted (every request comes from one address
// and one session), and the annual seat cap is lifted (the seat policy), so thousands of adds
// succeed. Prints "listening <port>" on stderr (stdout carries the logs). BENCH_SERVER_DIR points at
// another build's dist/server/server (e.g. an older commit's) for before/after figures.
'use strict';

const path = require('node:path');

const server = process.env.BENCH_SERVER_DIR
  ? path.resolve(process.env.BENCH_SERVER_DIR)
  : path.resolve(__dirname, '..', '..', 'dist', 'server', 'server');
/** A module of plugins/; a build from before plugins/ existed has it at the server's top level. */
function requirePlugin(name) {
  try {
    return require(path.join(server, 'plugins', name));
  } catch (error) {
    if (error.code !== 'MODULE_NOT_FOUND') throw error;
    return require(path.join(server, name));
  }
}
const { buildApp } = require(path.join(server, 'app'));
const { readConfig } = require(path.join(server, 'config'));
const { RATE_LIMIT_CEILING } = require(path.join(server, 'limits'));
const { readRequestDeadline } = requirePlugin('deadline');
const { createLogger } = requirePlugin('logger');
const { openSandbox } = require(path.join(server, 'providers', 'sandbox'));
const { createSeatPolicy } = require(path.join(server, 'providers', 'seatPolicy'));
const { openPortalStore } = require(path.join(server, 'store', 'openStore'));

const UNLIMITED = 1_000_000_000;

async function main() {
  // The bench measures the routes, not the quota shield: every limit at its ceiling.
  const config = readConfig({
    ...process.env,
    RATE_LIMIT_PER_ADDRESS: String(RATE_LIMIT_CEILING),
    RATE_LIMIT_PER_SESSION: String(RATE_LIMIT_CEILING),
    RATE_LIMIT_PER_CUSTOMER: String(RATE_LIMIT_CEILING),
  });
  const logger = createLogger(config.logLevel);
  const sandbox = await openSandbox({
    dataDir: config.dataDir,
    resellerName: config.resellerName,
    seatPolicy: createSeatPolicy(UNLIMITED),
  });
  const store = await openPortalStore(config, Date.now());
  const app = buildApp({
    config,
    provider: sandbox.provider,
    sandbox,
    store,
    logger,
    requestDeadlineMs: readRequestDeadline(process.env),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stderr.write(`listening ${app.server.address().port}\n`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () =>
      app
        .close()
        .then(() => store.close())
        .then(() => {
          sandbox.close();
          process.exit(0);
        }),
    );
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
