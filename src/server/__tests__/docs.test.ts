import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { API_PATHS } from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { BODY_LIMIT_BYTES } from '../limits';
import { SERVER_TEXT } from '../messages';
import { createLogger } from '../plugins/logger';
import { openSandbox, type Sandbox } from '../providers/sandbox';
import { removeDataDir } from '../../testing/server/portalHarness';

// docs/api.md and the running server stay in step: the same routes, every server message quoted.

const DOC = readFileSync(path.resolve(__dirname, '..', '..', '..', 'docs', 'api.md'), 'utf8');
const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** "### GET /api/x and GET /api/y" headings → [['GET', '/api/x'], ['GET', '/api/y']]. */
function documentedRoutes(): [HTTPMethods, string][] {
  return [...DOC.matchAll(/^### (.+)$/gm)].flatMap((heading) =>
    [...(heading[1] ?? '').matchAll(/(GET|POST|PUT|PATCH|DELETE) (\/api\/[a-zA-Z:/-]+)/g)].map(
      (match) => [match[1] as HTTPMethods, match[2] ?? ''] as [HTTPMethods, string],
    ),
  );
}

let dataDir: string;
let sandbox: Sandbox;
let app: FastifyInstance;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-docs-'));
  const config = readConfig({ PORTAL_DATA_DIR: dataDir, PORTAL_CLIENT_DIR: dataDir });
  sandbox = await openSandbox({ dataDir });
  app = buildApp({
    config,
    provider: sandbox.provider,
    sandbox,
    logger: createLogger('silent'),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  sandbox.close();
  removeDataDir(dataDir);
});

it('documents only routes the server has', () => {
  const routes = documentedRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(8);
  for (const [method, url] of routes) {
    expect({ method, url, exists: app.hasRoute({ method, url }) }).toEqual({
      method,
      url,
      exists: true,
    });
  }
});

it('documents every API route the server has', () => {
  const documented = new Set(documentedRoutes().map(([method, url]) => `${method} ${url}`));
  for (const url of Object.values(API_PATHS)) {
    for (const method of METHODS) {
      if (app.hasRoute({ method, url })) expect(documented).toContain(`${method} ${url}`);
    }
  }
});

it('quotes every message the server writes', () => {
  const placeholders: Record<string, string[]> = {
    payloadTooLarge: [String(BODY_LIMIT_BYTES)],
    rateLimited: ['<time>'],
    organisationRateLimited: ['<time>'],
    noEndpoint: ['<METHOD>', '<path>'],
    methodNotAllowed: ['<METHOD>', '<path>', '<allowed>'],
    subscriptionSuspended: ['<reasons>'],
    notManagedAccount: ['<email>'],
    staffGroupMissing: ['<group>'],
    directoryUserSuspended: ['<email>'],
    directoryUserArchived: ['<email>'],
    adminSdkAccessOff: ['<domain>'],
    resellerAccessOff: ['<domain>'],
    upstreamBusy: ['<service>'],
    upstreamDailyQuota: ['<service>'],
    upstreamTimeout: ['<service>'],
    changeNotApplied: ['<service>'],
    delegateGroupNotReady: ['<group>'],
    delegateGroupRefusesOutsiders: ['<group>'],
    trialSeatLimit: ['<n>', '10'],
    upstreamUnreachable: ['<service>'],
    upstreamFailed: ['<service>'],
    upstreamRefused: ['<service>'],
    apiNotEnabled: ['<service>', '<API>'],
    delegationScopeMissing: ['<service>'],
    serviceAccountUnauthorized: ['<service>'],
    serviceAccountInvalid: ['<service>'],
    tokenCreatorMissing: ['<service>'],
    noDefaultCredentials: ['<service>'],
    withRequestId: ['<message>', '<request id>'],
    unknownCustomer: ['<customer>'],
    invalidLedgerTime: ['from'],
    ledgerCsvTooLarge: ['100000'],
  };
  for (const [name, text] of Object.entries(SERVER_TEXT)) {
    const quoted =
      typeof text === 'string'
        ? text
        : (text as (...args: string[]) => string)(...(placeholders[name] ?? []));
    expect(DOC).toContain(quoted);
  }
  expect(DOC).toContain(ERROR_TEXT.unauthenticated);
  expect(DOC).toContain(ERROR_TEXT.insufficientScopes);
  expect(DOC).toContain(ERROR_TEXT.memberAlreadyExists);
  expect(DOC).toContain(ERROR_TEXT.memberNotFound);
  expect(DOC).toContain(ERROR_TEXT.noSubscription('<domain>'));
  expect(DOC).toContain(ERROR_TEXT.notACustomer('<RESELLER_NAME>'));
  expect(DOC).toContain(ERROR_TEXT.portalTurnedOff('<RESELLER_NAME>'));
});
