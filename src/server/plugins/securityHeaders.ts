import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { helmetOptions } from './contentSecurity';

// The security headers of docs/api.md, read once from @fastify/helmet itself at start-up and set on
// every answer. The plugin rebuilds helmet and re-parses the CSP on each request, which cost the API
// more than its own route code (docs/performance.md); the headers never vary.

type HeaderValue = string | number | string[];

/** What Fastify itself puts on an answer, not helmet. */
const FASTIFY_OWN_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/** The headers @fastify/helmet sets for these options, read from one answer of a throwaway app. */
export async function securityHeadersOf(
  options: FastifyHelmetOptions,
): Promise<Record<string, HeaderValue>> {
  const probe = Fastify();
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const answer = await probe.inject('/');
    const headers: Record<string, HeaderValue> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !FASTIFY_OWN_HEADERS.has(name)) headers[name] = value;
    }
    return headers;
  } finally {
    await probe.close();
  }
}

const API_PREFIX = '/api/';

function isApiUrl(url: string): boolean {
  return url.startsWith(API_PREFIX) || url === '/api' || url.startsWith('/api?');
}

/**
 * The headers of every answer (docs/api.md, Conventions): `no-store` on the API's, whose answers carry
 * personal data and set session cookies, errors included; helmet's on all, with the portal's CSP.
 */
export const securityHeaders = fp<ServerConfig>(
  async (app, config) => {
    // The hooks every request runs take a callback, not a promise: they never wait for anything.
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
      done();
    });
    const headers = await securityHeadersOf(helmetOptions(config));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
