import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

// Structured JSON logs. Credentials never reach them: cookies, the identity token, the XSRF token
// and any Authorization header are redacted wherever they appear.
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-goog-token"]',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
];

interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown>;
  ip: string;
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        url: request.url,
        headers: request.headers,
        remoteAddress: request.ip,
      }),
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
