import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

// Structured JSON logs (docs/api.md, Logs). Credentials never reach them: the request's cookies,
// identity token, XSRF token and Authorization header, and a logged answer's Set-Cookie, are written
// as [redacted]. The serializers below do it while they build the line: pino's own `redact` option,
// which did the same, cloned and walked every line again and was one of the costliest parts of a
// request's log line.

export const REDACTED = '[redacted]';
/** Request headers written as [redacted] wherever a request is logged (`req`). */
export const REDACTED_REQUEST_HEADERS = [
  'cookie',
  'authorization',
  'x-goog-token',
  'x-xsrf-token',
] as const;
/** Headers written as [redacted] on a logged answer (`res`) that carries its headers. */
export const REDACTED_RESPONSE_HEADERS = ['set-cookie'] as const;

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
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown>;
  ip: string;
}

/**
 * A Fastify reply. Fastify's own `res` serializer writes only its statusCode; the one below takes its
 * place (a logger's own serializers win over Fastify's), so it writes a reply the same way.
 */
function isFastifyReply(value: object): value is { statusCode: number } {
  return 'raw' in value && 'request' in value && 'statusCode' in value;
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        url: request.url,
        headers: redactHeaders(request.headers, REDACTED_REQUEST_HEADERS),
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
