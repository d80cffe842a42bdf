import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
  throw new ApiError(429, message(waitInWords(seconds)));
}

/** The session the scope's session hook verified (auth/guard.ts runs before the shield). */
function verifiedSession(request: FastifyRequest) {
  if (request.portalSession === null) {
    throw new Error(
      `The quota shield ran before the session hook on ${request.method} ${request.url}`,
    );
  }
  return request.portalSession;
}

/** A customer's or a staff session, as the scope's guard verified it. */
function verifiedSessionId(request: FastifyRequest): string {
  const session = request.portalSession ?? request.staffSession;
  if (session === null) {
    throw new Error(
      `The quota shield ran before the session hook on ${request.method} ${request.url}`,
    );
  }
  return session.sid;
}

export interface QuotaOptions {
  /** The quota shield's limits (docs/security.md). */
  limits: RateLimits;
  metrics?: PortalMetrics;
}

/**
 * @fastify/rate-limit on the app, for `createRateLimit` and the few routes with a limit of their own
 * (the sandbox's token endpoint); the shield's quotas below count with it.
 */
export const routeLimits = fp<{ metrics: PortalMetrics }>(
  async (app, { metrics }) => {
    await app.register(fastifyRateLimit, {
      global: false,
      ipv6Subnet: IPV6_CLIENT_PREFIX_BITS,
      errorResponseBuilder: (_request, context) => {
        // Only routes with their own limit reach this builder; the quota shield counts its own.
        metrics.rateLimitRefusals.inc({ limit: 'route' });
        return new ApiError(429, SERVER_TEXT.rateLimited(context.after));
      },
    });
  },
  { name: 'route-limits' },
);

/** Each quota of the shield (docs/security.md): its limit, what it counts by, and its 429's text. */
const QUOTAS = {
  address: {
    max: (limits: RateLimits) => limits.max,
    key: (request: FastifyRequest) =>
      `${request.routeOptions.url ?? ''} ${clientAddressKey(request.ip)}`,
    message: SERVER_TEXT.rateLimited,
  },
  session: {
    max: (limits: RateLimits) => limits.perSession,
    key: verifiedSessionId,
    message: SERVER_TEXT.rateLimited,
  },
  customer: {
    max: (limits: RateLimits) => limits.perCustomer,
    key: (request: FastifyRequest) => verifiedSession(request).customerId,
    message: SERVER_TEXT.organisationRateLimited,
  },
} as const;

type RefusedLimit = keyof typeof QUOTAS;

/** One quota of the scope, as a check of a request that throws the 429 past its limit. */
function quota(scope: FastifyInstance, { limits, metrics }: QuotaOptions, limit: RefusedLimit) {
  const { max, key, message } = QUOTAS[limit];
  const count = scope.createRateLimit({
    max: max(limits),
    timeWindow: limits.windowMs,
    keyGenerator: key,
  });
  const refused = () => metrics?.rateLimitRefusals.inc({ limit });
  return async (request: FastifyRequest, reply: FastifyReply) =>
    refuseWhenExceeded(await count(request), reply, message, refused);
}

/** For the open scope: each client address, per route (docs/security.md). */
export const perAddressQuota = fp<QuotaOptions>(
  async (scope, options) => {
    const perAddress = quota(scope, options, 'address');
    scope.addHook('onRequest', async function perAddressQuota(request, reply) {
      await perAddress(request, reply);
    });
  },
  { name: 'per-address-quota' },
);

export interface SessionQuotaOptions extends QuotaOptions {
  /** Staff sessions act for no customer: the console's scope counts per session only. */
  perCustomer?: boolean;
}

/**
 * For the signed-in and console scopes, after their session hook, so only verified sessions count:
 * each session, then its customer (all its sessions), over every route of the scope.
 */
export const perSessionQuota = fp<SessionQuotaOptions>(
  async (scope, options) => {
    const perSession = quota(scope, options, 'session');
    const perCustomer = options.perCustomer === false ? null : quota(scope, options, 'customer');
    if (perCustomer === null) {
      scope.addHook('onRequest', async function perStaffSessionQuota(request, reply) {
        await perSession(request, reply);
      });
      return;
    }
    // A session over its own limit is refused before it counts against its customer's.
    scope.addHook('onRequest', async function perSessionAndCustomerQuota(request, reply) {
      await perSession(request, reply);
      await perCustomer(request, reply);
    });
  },
  { name: 'per-session-quota' },
);
