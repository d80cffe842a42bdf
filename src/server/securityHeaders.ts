import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { onRequestHookHandler } from 'fastify';
import type helmetLibrary from 'helmet';

// The security headers of docs/api.md, computed once by helmet (the library @fastify/helmet wraps)
// and set on every answer. @fastify/helmet rebuilds helmet and re-parses the CSP on each request,
// which cost the API more than its own route code (docs/performance.md); the headers never vary.

/** helmet as @fastify/helmet itself resolves it, so both always agree on the version. */
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as typeof helmetLibrary;

type HeaderValue = string | number | string[];

/** The headers helmet's middleware sets for these options (it sets the same ones every time). */
export function securityHeadersOf(options: FastifyHelmetOptions): Record<string, HeaderValue> {
  const headers = new Map<string, HeaderValue>();
  const recorder = {
    setHeader: (name: string, value: HeaderValue) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  const middleware = helmet(options) as unknown as (
    request: object,
    response: typeof recorder,
    next: (error?: unknown) => void,
  ) => void;
  middleware({}, recorder, (error) => {
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
