import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../apiError';
import type { RateLimits } from '../config';
import { SERVER_TEXT } from '../messages';
import type { PortalMetrics } from './metrics';

// The quota shield (docs/security.md): each call may spend the Google quota all customers share.

/** An IPv6 client usually holds a whole /64, so its addresses count as one (IPv4: one address). */
export const IPV6_CLIENT_PREFIX_BITS = 64;

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

/** The session the signed-in scope's session hook verified (auth/guard.ts runs before the shield). */
function verifiedSession(request: FastifyRequest) {
  if (request.portalSession === null) {
    throw new Error(
      `The quota shield ran before the session hook on ${request.method} ${request.url}`,
    );
  }
  return request.portalSession;
}

type RefusedLimit = 'address' | 'session' | 'customer';

function countRefusal(metrics: PortalMetrics | undefined, limit: RefusedLimit) {
  return () => metrics?.rateLimitRefusals.inc({ limit });
}

/** For the open scope: each client address, per route (docs/security.md). */
export function limitPerAddress(
  scope: FastifyInstance,
  limits: RateLimits,
  metrics?: PortalMetrics,
): void {
  const perAddress = scope.createRateLimit({
    max: limits.max,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${request.routeOptions.url ?? ''} ${clientAddressKey(request.ip)}`,
  });
  scope.addHook('onRequest', async function perAddressQuota(request, reply) {
    refuseWhenExceeded(
      await perAddress(request),
      reply,
      SERVER_TEXT.rateLimited,
      countRefusal(metrics, 'address'),
    );
  });
}

/**
 * For the signed-in scope, after its session hook, so only verified sessions count: each session,
 * then its customer (all its sessions), over every signed-in route.
 */
export function limitPerSessionAndCustomer(
  scope: FastifyInstance,
  limits: RateLimits,
  metrics?: PortalMetrics,
): void {
  const perSession = scope.createRateLimit({
    max: limits.perSession,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => verifiedSession(request).sid,
  });
  const perCustomer = scope.createRateLimit({
    max: limits.perCustomer,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => verifiedSession(request).customerId,
  });
  // A session over its own limit is refused before it counts against its customer's.
  scope.addHook('onRequest', async function perSessionAndCustomerQuota(request, reply) {
    refuseWhenExceeded(
      await perSession(request),
      reply,
      SERVER_TEXT.rateLimited,
      countRefusal(metrics, 'session'),
    );
    refuseWhenExceeded(
      await perCustomer(request),
      reply,
      SERVER_TEXT.organisationRateLimited,
      countRefusal(metrics, 'customer'),
    );
  });
}
