// The portal of `npm run bench:api` (docs/performance.md): the built server (dist/server) as main.ts
// builds it (default logger at LOG_LEVEL, sandbox provider in PORTAL_DATA_DIR), on a free port of
// 127.0.0.1. Two bench-only changes: the unauthenticated endpoints' per-address limit is lifted
// (every request comes from one address), and ACME may grow to any number of seats, so thousands of
// adds succeed. Prints "listening <port>" on stderr (stdout carries the logs). BENCH_SERVER_DIR
// points at another build's dist/server/server (e.g. an older commit's) for before/after figures.
'use strict';

const path = require('node:path');

const server = process.env.BENCH_SERVER_DIR
  ? path.resolve(process.env.BENCH_SERVER_DIR)
  : path.resolve(__dirname, '..', '..', 'dist', 'server', 'server');
const { buildApp } = require(path.join(server, 'app'));
const { readConfig } = require(path.join(server, 'config'));
const { openSandbox } = require(path.join(server, 'providers', 'sandbox'));
const { loadSqliteDriver } = require(path.join(server, 'providers', 'sandbox', 'sqliteDriver'));

const UNLIMITED = 1_000_000_000;
const BENCH_CUSTOMER = 'C0acme001';

const config = readConfig(process.env);
config.rateLimit.max = UNLIMITED;
const sandbox = openSandbox({ dataDir: config.dataDir, resellerName: config.resellerName });
const Database = loadSqliteDriver();
const db = new Database(path.join(config.dataDir, 'sandbox.db'));
db.prepare('UPDATE subscriptions SET maximum_number_of_seats = ? WHERE customer_id = ?').run(
  UNLIMITED,
  BENCH_CUSTOMER,
);
db.close();

const app = buildApp({ config, provider: sandbox.provider, sandbox });
app.listen({ host: '127.0.0.1', port: 0 }).then(
  () => process.stderr.write(`listening ${app.server.address().port}\n`),
  (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () =>
    app.close(() => {
      sandbox.close();
      process.exit(0);
    }),
  );
}
