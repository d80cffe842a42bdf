import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  RESELLER_API_PREFIX,
  TOKEN_HEADER,
  XSRF_HEADER,
  sessionCookieNames,
} from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import { buildApp } from '../app';
import { sessionOf } from '../auth/guard';
import { readConfig } from '../config';
import { createLogger } from '../plugins/logger';
import { openSandbox } from '../providers/sandbox';
import type { RouteFamily } from '../routes/context';
import { signedInScope } from '../routes/scopes';
import { openPortalSettings } from '../settings/portalSettings';
import { defaultSettingsSeed } from '../settings/settingsSeed';
import { createSqliteStore } from '../store/openStore';
import {
  CONSOLE_API_ROUTES,
  isApiRoute,
  OPEN_API_ROUTES,
  recordRoutes,
  RESELLER_API_ROUTES,
  unguardedApiRoutes,
  unguardedConsoleRoutes,
  unheldApiRoutes,
} from '../../testing/server/routeTable';
import { removeDataDir, portalForTests } from '../../testing/server/portalHarness';

// Over the app's route table: every /api route is open (listed in testing/routeTable.ts) or has a session
// hook, so no handler can reach sessionOf() without a session and answer 500, and the check that the
// live user still belongs to the session's customer (docs/security.md).

const portal = portalForTests({}, 'all');

it('gives every /api route that is not open a session hook', () => {
  const api = portal.routes().filter(isApiRoute);
  expect(api.length).toBeGreaterThanOrEqual(OPEN_API_ROUTES.length + 4);
  expect(unguardedApiRoutes(api)).toEqual([]);
});

it("gives every signed-in /api route the check that the live user is still of the session's customer", () => {
  const api = portal.routes().filter(isApiRoute);
  expect(unheldApiRoutes(api)).toEqual([]);
  // Open routes have no session to check against.
  expect(api.filter((route) => route.holderHook && !route.sessionHook)).toEqual([]);
});

it("gives every reseller API route the key check after the address's quota, and no session", () => {
  const api = portal.routes().filter(isApiRoute);
  for (const name of RESELLER_API_ROUTES) {
    const route = api.find((candidate) => `${candidate.method} ${candidate.url}` === name);
    expect({ name, checks: route?.checks, holder: route?.holderHook }).toEqual({
      name,
      checks: ['address', 'key'],
      holder: false,
    });
  }
});

it("gives every console route the staff session hook, then the session's quota, and the live role check", () => {
  const api = portal.routes().filter(isApiRoute);
  expect(unguardedConsoleRoutes(api)).toEqual([]);
  // Every route under /api/reseller/ but the billing systems' is the console's.
  const consoleRoutes = api.filter(
    (route) =>
      route.url.startsWith(RESELLER_API_PREFIX) &&
      !RESELLER_API_ROUTES.includes(`${route.method} ${route.url}`),
  );
  const names = consoleRoutes.map((route) => `${route.method} ${route.url}`);
  expect(names.filter((name) => !OPEN_API_ROUTES.includes(name))).toEqual([...CONSOLE_API_ROUTES]);
  for (const name of CONSOLE_API_ROUTES) {
    const route = consoleRoutes.find(
      (candidate) => `${candidate.method} ${candidate.url}` === name,
    );
    expect({ name, checks: route?.checks, holder: route?.holderHook }).toEqual({
      name,
      checks: ['staff session', 'session'],
      holder: false,
    });
  }
});

it('lists as open only routes that exist, and gives them no session hook', () => {
  const api = portal.routes().filter(isApiRoute);
  for (const open of OPEN_API_ROUTES) {
    const route = api.find((candidate) => `${candidate.method} ${candidate.url}` === open);
    expect({ open, exists: route !== undefined, sessionHook: route?.sessionHook }).toEqual({
      open,
      exists: true,
      sessionHook: false,
    });
  }
});

it('flags an /api route registered outside the API scope, which gets no session hook', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-routes-'));
  const sandbox = await openSandbox({ dataDir });
  const app = buildApp({
    config: readConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_CLIENT_DIR: dataDir }),
    provider: sandbox.provider,
    sandbox,
    logger: createLogger('silent'),
  });
  const routes = recordRoutes(app);
  app.get('/api/rogue', async (request) => sessionOf(request).email);
  await app.ready();
  try {
    expect(unguardedApiRoutes(routes())).toEqual(['GET /api/rogue', 'HEAD /api/rogue']);
    expect(unheldApiRoutes(routes())).toEqual(['GET /api/rogue', 'HEAD /api/rogue']);
  } finally {
    await app.close();
    sandbox.close();
    removeDataDir(dataDir);
  }
});

it('guards a route added to the signed-in scope, with nothing else to remember', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-routes-'));
  const sandbox = await openSandbox({ dataDir });
  const memory = createSqliteStore(':memory:');
  await memory.migrate();
  const config = readConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_CLIENT_DIR: dataDir });
  const settings = await openPortalSettings(
    memory.store,
    { seed: defaultSettingsSeed(Date.now()), file: null },
    { log: createLogger('silent') },
  );
  const context = { provider: sandbox.provider, store: memory.store, now: Date.now, settings };
  const app = buildApp({ config, ...context, sandbox, logger: createLogger('silent') });
  const routes = recordRoutes(app);
  const reached: string[] = [];
  const throwaway: RouteFamily = async (scope) => {
    scope.get('/api/throwaway', async (request) => {
      reached.push(sessionOf(request).email);
      return { email: sessionOf(request).email };
    });
    scope.post('/api/throwaway', async (request) => {
      reached.push(sessionOf(request).email);
      return { email: sessionOf(request).email };
    });
  };
  void app.register(signedInScope, {
    ...context,
    rateLimits: config.rateLimit,
    routes: [throwaway],
  });
  await app.ready();
  const call = (options: InjectOptions): Promise<LightMyRequestResponse> => app.inject(options);
  try {
    const unauthenticated = {
      error: { code: 401, status: 'UNAUTHENTICATED', message: ERROR_TEXT.unauthenticated },
    };
    const anonymousRead = await call({ method: 'GET', url: '/api/throwaway' });
    const anonymousChange = await call({ method: 'POST', url: '/api/throwaway', payload: {} });
    expect([anonymousRead.statusCode, anonymousRead.json()]).toEqual([401, unauthenticated]);
    expect([anonymousChange.statusCode, anonymousChange.json()]).toEqual([401, unauthenticated]);
    expect(reached).toEqual([]);

    const email = 'admin@acme.example';
    const signedIn = await call({
      method: 'GET',
      url: `/api/subscription-info?email=${encodeURIComponent(email)}`,
      headers: { [TOKEN_HEADER]: sandbox.issueToken(email, [...SIGN_IN_SCOPES]).access_token },
    });
    const cookies = Object.fromEntries(signedIn.cookies.map(({ name, value }) => [name, value]));
    const xsrf = cookies[sessionCookieNames(false).xsrf] ?? '';
    const read = await call({ method: 'GET', url: '/api/throwaway', cookies });
    const unguardedChange = await call({ method: 'POST', url: '/api/throwaway', cookies });
    const change = await call({
      method: 'POST',
      url: '/api/throwaway',
      cookies,
      headers: { [XSRF_HEADER]: xsrf },
      payload: {},
    });
    expect([read.statusCode, unguardedChange.statusCode, change.statusCode]).toEqual([
      200, 403, 200,
    ]);
    expect(reached).toEqual([email, email]);
    expect(routes().filter((route) => route.url === '/api/throwaway')).toEqual(
      ['GET', 'HEAD', 'POST'].map((method) => ({
        method,
        url: '/api/throwaway',
        sessionHook: true,
        checks: ['session', 'session and customer'],
        holderHook: true,
      })),
    );
  } finally {
    await app.close();
    await memory.store.close();
    sandbox.close();
    removeDataDir(dataDir);
  }
});
