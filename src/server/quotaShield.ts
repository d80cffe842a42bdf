import { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { ApiError } from './apiError';
import { isOpenApiRoute } from './auth/guard';
import type { RateLimits } from './config';
import { SERVER_TEXT } from './messages';
import type { PortalMetrics } from './metrics';

// The quota shield (docs/security.md): each call may spend the Google quota all customers share.

/** An IPv6 client usually holds a whole /64, so its addresses count as one (IPv4: one address). */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/** Open routes without a limit: load balancers poll the health and readiness checks often. */
const UNLIMITED_API_ROUTES: readonly string[] = [
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/ready',
  'HEAD /api/ready',
];

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Verdict = Awaited<ReturnType<Limiter>>;

/** The counting key of a client address: IPv6 by its /64, IPv4-mapped IPv6 as the IPv4 address. */
export function clientAddressKey(ip: string): string {
  return normalizeIP(ip, IPV6_CLIENT_PREFIX_BITS);
}

/** "30 seconds", "1 minute": the wait in words for the 429's message. */
export function waitInWords(seconds: number): string {
  const [amount, unit] =
    seconds < SECONDS_PER_MINUTE
      ? [seconds, 'second']
      : [Math.round(seconds / SECONDS_PER_MINUTE), 'minute'];
  return new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

/** The contract's 429 with Retry-After when the verdict is over its limit. */
function refuseWhenExceeded(
  verdict: Verdict,
  reply: { header(name: string, value: number): unknown },
  message: (wait: string) => string,
  refused?: () => void,
): void {
  if (verdict.isAllowed || !verdict.isExceeded) return;
  refused?.();
  const seconds = Math.max(1, Math.ceil(verdict.ttl / MS_PER_SECOND));
  reply.header('retry-after', seconds);
  throw new ApiError(429, 'RESOURCE_EXHAUSTED', message(waitInWords(seconds)));
}

/** The session the route's session hook verified (auth/guard.ts runs before the shield). */
function verifiedSession(request: FastifyRequest) {
  if (request.portalSession === null) {
    throw new Error(
      `The quota shield ran before the session hook on ${request.method} ${request.url}`,
    );
  }
  return request.portalSession;
}

export type QuotaHookKind = 'address' | 'session and customer';
const QUOTA_HOOKS = new WeakMap<object, QuotaHookKind>();

function methodsOf(route: Pick<RouteOptions, 'method'>): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map(String);
}

function routeHooks(route: Pick<RouteOptions, 'onRequest'>): onRequestAsyncHookHandler[] {
  if (route.onRequest === undefined) return [];
  const hooks = Array.isArray(route.onRequest) ? [...route.onRequest] : [route.onRequest];
  return hooks as onRequestAsyncHookHandler[];
}

/** Which of the shield's limits the route's own onRequest hooks apply, in their order. */
export function quotaHooksOf(route: Pick<RouteOptions, 'onRequest'>): QuotaHookKind[] {
  return routeHooks(route).flatMap((hook) => {
    const kind = QUOTA_HOOKS.get(hook);
    return kind === undefined ? [] : [kind];
  });
}

/** The API scope's onRoute hook, after the guard's: a session is verified before it counts. */
export function shieldApiRoutes(app: FastifyInstance, limits: RateLimits, metrics?: PortalMetrics) {
  const refused = (limit: 'address' | 'session' | 'customer') => () =>
    metrics?.rateLimitRefusals.inc({ limit });
  const timeWindow = limits.windowMs;
  const perAddress = app.createRateLimit({
    max: limits.max,
    timeWindow,
    keyGenerator: (request) => `${request.routeOptions.url ?? ''} ${clientAddressKey(request.ip)}`,
  });
  const perSession = app.createRateLimit({
    max: limits.perSession,
    timeWindow,
    keyGenerator: (request) => verifiedSession(request).sid,
  });
  const perCustomer = app.createRateLimit({
    max: limits.perCustomer,
    timeWindow,
    keyGenerator: (request) => verifiedSession(request).customerId,
  });

  const addressHook: onRequestAsyncHookHandler = async (request, reply) => {
    refuseWhenExceeded(
      await perAddress(request),
      reply,
      SERVER_TEXT.rateLimited,
      refused('address'),
    );
  };
  // A session over its own limit is refused before it counts against its customer's.
  const sessionHook: onRequestAsyncHookHandler = async (request, reply) => {
    refuseWhenExceeded(
      await perSession(request),
      reply,
      SERVER_TEXT.rateLimited,
      refused('session'),
    );
    refuseWhenExceeded(
      await perCustomer(request),
      reply,
      SERVER_TEXT.organisationRateLimited,
      refused('customer'),
    );
  };
  QUOTA_HOOKS.set(addressHook, 'address');
  QUOTA_HOOKS.set(sessionHook, 'session and customer');

  return (route: RouteOptions): void => {
    const methods = methodsOf(route);
    if (methods.every((method) => UNLIMITED_API_ROUTES.includes(`${method} ${route.url}`))) return;
    const open = methods.every((method) => isOpenApiRoute(method, route.url));
    route.onRequest = [...routeHooks(route), open ? addressHook : sessionHook];
  };
}
