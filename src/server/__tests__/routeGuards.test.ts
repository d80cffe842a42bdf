import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { OPEN_API_ROUTES, sessionOf } from '../auth/guard';
import { readConfig } from '../config';
import { createLogger } from '../logger';
import { openSandbox } from '../providers/sandbox';
import {
  isApiRoute,
  recordRoutes,
  unguardedApiRoutes,
  unheldApiRoutes,
} from '../../testing/server/routeTable';
import { removeDataDir, startPortal, type Portal } from '../../testing/server/portalHarness';

// Over the app's route table: every /api route is open (listed in auth/guard.ts) or has a session
// hook, so no handler can reach sessionOf() without a session and answer 500, and the check that the
// live user still belongs to the session's customer (docs/security.md).

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

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
  const sandbox = openSandbox({ dataDir });
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
