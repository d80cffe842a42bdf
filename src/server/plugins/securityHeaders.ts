import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

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

/** Sets the headers on every answer of `app`; they are read while the app loads its plugins. */
export function addSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): void {
  let headers: Record<string, HeaderValue> = {};
  void app.register(async () => {
    headers = await securityHeadersOf(options);
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
