import type { FastifyInstance, RouteOptions } from 'fastify';

// The app's route table as Fastify will run it: each route with the hooks of every scope it sits in
// and its own, in their order, read from Fastify's own print of its routes (printRoutes with
// includeHooks), so the table proves what runs rather than what the code meant to add.

/** The quota shield's limits (quotaShield.ts). */
export type QuotaHookKind = 'address' | 'session and customer' | 'session';
type Check = 'session' | 'staff session' | 'key' | QuotaHookKind;

export interface RouteRecord {
  method: string;
  url: string;
  sessionHook: boolean;
  /** The session hooks, the reseller API's key and the quota shield's limits among its onRequest hooks, in order. */
  checks?: Check[];
  holderHook: boolean;
  /** The console's live staff role check (auth/staffGuard.ts) among its preHandler hooks. */
  staffRoleHook?: boolean;
}

/**
 * The API routes anyone may call without a session (docs/security.md, Open routes): the table's
 * expectation, which the open scope (routes/scopes.ts) must meet and the signed-in scope never does.
 */
export const OPEN_API_ROUTES: readonly string[] = [
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/ready',
  'HEAD /api/ready',
  'GET /api/email-validator',
  'HEAD /api/email-validator',
  'GET /api/subscription-info',
  'HEAD /api/subscription-info',
  'POST /api/sign-out',
  'GET /api/reseller/console/sign-in',
  'HEAD /api/reseller/console/sign-in',
];

/**
 * The reseller console's routes (docs/security.md, The reseller's console): a staff session, never a
 * customer's, so neither open nor signed-in.
 */
export const CONSOLE_API_ROUTES: readonly string[] = [
  'GET /api/reseller/console/session',
  'HEAD /api/reseller/console/session',
  'GET /api/reseller/customers',
  'HEAD /api/reseller/customers',
  'GET /api/reseller/customers/:customerId/settings',
  'HEAD /api/reseller/customers/:customerId/settings',
  'PUT /api/reseller/customers/:customerId/settings',
  'GET /api/reseller/defaults',
  'HEAD /api/reseller/defaults',
  'PUT /api/reseller/defaults',
  'GET /api/reseller/audit',
  'HEAD /api/reseller/audit',
  'GET /api/reseller/ledger',
  'HEAD /api/reseller/ledger',
];

/**
 * The reseller API's routes (docs/security.md, The reseller API): a bearer key, never a session, so
 * neither open nor signed-in.
 */
export const RESELLER_API_ROUTES: readonly string[] = [
  'GET /api/reseller/events',
  'HEAD /api/reseller/events',
];

/**
 * The names the hooks are declared under (auth/guard.ts, quotaShield.ts), as Fastify prints them; a
 * renamed hook leaves the routes without their check here, so the tests fail rather than pass.
 */
const SESSION_HOOK = 'liveSession()';
const HOLDER_HOOK = 'liveSessionHolder()';
const STAFF_SESSION_HOOK = 'liveStaffSession()';
const STAFF_ROLE_HOOK = 'liveStaffRole()';
const KEY_HOOK = 'resellerApiKey()';
const QUOTA_HOOKS: Readonly<Record<string, QuotaHookKind>> = {
  'perAddressQuota()': 'address',
  'perSessionAndCustomerQuota()': 'session and customer',
  'perStaffSessionQuota()': 'session',
};

type PrintedHooks = Map<string, Record<string, string[]>>;

/** Each level of Fastify's printed tree is indented by this many characters. */
const TREE_INDENT = 4;

/**
 * `GET /api/history` → { onRequest: [...], preHandler: [...] }, from Fastify's print of its route
 * tree: a node's line ends in its path's segment and methods (its other methods on the next lines,
 * one level deeper and without a branch), each hook line in the hook's name and the hooks' names.
 */
function printedHooks(app: FastifyInstance): PrintedHooks {
  const hooks: PrintedHooks = new Map();
  const segments: string[] = [];
  let current: Record<string, string[]>[] = [];
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    const hook = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (hook !== null) {
      const names = JSON.parse(hook[2] ?? '[]') as string[];
      for (const route of current) route[hook[1] ?? ''] = names;
      continue;
    }
    const node = /^([│├└─ ]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (node === null) continue;
    const [, tree = '', segment = '', methods = ''] = node;
    const depth = tree.length / TREE_INDENT - 1;
    if (tree.includes('─')) segments.splice(depth, segments.length, segment);
    const url = segments.join('');
    current = methods.split(', ').map((method) => {
      const entry: Record<string, string[]> = {};
      hooks.set(`${method} ${url}`, entry);
      return entry;
    });
  }
  return hooks;
}

function checksOf(onRequest: readonly string[]): Check[] {
  return onRequest.flatMap((name): Check[] => {
    if (name === SESSION_HOOK) return ['session' as const];
    if (name === STAFF_SESSION_HOOK) return ['staff session' as const];
    if (name === KEY_HOOK) return ['key' as const];
    const kind = QUOTA_HOOKS[name];
    return kind === undefined ? [] : [kind];
  });
}

/** Starts recording; call it before the app is ready, read the table after. */
export function recordRoutes(app: FastifyInstance): () => RouteRecord[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  return () => {
    const printed = printedHooks(app);
    return routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => {
        const hooks = printed.get(`${String(method)} ${route.url}`);
        if (hooks === undefined) throw new Error(`${String(method)} ${route.url} is not printed`);
        const checks = checksOf(hooks.onRequest ?? []);
        return {
          method: String(method),
          url: route.url,
          sessionHook: checks.includes('session'),
          checks,
          holderHook: (hooks.preHandler ?? []).includes(HOLDER_HOOK),
          ...((hooks.preHandler ?? []).includes(STAFF_ROLE_HOOK) ? { staffRoleHook: true } : {}),
        };
      }),
    );
  };
}

export function isApiRoute(route: Pick<RouteRecord, 'url'>): boolean {
  return route.url === '/api' || route.url.startsWith('/api/');
}

/**
 * Whether an API route is expected in the signed-in scope: neither open nor the reseller API's, by the
 * lists above (docs/architecture.md, The API's three scopes), not by the hooks it happens to have.
 */
export function isSignedInApiRoute(route: Pick<RouteRecord, 'method' | 'url'>): boolean {
  const name = `${route.method} ${route.url}`;
  return (
    isApiRoute(route) &&
    !OPEN_API_ROUTES.includes(name) &&
    !RESELLER_API_ROUTES.includes(name) &&
    !CONSOLE_API_ROUTES.includes(name)
  );
}

/** API routes that are neither open (nor the reseller API's) nor guarded by a session hook: none may exist. */
export function unguardedApiRoutes(routes: readonly RouteRecord[]): string[] {
  return routes
    .filter(isSignedInApiRoute)
    .filter((route) => !route.sessionHook)
    .map((route) => `${route.method} ${route.url}`);
}

/** API routes under the console's paths without the staff session hook and the live role check. */
export function unguardedConsoleRoutes(routes: readonly RouteRecord[]): string[] {
  return routes
    .filter((route) => CONSOLE_API_ROUTES.includes(`${route.method} ${route.url}`))
    .filter((route) => !route.checks?.includes('staff session') || route.staffRoleHook !== true)
    .map((route) => `${route.method} ${route.url}`);
}

/** Signed-in API routes without the check that the live user still belongs to the session's customer. */
export function unheldApiRoutes(routes: readonly RouteRecord[]): string[] {
  return routes
    .filter(isSignedInApiRoute)
    .filter((route) => !route.holderHook)
    .map((route) => `${route.method} ${route.url}`);
}
