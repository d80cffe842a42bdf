import { API_PATHS } from '../../contract/api';
import { SERVER_TEXT } from '../messages';
import type { FakeGoogle } from '../../testing/fakeGoogle';
import { GOOGLE_SCOPES } from '../providers/google';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';
import {
  type Browser,
  errorOf,
  removeDataDir,
  startPortal,
} from '../../testing/server/portalHarness';

// GET /api/ready (docs/api.md): 200 while the store answers and, in google mode, the service account
// gets its token; 503 naming what failed otherwise. /api/health stays 200 either way.

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
  let portal: GooglePortal;
  let fake: FakeGoogle;
  let browser: Browser;

  beforeEach(async () => {
    portal = await startGooglePortal();
    fake = portal.fake;
    browser = portal.browser();
  });

  afterEach(async () => {
    await portal.close();
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

  it('keeps no failed token: the first probe after the delegation is granted again is ready', async () => {
    fake.withdrawDelegation(GOOGLE_SCOPES.resellerOrders);
    const from = fake.calls.length;
    expect((await browser.get(API_PATHS.ready)).status).toBe(503);
    expect((await browser.get(API_PATHS.ready)).status).toBe(503);
    expect(tokenExchanges(from)).toHaveLength(2);
    fake.grantDelegation(GOOGLE_SCOPES.resellerOrders);
    expect((await browser.get(API_PATHS.ready)).status).toBe(200);
  });
});
