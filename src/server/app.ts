import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API_PATHS } from '../contract/api';
import { decorateCookieSecurity } from './auth/sessionCookies';
import type { ServerConfig, TrustProxy } from './config';
import { BODY_LIMIT_BYTES } from './limits';
import { answerClientError } from './plugins/clientError';
import { DEFAULT_REQUEST_DEADLINE_MS, requestDeadline } from './plugins/deadline';
import { errorEnvelope, sendError } from './plugins/errorHandler';
import { createLogger, OneLinePerRequest, requestIds } from './plugins/logger';
import {
  createPortalMetrics,
  requestMetrics,
  timedStore,
  type PortalMetrics,
} from './plugins/metrics';
import { routeLimits } from './plugins/quotaShield';
import { securityHeaders } from './plugins/securityHeaders';
import { pricesOf, type PriceList } from './prices/priceList';
import type { PortalProvider } from './providers/provider';
import type { Sandbox } from './providers/sandbox';
import type { RouteContext } from './routes/context';
import { consoleRoutes, consoleSignInRoutes } from './routes/console';
import { openRoutes, probes } from './routes/open';
import { resellerApiRoutes } from './routes/reseller-api';
import { consoleScope, openScope, resellerApiScope, signedInScope } from './routes/scopes';
import { signedInRoutes } from './routes/signed-in';
import { sandboxRoutes } from './sandbox/routes';
import { changeServicePlugin } from './services/changes';
import { createPortalSettings, type PortalSettings } from './settings/portalSettings';
import { defaultSettingsSeed } from './settings/settingsSeed';
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
  /**
   * The customers' settings over `store`, read (main.ts: openPortalSettings), and the provider's seat
   * policy. Without them the app reads the store's own once ready; the app refreshes them while it runs.
   */
  settings?: PortalSettings;
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
  app.decorateRequest('staffSession', null);
  app.decorateRequest('staffIdentity', null);
  // Google mode always sets __Host- Secure cookies; the sandbox when reached over https (docs/security.md).
  decorateCookieSecurity(app, config);
  // The request-wide plugins (src/server/plugins, docs/architecture.md), each hooking the whole app.
  void app.register(errorEnvelope);
  void app.register(requestMetrics, { metrics });
  void app.register(requestIds);
  void app.register(securityHeaders, config);
  void app.register(fastifyCookie, { secret: config.sessionSecret, hook: 'onRequest' });
  void app.register(routeLimits, { metrics });

  let store = options.store;
  if (store === undefined) {
    const memory = createSqliteStore(':memory:');
    store = memory.store;
    app.addHook('onReady', memory.migrate);
    app.addHook('onClose', () => memory.store.close());
  }
  store = timedStore(store, metrics);
  metrics.watchStore(store);
  let settings = options.settings;
  if (settings === undefined) {
    const unread = createPortalSettings(store, { log: app.log });
    const seeded = store;
    app.addHook('onReady', async () => {
      await seeded.seedSettings(defaultSettingsSeed(now()));
      await unread.refresh();
    });
    settings = unread;
  }
  // A change made on another instance applies here within SETTINGS_REFRESH_MS (docs/reseller-console.md).
  const polled = settings;
  app.addHook('onReady', async () => polled.start());
  app.addHook('onClose', async () => polled.stop());

  const routeContext: RouteContext = {
    provider,
    store,
    now,
    purchaseGraceMs: config.purchaseGraceMs,
    metrics,
    prices: options.prices === undefined ? pricesOf(config) : options.prices,
    settings,
  };
  const requestDeadlineMs = options.requestDeadlineMs ?? DEFAULT_REQUEST_DEADLINE_MS;
  void app.register(async (scope) => {
    // Each route's request and answer types come from its schema (src/contract/endpoints.ts).
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    // The API speaks JSON only: any other body is a 415, not a string that fails later.
    api.removeContentTypeParser('text/plain');
    // A purchase's deadline covers the write's own limit after the reads before it (README).
    await api.register(requestDeadline, {
      ms: requestDeadlineMs,
      longer: { [API_PATHS.addLicence]: requestDeadlineMs + (provider.writeTimeoutMs ?? 0) },
    });
    const rateLimits = config.rateLimit;
    // Once, before both scopes: every change to Google goes through it (services/changes.ts).
    await api.register(changeServicePlugin, routeContext);
    // Each folder of routes/ is one scope: routes/open, routes/signed-in, routes/reseller-api and
    // routes/console.
    await api.register(openScope, { ...routeContext, rateLimits, probes, routes: openRoutes });
    await api.register(signedInScope, { ...routeContext, rateLimits, routes: signedInRoutes });
    await api.register(resellerApiScope, {
      ...routeContext,
      rateLimits,
      keys: config.resellerApiKeys,
      routes: resellerApiRoutes,
    });
    // Off without its staff groups (google mode): its paths are then unknown, 404 (docs/api.md).
    if (config.staffGroups !== null) {
      await api.register(consoleScope, {
        ...routeContext,
        rateLimits,
        staffGroups: config.staffGroups,
        pageTokenSecret: config.sessionSecret,
        signIn: consoleSignInRoutes,
        routes: consoleRoutes,
      });
    }
  });

  if (sandbox !== undefined) {
    // Registered after the rate limiter, so the sandbox's token endpoint gets its own route limit.
    void app.register(sandboxRoutes, { sandbox, clientId: config.googleClientId });
  }

  void app.register(spaRoutes, config);
  return app;
}
