// A page opened with a usable stored session asks for its subscription before the portal's own
// scripts have arrived, and the portal takes that answer instead of asking again (docs/performance.md).
import type { Request } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import {
  eventually,
  signInToDashboard,
  storedTokenData,
  storeTokenData,
  waitForDashboard,
} from './support/pageActions';
import { holdMainScript } from './support/hold';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

journey(
  'a reload of the dashboard asks for the subscription once, before the portal’s code runs',
  async ({ page, requestsTo }) => {
    await signInToDashboard(page, ACME.admin);
    const before = requestsTo(API_PATHS.subscriptionInfo).length;

    // The portal's own entry is held back until the subscription request has gone out.
    const releaseMain = await holdMainScript(page);
    const reloaded = page.reload();
    const sentEarly: Request = await page.waitForRequest(
      (request) => new URL(request.url()).pathname === API_PATHS.subscriptionInfo,
    );
    expect(new URL(sentEarly.url()).searchParams.get('email')).toBe(ACME.admin);
    expect(await sentEarly.headerValue('x-goog-token')).toBe((await storedTokenData(page))?.token);
    releaseMain();
    await reloaded;
    await waitForDashboard(page);
    await page.getByRole('heading', { level: 1, name: ACME.skuName }).waitFor();
    // Settled: no second request followed the early one.
    await page.waitForLoadState('networkidle');
    expect(requestsTo(API_PATHS.subscriptionInfo)).toHaveLength(before + 1);
  },
);

journey(
  'a page opened with an expired stored token sends no subscription request at all',
  async ({ page, requestsTo }) => {
    await signInToDashboard(page, ACME.admin);
    const stored = await storedTokenData(page);
    if (stored === null) throw new Error('Signing in stored no token');
    await storeTokenData(page, { ...stored, expiry: Date.now() - 1000 });
    const before = requestsTo(API_PATHS.subscriptionInfo).length;
    await page.goto('/licenses');
    await page.waitForURL((url) => url.pathname === '/');
    await eventually(
      'the expired token to be removed',
      async () => (await storedTokenData(page)) === null,
    );
    await page.waitForLoadState('networkidle');
    expect(requestsTo(API_PATHS.subscriptionInfo)).toHaveLength(before);
  },
);
