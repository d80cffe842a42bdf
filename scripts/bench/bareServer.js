// The bare route of `npm run bench:api` (docs/performance.md): Fastify with no plugins, hooks or
// logger answering a small JSON body, on a free port of 127.0.0.1. Prints "listening <port>" on stderr.
'use strict';

const Fastify = require('fastify');

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ isGoogleAccount: true }));
app.listen({ host: '127.0.0.1', port: 0 }).then(
  () => process.stderr.write(`listening ${app.server.address().port}\n`),
  (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => app.close(() => process.exit(0)));
