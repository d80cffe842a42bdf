import type { FastifyInstance } from 'fastify';
import { guardSignedInScope } from '../auth/guard';
import { guardResellerApiScope } from '../auth/resellerKeys';
import { guardStaffScope } from '../auth/staffGuard';
import type { StaffGroups } from '../auth/staffRoles';
import type { RateLimits } from '../config';
import { perAddressQuota, perSessionQuota } from '../plugins/quotaShield';
import type { ConsoleRouteFamily, RouteContext, RouteFamily } from './context';

// The API's four scopes (docs/architecture.md, Server): what a route may do without a session is
// decided by the scope it is registered in, so a new route cannot forget its guard; the folder a
// route's file sits in (open/, signed-in/, reseller-api/ or console/) names its scope.

export interface ScopeOptions extends RouteContext {
  /** The quota shield's limits (docs/security.md). */
  rateLimits: RateLimits;
  routes: readonly RouteFamily[];
}

export interface OpenScopeOptions extends ScopeOptions {
  /** The load balancer's checks: open and polled often, so never limited (docs/api.md). */
  probes: readonly RouteFamily[];
}

/** Routes anyone may call (docs/security.md): the probes, and the others limited per address. */
export async function openScope(scope: FastifyInstance, options: OpenScopeOptions): Promise<void> {
  const { probes, routes, rateLimits, ...context } = options;
  for (const probe of probes) await scope.register(probe, context);
  await scope.register(async (limited) => {
    await limited.register(perAddressQuota, { limits: rateLimits, metrics: context.metrics });
    for (const family of routes) await limited.register(family, context);
  });
}

/** Routes for a live session only: its guard, then its quota, run before every one of them. */
export async function signedInScope(scope: FastifyInstance, options: ScopeOptions): Promise<void> {
  const { routes, rateLimits, ...context } = options;
  guardSignedInScope(scope, context.now, context.store, context.provider, context.settings);
  // After the guard, so the per-session and per-customer limits count verified sessions only.
  await scope.register(perSessionQuota, { limits: rateLimits, metrics: context.metrics });
  for (const family of routes) await scope.register(family, context);
}

export interface ResellerApiScopeOptions extends ScopeOptions {
  /** RESELLER_API_KEYS: a billing system's bearer keys (docs/security.md). */
  keys: readonly string[];
}

/** Routes for the reseller's billing systems: a key, never a session; every request counts per address. */
export async function resellerApiScope(
  scope: FastifyInstance,
  options: ResellerApiScopeOptions,
): Promise<void> {
  const { routes, rateLimits, keys, ...context } = options;
  // The quota before the key, so a request with a wrong key counts as any other (docs/security.md).
  await scope.register(perAddressQuota, { limits: rateLimits, metrics: context.metrics });
  guardResellerApiScope(scope, keys, context.now);
  for (const family of routes) await scope.register(family, context);
}

export interface ConsoleScopeOptions extends Omit<ScopeOptions, 'routes'> {
  /** RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP (docs/security.md, The reseller's console). */
  staffGroups: StaffGroups;
  /** Signs the customers' list's page tokens (docs/api.md, GET /api/reseller/customers). */
  pageTokenSecret: string;
  /** The staff sign-in: the token proves who calls, so it is limited per address as the open scope. */
  signIn: readonly ConsoleRouteFamily[];
  /** A live staff session only: its guard (live groups, support only reads), then its quota. */
  routes: readonly ConsoleRouteFamily[];
}

/** The reseller console's routes: its sign-in, then the routes of a staff session. */
export async function consoleScope(scope: FastifyInstance, options: ConsoleScopeOptions) {
  const { routes, signIn, rateLimits, staffGroups, pageTokenSecret, ...context } = options;
  const consoleContext = { ...context, staffGroups, pageTokenSecret };
  await scope.register(async (open) => {
    await open.register(perAddressQuota, { limits: rateLimits, metrics: context.metrics });
    for (const family of signIn) await open.register(family, consoleContext);
  });
  await scope.register(async (guarded) => {
    guardStaffScope(guarded, context.now, context.store, context.provider, staffGroups);
    // Staff sessions act for no customer, so they count per session only.
    const quota = { limits: rateLimits, metrics: context.metrics, perCustomer: false };
    await guarded.register(perSessionQuota, quota);
    for (const family of routes) await guarded.register(family, consoleContext);
  });
}
