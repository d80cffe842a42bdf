import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogLevel } from '../config';
import type { LogFormat } from './logFormat';

// Structured logs (docs/api.md, Logs): JSON, or pino-pretty lines at a terminal. Credentials never
// reach them: a logged request is its method, path (no query) and address, never its headers, and a
// logged answer's Set-Cookie is written as [redacted]. The serializers below do it while they build
// the line: pino's own `redact` option cloned and walked every line again and was one of the
// costliest parts of a request's log line.

export const REDACTED = '[redacted]';
const STDOUT = 1;
/** Headers written as [redacted] on a logged answer (`res`) that carries its headers. */
export const REDACTED_RESPONSE_HEADERS = ['set-cookie'] as const;
/** Request headers written as [redacted] wherever a line logs `headers`: the reseller API's key. */
export const REDACTED_REQUEST_HEADERS = ['authorization', 'cookie'] as const;

/** The headers with those named written as [redacted]: a copy if any is present, else as they are. */
function redactHeaders(headers: unknown, names: readonly string[]): unknown {
  if (typeof headers !== 'object' || headers === null) return headers;
  let copy: Record<string, unknown> | null = null;
  for (const name of names) {
    if (!(name in headers)) continue;
    copy ??= { ...headers };
    copy[name] = REDACTED;
  }
  return copy ?? headers;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip: string;
}

/** The URL without its query, which may carry what a log should not keep. */
function pathOf(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * A Fastify reply. Fastify's own `res` serializer writes only its statusCode; the one below takes its
 * place (a logger's own serializers win over Fastify's), so it writes a reply the same way.
 */
function isFastifyReply(value: object): value is { statusCode: number } {
  return 'raw' in value && 'request' in value && 'statusCode' in value;
}

/**
 * A logger writing to `destination` (stdout if none), as JSON or as pino-pretty lines (`format`); the
 * JSON path is pino's own, unchanged.
 */
export function createLogger(
  level: LogLevel,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      headers: (headers: unknown) => redactHeaders(headers, REDACTED_REQUEST_HEADERS),
      req: (request: LoggedRequest) => ({
        method: request.method,
        path: pathOf(request.url),
        remoteAddress: request.ip,
      }),
      res: (response: unknown) => {
        if (typeof response !== 'object' || response === null) return response;
        if (isFastifyReply(response)) return { statusCode: response.statusCode };
        if (!('headers' in response)) return response;
        const headers = redactHeaders(response.headers, REDACTED_RESPONSE_HEADERS);
        return headers === response.headers ? response : { ...response, headers };
      },
    },
  };
  if (format === 'pretty') {
    // One line per entry, written as it comes (stdout's writes are synchronous in pino's JSON path too).
    return pino(
      options,
      pinoPretty({ destination: destination ?? STDOUT, singleLine: true, sync: true }),
    );
  }
  return destination === undefined ? pino(options) : pino(options, destination);
}

/**
 * One line per request, written when the answer has gone (docs/api.md Logs), instead of Fastify's
 * pair: logging was the API's largest cost after the socket writes (docs/performance.md).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // The request is logged with its outcome in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Every answer carries its request's id, which every log line of the request carries too (docs/api.md). */
export const requestIds = fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-request-id', request.id);
      done(null, payload);
    });
  },
  { name: 'request-ids' },
);
