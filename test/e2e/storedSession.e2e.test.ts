// A page opened with a stored session asks for its subscription once, and only with a usable token
// (docs/behaviour.md 4.2).
import type { Request } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import {
  eventually,
  signInToDashboard,
  storedTokenData,
  storeTokenData,
  waitForDashboard,
} from './support/pageActions';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

journey(
  'a reload of the dashboard asks for the subscription once and shows the dashboard',
  async ({ page, requestsTo }) => {
    await signInToDashboard(page, ACME.admin);
    const before = requestsTo(API_PATHS.subscriptionInfo).length;
    const sent: Promise<Request> = page.waitForRequest(
      (request) => new URL(request.url()).pathname === API_PATHS.subscriptionInfo,
    );
    await page.reload();
    const request = await sent;
    expect(new URL(request.url()).searchParams.get('email')).toBe(ACME.admin);
    expect(await request.headerValue('x-goog-token')).toBe((await storedTokenData(page))?.token);
    await waitForDashboard(page);
    await page.getByRole('heading', { level: 1, name: ACME.skuName }).waitFor();
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
