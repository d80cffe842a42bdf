// A page load at /licenses with a usable stored session shows the dashboard when its code and the
// subscription are in quickly, the page's spinner while a slow download of the code lasts, and the home
// page's spinner while the subscription is slow
// (docs/behaviour.md 4.2, 4.22; docs/performance.md).
import { API_PATHS } from '../../src/contract/api';
import { signInToDashboard, waitForDashboard } from './support/pageActions';
import { holdRequests, holdScript } from './support/hold';
import { describePortal } from './support/journey';
import { watchScreens } from './support/screens';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

journey(
  'a reload of the dashboard whose subscription is in before its code draws the dashboard, never the home page',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    const drawn = await watchScreens(page);
    // The dashboard's code arrives only once the subscription has: the state holds it when it draws.
    const release = await holdScript(page, 'dashboard');
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === API_PATHS.subscriptionInfo,
    );
    const reloaded = page.reload();
    await answered;
    release();
    await reloaded;
    await waitForDashboard(page);
    await page.getByRole('heading', { level: 1, name: ACME.skuName }).waitFor();
    expect(await drawn()).toEqual(['dashboard at /licenses']);
  },
);

journey(
  'a reload of the dashboard whose subscription is slow shows the home page’s spinner, then the dashboard',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    const drawn = await watchScreens(page);
    const release = await holdRequests(page, API_PATHS.subscriptionInfo, 'GET');
    await page.reload();
    await page.getByRole('status', { name: 'Loading your subscription' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    release();
    await waitForDashboard(page);
    const screens = await drawn();
    expect(screens[0]).toBe('spinner at /');
    expect(screens.at(-1)).toBe('dashboard at /licenses');
  },
);

journey(
  'a reload of the dashboard whose code is slow shows the page’s spinner, not a blank page, then the dashboard',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    const drawn = await watchScreens(page);
    const release = await holdScript(page, 'dashboard');
    // The held chunk, asked for as the page starts, holds the page's load event back too.
    await page.reload({ waitUntil: 'commit' });
    await page.getByRole('status', { name: 'Loading the page' }).waitFor();
    release();
    await waitForDashboard(page);
    expect(await drawn()).toEqual(['spinner at /licenses', 'dashboard at /licenses']);
  },
);
