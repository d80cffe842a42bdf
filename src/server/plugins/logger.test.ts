import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino, { type Logger } from 'pino';
import { createLogger, OneLinePerRequest } from './logger';

// A request's log line (docs/api.md, Logs): its method, path without query, status, time and id, never
// its headers; a logged answer's Set-Cookie is redacted exactly as pino's `redact` option did.

/** The logger as it was configured with pino's redact, kept here as the reference for answers. */
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
        req: (request: { method: string; url: string; ip: string }) => ({
          method: request.method,
          path: request.url,
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
    await app.inject({ url: '/ok?access_token=ya29.query', headers });
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

it('writes a request line with its method, path without query, status, time and id, not its headers', async () => {
  const { lines, stream } = memory();
  await fastifyLines(createLogger('info', stream));
  // A line per request, and the error handler's own line for each failure.
  expect(lines).toHaveLength(12);
  const requestLines = lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request completed' || line.msg === 'request errored');
  expect(requestLines).toHaveLength(8);
  for (const line of requestLines) {
    expect(line).toEqual({
      level: expect.any(Number),
      time: expect.any(Number),
      pid: expect.any(Number),
      hostname: expect.any(String),
      reqId: 'req-1',
      req: {
        method: 'GET',
        path: expect.stringMatching(/^\/(ok|fails)$/),
        remoteAddress: '127.0.0.1',
      },
      res: { statusCode: (line.req as { path: string }).path === '/ok' ? 200 : 500 },
      responseTime: expect.any(Number),
      msg: line.msg,
      ...(line.msg === 'request errored' ? { err: expect.any(Object) } : {}),
    });
  }
  expect(lines.join('\n')).not.toMatch(/s3cret|ya29|Bearer|secret|headers|kept|access_token/);
});

it('writes pino-pretty lines, one per request, in the pretty format', async () => {
  const { lines, stream } = memory();
  await fastifyLines(createLogger('info', stream, 'pretty'));
  const completed = lines.filter((line) => line.includes('request completed'));
  expect(completed).toHaveLength(8);
  for (const line of completed) {
    expect(() => JSON.parse(line) as unknown).toThrow();
    expect(line).toMatch(/^\[[\d:.]+\] INFO \(\d+\): request completed /);
    expect(line).toContain('"reqId":"req-1"');
    expect(line).toMatch(
      /"path":"\/ok","remoteAddress":"127\.0\.0\.1"\},"res":\{"statusCode":200\}|"path":"\/fails".*"statusCode":500/,
    );
  }
  expect(lines.join('\n')).not.toMatch(/s3cret|ya29|Bearer|secret|access_token/);
});

it('writes the same lines for objects logged directly as pino redact did', () => {
  const before = memory();
  const after = memory();
  directLines(redactingLogger(before.stream));
  directLines(createLogger('info', after.stream));
  expect(after.lines).toHaveLength(8);
  expect(comparable(after.lines)).toEqual(comparable(before.lines));
});
