import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contract/api';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { createLogger } from '../logger';
import { SERVER_TEXT } from '../messages';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../../testing/fakeGoogle';
import { createGoogleProvider, GOOGLE_SCOPES, readGoogleOptions } from '../providers/google';
import type { PortalProvider } from '../providers/provider';
import { Browser, errorOf, removeDataDir, startPortal } from '../../testing/server/portalHarness';

// GET /api/ready (docs/api.md): 200 while the store answers and, in google mode, the service account
// gets its token; 503 naming what failed otherwise. /api/health stays 200 either way.

const SESSION_SECRET = 'a-session-secret-of-at-least-thirty-two-characters';
/** As many probes as a load balancer sends in a short while. */
const PROBES = 10;

describe('in sandbox mode', () => {
  it('answers 200 while the store answers', async () => {
    const portal = await startPortal();
    try {
      const answer = await portal.browser().get(API_PATHS.ready);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'ready' });
    } finally {
      await portal.close();
      removeDataDir(portal.dataDir);
    }
  });

  it('answers 503 naming the store when it does not answer, while health stays 200', async () => {
    const portal = await startPortal();
    try {
      await portal.store.close();
      const browser = portal.browser();
      const answer = await browser.get(API_PATHS.ready);
      expect(answer.status).toBe(503);
      expect(errorOf(answer)).toMatchObject({
        status: 'UNAVAILABLE',
        message: SERVER_TEXT.storeNotAnswering,
      });
      expect((await browser.get(API_PATHS.health)).status).toBe(200);
    } finally {
      await portal.app.close();
      portal.sandbox.close();
      removeDataDir(portal.dataDir);
    }
  });
});

describe('in google mode, against the fake Google', () => {
  let fake: FakeGoogle;
  let provider: PortalProvider;
  let app: FastifyInstance;
  let browser: Browser;

  beforeEach(async () => {
    fake = await startFakeGoogle();
    const env = { ...fakeGoogleEnv(fake, SESSION_SECRET), LOG_LEVEL: 'silent' };
    provider = createGoogleProvider(readGoogleOptions(env));
    app = buildApp({ config: readConfig(env), provider, logger: createLogger('silent') });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    browser = new Browser(`http://127.0.0.1:${address.port}`);
  });

  afterEach(async () => {
    await app.close();
    await provider.close();
    await fake.close();
  });

  const tokenExchanges = (from: number) =>
    fake.calls.slice(from).filter((call) => call.method === 'POST' && call.path === '/token');

  it('answers 200, and ten probes make at most one token exchange', async () => {
    const from = fake.calls.length;
    for (let probe = 0; probe < PROBES; probe += 1) {
      const answer = await browser.get(API_PATHS.ready);
      expect(answer.status).toBe(200);
    }
    expect(tokenExchanges(from)).toHaveLength(1);
  });

  it('answers 503 naming the service account when the reseller withdrew its delegation', async () => {
    fake.withdrawDelegation(GOOGLE_SCOPES.resellerOrders);
    const answer = await browser.get(API_PATHS.ready);
    expect(answer.status).toBe(503);
    const error = errorOf(answer);
    expect(error.status).toBe('UNAVAILABLE');
    expect(error.message).toContain(
      SERVER_TEXT.serviceAccountUnauthorized("Google's token service (service-account sign-in)"),
    );
    expect(error.message).not.toContain('Client is unauthorized');
    expect((await browser.get(API_PATHS.health)).status).toBe(200);
  });
});
