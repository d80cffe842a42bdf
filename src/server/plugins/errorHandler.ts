import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorEnvelope } from '../../contract/errors';
import { ApiError } from '../apiError';
import { BODY_LIMIT_BYTES } from '../limits';
import { SERVER_TEXT } from '../messages';
import { statusWordOf } from '../statusWords';
import { UpstreamError } from '../upstreamError';

// The one place where a failure becomes the contract's envelope (docs/api.md, Error envelope): validation errors,
// unreadable bodies, limits, ApiErrors from routes and providers, and anything unexpected.

interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const TYPE_PHRASE: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
};

const HTTP_BAD_REQUEST = 400;
const HTTP_NOT_FOUND = 404;
const HTTP_METHOD_NOT_ALLOWED = 405;
const HTTP_INTERNAL = 500;
/** The methods the API's routes use (docs/api.md, Endpoints); Fastify answers HEAD for every GET. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT'] as const;

function whereOf(context: string | undefined): string {
  return context === 'querystring'
    ? 'query'
    : context === 'body'
      ? 'request body'
      : (context ?? 'request');
}

/** A sentence naming the field, e.g. "Field 'numberOfSeats' must be an integer." */
export function describeSchemaIssue(issue: SchemaIssue, context: string | undefined): string {
  const where = whereOf(context);
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const { params } = issue;
  switch (issue.keyword) {
    case 'required':
      return `Missing required field '${String(params.missingProperty)}' in the ${where}.`;
    case 'additionalProperties':
      return `Unknown field '${String(params.additionalProperty)}' in the ${where}.`;
    case 'type': {
      const phrase = TYPE_PHRASE[String(params.type)] ?? String(params.type);
      return field === ''
        ? `The ${where} must be ${phrase}.`
        : `Field '${field}' must be ${phrase}.`;
    }
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.join(', ') : '';
      return `Field '${field}' must be one of: ${allowed}.`;
    }
    case 'minimum':
      return `Field '${field}' must be at least ${String(params.limit)}.`;
    case 'maximum':
      return `Field '${field}' must be at most ${String(params.limit)}.`;
    case 'minLength':
      return `Field '${field}' must not be empty.`;
    case 'maxLength':
      return `Field '${field}' must be at most ${String(params.limit)} characters long.`;
    default:
      return field === ''
        ? `The ${where} ${issue.message ?? 'is invalid'}.`
        : `Field '${field}' ${issue.message ?? 'is invalid'}.`;
  }
}

export function envelope(code: number, message: string, details?: string): ErrorEnvelope {
  const status = statusWordOf(code);
  return {
    error: details === undefined ? { code, status, message } : { code, status, message, details },
  };
}

/** Maps a known failure to status and message; null for anything unexpected. */
function knownFailure(error: FastifyError): { code: number; message: string } | null {
  if (error.validation !== undefined && error.validation.length > 0) {
    const [first] = error.validation as unknown as SchemaIssue[];
    if (first !== undefined) {
      return {
        code: HTTP_BAD_REQUEST,
        message: describeSchemaIssue(first, error.validationContext),
      };
    }
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 413, message: SERVER_TEXT.payloadTooLarge(BODY_LIMIT_BYTES) };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 415, message: SERVER_TEXT.unsupportedMediaType };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: HTTP_BAD_REQUEST, message: SERVER_TEXT.emptyJson };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: HTTP_BAD_REQUEST, message: SERVER_TEXT.invalidJson };
    default:
      break;
  }
  const statusCode = error.statusCode ?? HTTP_INTERNAL;
  if (error instanceof SyntaxError && statusCode === HTTP_BAD_REQUEST) {
    return { code: HTTP_BAD_REQUEST, message: SERVER_TEXT.invalidJson };
  }
  if (statusCode >= HTTP_BAD_REQUEST && statusCode < HTTP_INTERNAL) {
    return { code: statusCode, message: SERVER_TEXT.badRequest };
  }
  return null;
}

export function sendError(
  error: FastifyError | ApiError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof ApiError) {
    const upstream = error instanceof UpstreamError ? error.upstream : undefined;
    if (error.code >= HTTP_INTERNAL)
      request.log.error({ err: error, upstream }, 'upstream failure');
    if (error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    const body = error.toBody();
    // Google's own words stay in the log; the request id finds them there (docs/security.md).
    if (upstream !== undefined) body.message = SERVER_TEXT.withRequestId(body.message, request.id);
    return reply
      .code(error.code)
      .type('application/json')
      .send({ ...error.extra, error: body });
  }
  const known = knownFailure(error as FastifyError);
  if (known !== null) {
    request.log.info({ code: known.code, reason: error.message }, 'request refused');
    return reply
      .code(known.code)
      .type('application/json')
      .send(envelope(known.code, known.message));
  }
  request.log.error({ err: error }, 'unexpected failure');
  return reply
    .code(HTTP_INTERNAL)
    .type('application/json')
    .send(envelope(HTTP_INTERNAL, SERVER_TEXT.internal));
}

/**
 * Every failure of the app in the envelope, and the answer to an unknown path: for the API a 404, or a
 * 405 naming the methods a known endpoint does answer; for any other path a plain-text 404.
 */
export const errorEnvelope = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) =>
      sendError(error as FastifyError, request, reply),
    );
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        const path = request.url.split('?')[0] ?? '';
        const allowed = API_METHODS.filter((method) => app.hasRoute({ method, url: path }));
        if (allowed.length > 0) {
          return reply
            .code(HTTP_METHOD_NOT_ALLOWED)
            .header('allow', allowed.join(', '))
            .send(
              envelope(
                HTTP_METHOD_NOT_ALLOWED,
                SERVER_TEXT.methodNotAllowed(request.method, path, allowed.join(', ')),
              ),
            );
        }
        return reply
          .code(HTTP_NOT_FOUND)
          .send(envelope(HTTP_NOT_FOUND, SERVER_TEXT.noEndpoint(request.method, path)));
      }
      return reply.code(HTTP_NOT_FOUND).type('text/plain; charset=utf-8').send('Not found');
    });
  },
  { name: 'error-envelope' },
);
