import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_PATHS } from '../contract/api';
import { ApiError } from './apiError';
import { answerClientError } from './clientError';
import { decorateCookieSecurity } from './auth/sessionCookies';
import type { ServerConfig, TrustProxy } from './config';
import { helmetOptions } from './contentSecurity';
import { DEFAULT_REQUEST_DEADLINE_MS, installRequestDeadline } from './deadline';
import { envelope, installErrorHandling, sendError } from './errorHandler';
import { BODY_LIMIT_BYTES } from './limits';
import { createLogger, OneLinePerRequest } from './logger';
import { SERVER_TEXT } from './messages';
import { createPortalMetrics, measureRequests, timedStore, type PortalMetrics } from './metrics';
import type { PortalProvider } from './providers/provider';
import { pricesOf, type PriceList } from './prices/priceList';
import { IPV6_CLIENT_PREFIX_BITS } from './quotaShield';
import type { Sandbox } from './providers/sandbox';
import { addLicenceRoutes } from './routes/addLicence';
import type { RouteContext } from './routes/context';
import { delegateRoutes } from './routes/delegates';
import { emailValidatorRoutes } from './routes/emailValidator';
import { healthRoutes } from './routes/health';
import { readyRoutes } from './routes/ready';
import { historyRoutes } from './routes/history';
import { photoRoutes } from './routes/photo';
import { pricePreviewRoutes } from './routes/pricePreview';
import { openScope, signedInScope } from './routes/scopes';
import { signOutRoutes } from './routes/signOut';
import { subscriptionInfoRoutes } from './routes/subscriptionInfo';
import { sandboxRoutes } from './sandbox/routes';
import { addSecurityHeaders } from './securityHeaders';
import { changeServicePlugin } from './services/changes';
import { spaRoutes } from './spa';
import { createSqliteStore } from './store/openStore';
import type { PortalStore } from './store/portalStore';

export interface BuildAppOptions {
  config: ServerConfig;
  provider: PortalProvider;
  /** Present when the provider is the sandbox: its popup and stand-in pages are served too. */
  sandbox?: Sandbox;
  /**
   * The portal store, opened and migrated by the caller (main.ts: openPortalStore), who closes it.
   * Without one the app keeps a store in memory for its own lifetime (tests that need no restart).
   */
  store?: PortalStore;
  /** Epoch-ms clock for session expiry; tests move it. */
  now?: () => number;
  /** A pino logger (see createLogger); tests pass one that writes to memory. */
  logger?: FastifyBaseLogger;
  /** Each API request's overall deadline (PORTAL_REQUEST_DEADLINE_MS). */
  requestDeadlineMs?: number;
  /** The app's metrics (main.ts serves them on METRICS_PORT); default a registry of its own. */
  metrics?: PortalMetrics;
  /** The reseller's prices (main.ts reads PRICE_FILE at start-up); default read from config.priceFile. */
  prices?: PriceList | null;
}

const API_PREFIX = '/api/';
const HTTP_NOT_FOUND = 404;
const HTTP_METHOD_NOT_ALLOWED = 405;
/** The methods the API's routes use (docs/api.md, Endpoints); Fastify answers HEAD for every GET. */
const API_METHODS = ['GET', 'HEAD', 'POST'] as const;

function isApiUrl(url: string): boolean {
  return url.startsWith(API_PREFIX) || url === '/api' || url.startsWith('/api?');
}

/** Fastify's types take a hop count as a function: trust the nearest n proxies. */
function proxyTrust(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The whole portal as one Fastify app, not yet listening (main.ts listens; tests use port 0). */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config, provider, sandbox } = options;
  const now = options.now ?? Date.now;
  const metrics = options.metrics ?? createPortalMetrics();
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: proxyTrust(config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    // Bodies are checked as sent: no type coercion, and unknown fields are refused, not dropped.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } },
    frameworkErrors: (error, request, reply) => {
      sendError(error, request, reply);
    },
    clientErrorHandler: answerClientError,
  });

  app.decorateRequest('portalSession', null);
  app.decorateRequest('sessionHolder', null);
  // Google mode always sets __Host- Secure cookies; the sandbox when reached over https (docs/security.md).
  decorateCookieSecurity(app, config);
  installErrorHandling(app);
  measureRequests(app, metrics);
  // The hooks every request runs take a callback, not a promise: they never wait for anything.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // API answers carry personal data and set session cookies: no cache may keep any of them, errors
  // included (docs/api.md, Conventions).
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX) || request.url === '/api') {
      const path = request.url.split('?')[0] ?? '';
      // A known endpoint called with another method: 405 naming the methods it does answer.
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

  void app.register(fastifyCookie, { secret: config.sessionSecret, hook: 'onRequest' });
  addSecurityHeaders(app, helmetOptions(config));
  void app.register(fastifyRateLimit, {
    global: false,
    ipv6Subnet: IPV6_CLIENT_PREFIX_BITS,
    errorResponseBuilder: (_request, context) => {
      // Only routes with their own limit reach this builder; the quota shield counts its own.
      metrics.rateLimitRefusals.inc({ limit: 'route' });
      return new ApiError(429, 'RESOURCE_EXHAUSTED', SERVER_TEXT.rateLimited(context.after));
    },
  });

  let store = options.store;
  if (store === undefined) {
    const memory = createSqliteStore(':memory:');
    store = memory.store;
    app.addHook('onReady', memory.migrate);
    app.addHook('onClose', () => memory.store.close());
  }
  store = timedStore(store, metrics);
  metrics.watchStore(store);

  const routeContext: RouteContext = {
    provider,
    store,
    now,
    purchaseGraceMs: config.purchaseGraceMs,
    metrics,
    prices: options.prices === undefined ? pricesOf(config) : options.prices,
  };
  const requestDeadlineMs = options.requestDeadlineMs ?? DEFAULT_REQUEST_DEADLINE_MS;
  void app.register(async (scope) => {
    // Each route's request and answer types come from its schema (src/contract/endpoints.ts).
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    // The API speaks JSON only: any other body is a 415, not a string that fails later.
    api.removeContentTypeParser('text/plain');
    // A purchase's deadline covers the write's own limit after the reads before it (README).
    installRequestDeadline(api, requestDeadlineMs, {
      [API_PATHS.addLicence]: requestDeadlineMs + (provider.writeTimeoutMs ?? 0),
    });
    const rateLimits = config.rateLimit;
    // Once, before both scopes: every change to Google goes through it (services/changes.ts).
    await api.register(changeServicePlugin, routeContext);
    // Sign-out reads the session itself: without a live one it still clears the cookies (docs/api.md).
    await api.register(openScope, {
      ...routeContext,
      rateLimits,
      probes: [healthRoutes, readyRoutes],
      routes: [emailValidatorRoutes, subscriptionInfoRoutes, signOutRoutes],
    });
    await api.register(signedInScope, {
      ...routeContext,
      rateLimits,
      routes: [addLicenceRoutes, delegateRoutes, historyRoutes, photoRoutes, pricePreviewRoutes],
    });
  });

  if (sandbox !== undefined) {
    // Registered after the rate limiter, so the sandbox's token endpoint gets its own route limit.
    void app.register(sandboxRoutes, { sandbox, clientId: config.googleClientId });
  }

  void app.register(spaRoutes, config);
  return app;
}
