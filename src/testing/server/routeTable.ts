import type { FastifyInstance, RouteOptions } from 'fastify';
import { hasHolderHook, hasSessionHook, isOpenApiRoute } from '../../server/auth/guard';
import { quotaHooksOf, type QuotaHookKind } from '../../server/quotaShield';

// The app's route table as Fastify will run it: every route with the session hook, if any, among its
// own onRequest hooks, and the session holder's check among its preHandler hooks. The API scope's guard adds those hooks while routes are registered, so the
// table is read after the app is ready.

export interface RouteRecord {
  method: string;
  url: string;
  sessionHook: boolean;
  /** The session hook and the quota shield's limits among its onRequest hooks, in their order. */
  checks?: ('session' | QuotaHookKind)[];
  holderHook: boolean;
}

function checksOf(route: RouteOptions): ('session' | QuotaHookKind)[] {
  const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
  return hooks.flatMap((hook) =>
    hasSessionHook({ onRequest: hook }) ? ['session' as const] : quotaHooksOf({ onRequest: hook }),
  );
}

/** Starts recording; call it before the app is ready, read the table after. */
export function recordRoutes(app: FastifyInstance): () => RouteRecord[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  return () =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method: String(method),
        url: route.url,
        sessionHook: hasSessionHook(route),
        checks: checksOf(route),
        holderHook: hasHolderHook(route),
      })),
    );
}

export function isApiRoute(route: Pick<RouteRecord, 'url'>): boolean {
  return route.url === '/api' || route.url.startsWith('/api/');
}

/** API routes that are neither open nor guarded by a session hook: none may exist. */
export function unguardedApiRoutes(routes: readonly RouteRecord[]): string[] {
  return routes
    .filter((route) => isApiRoute(route) && !isOpenApiRoute(route.method, route.url))
    .filter((route) => !route.sessionHook)
    .map((route) => `${route.method} ${route.url}`);
}

/** Signed-in API routes without the check that the live user still belongs to the session's customer. */
export function unheldApiRoutes(routes: readonly RouteRecord[]): string[] {
  return routes
    .filter((route) => isApiRoute(route) && !isOpenApiRoute(route.method, route.url))
    .filter((route) => !route.holderHook)
    .map((route) => `${route.method} ${route.url}`);
}
