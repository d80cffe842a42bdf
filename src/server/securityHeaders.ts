import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { onRequestHookHandler } from 'fastify';

// The security headers of docs/api.md, computed once by helmet (the library @fastify/helmet wraps)
// and set on every answer. @fastify/helmet rebuilds helmet and re-parses the CSP on each request,
// which cost the API more than its own route code (docs/performance.md); the headers never vary.

type HeaderValue = string | number | string[];

interface HeaderRecorder {
  setHeader(name: string, value: HeaderValue): void;
  removeHeader(name: string): void;
}

/** helmet(options): a middleware setting the headers on a Node response. */
type Helmet = (
  options: FastifyHelmetOptions,
) => (request: object, response: HeaderRecorder, next: (error?: unknown) => void) => void;

/** helmet as @fastify/helmet itself resolves it, so both always agree on the version. */
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as Helmet;

/** The headers helmet's middleware sets for these options (it sets the same ones every time). */
export function securityHeadersOf(options: FastifyHelmetOptions): Record<string, HeaderValue> {
  const headers = new Map<string, HeaderValue>();
  const recorder: HeaderRecorder = {
    setHeader: (name, value) => headers.set(name.toLowerCase(), value),
    removeHeader: (name) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({}, recorder, (error) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}

export function securityHeaders(options: FastifyHelmetOptions): onRequestHookHandler {
  const headers = securityHeadersOf(options);
  return (_request, reply, done) => {
    reply.headers(headers);
    done();
  };
}
