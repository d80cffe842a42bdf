import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino, { type Logger } from 'pino';
import { createLogger, OneLinePerRequest } from './logger';

// The log serializers redact exactly what pino's `redact` option redacted before them (docs/api.md,
// Logs): the same lines, byte for byte, for requests through Fastify and for objects logged directly.

/** The logger as it was configured with pino's redact, kept here as the reference. */
function redactingLogger(destination: Writable): Logger {
  return pino(
    {
      level: 'info',
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-goog-token"]',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: {
          id: string;
          method: string;
          url: string;
          headers: unknown;
          ip: string;
        }) => ({
          id: request.id,
          method: request.method,
          url: request.url,
          headers: request.headers,
          remoteAddress: request.ip,
        }),
      },
    },
    destination,
  );
}

function memory() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** Lines without what differs between two runs anyway. */
const comparable = (lines: string[]) =>
  lines.map((line) => line.replace(/"time":\d+/, '').replace(/"responseTime":[\d.e-]+/, ''));

async function fastifyLines(logger: Logger): Promise<void> {
  const app = Fastify({
    loggerInstance: logger,
    logController: new OneLinePerRequest(),
    genReqId: () => 'req-1',
  });
  app.get('/ok', async (_request, reply) => {
    reply.header('set-cookie', 'portal_session=secret');
    return { ok: true };
  });
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  const headerSets: Record<string, string>[] = [
    {},
    { cookie: 'portal_session=s3cret; XSRF-TOKEN=x' },
    { authorization: 'Bearer token', 'x-goog-token': 'ya29.token', 'x-xsrf-token': 'xsrf' },
    { 'x-other': 'kept', cookie: 'a=b', accept: 'application/json' },
  ];
  for (const headers of headerSets) {
    await app.inject({ url: '/ok', headers });
    await app.inject({ url: '/fails', headers });
  }
  await app.close();
}

function directLines(logger: Logger): void {
  logger.info({ req: { id: 'x', method: 'GET', url: '/', ip: '::1' } }, 'no headers');
  logger.info({ req: { headers: { cookie: 'c', host: 'h' } } }, 'raw request');
  logger.info({ req: { headers: { cookie: undefined } } }, 'undefined cookie');
  logger.info({ res: { statusCode: 200, headers: { 'set-cookie': ['a=b'], vary: 'x' } } }, 'res');
  logger.info({ res: { statusCode: 204 } }, 'res without headers');
  logger.info({ res: { headers: null } }, 'null headers');
  logger.info({ res: 'text', req: 42 }, 'not objects');
  logger.info({ audit: true, actor: 'admin@acme.example', before: [1], after: [2] }, 'audit');
}

it('writes the same request lines through Fastify as pino redact did', async () => {
  const before = memory();
  const after = memory();
  await fastifyLines(redactingLogger(before.stream));
  await fastifyLines(createLogger('info', after.stream));
  // A line per request, and the error handler's own line for each failure.
  expect(after.lines).toHaveLength(12);
  expect(comparable(after.lines)).toEqual(comparable(before.lines));
  expect(after.lines.join('\n')).not.toMatch(/s3cret|ya29|Bearer|secret/);
  expect(after.lines.join('\n')).toContain('"x-other":"kept"');
});

it('writes the same lines for objects logged directly as pino redact did', () => {
  const before = memory();
  const after = memory();
  directLines(redactingLogger(before.stream));
  directLines(createLogger('info', after.stream));
  expect(after.lines).toHaveLength(8);
  expect(comparable(after.lines)).toEqual(comparable(before.lines));
});
