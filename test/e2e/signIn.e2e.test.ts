// Sign-in and start-up journeys of docs/behaviour.md 4 with each sandbox account (roles of docs/behaviour.md 6, catalogue of docs/behaviour.md 8).
import { API_PATHS } from '../../src/contract/api';
import { ERROR_TEXT } from '../../src/contract/errors';
import {
  answerPopup,
  emailInput,
  enterEmail,
  eventually,
  figure,
  signIn,
  signInButton,
  signInToDashboard,
  storedTokenData,
  storeTokenData,
  waitForDashboard,
} from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { watchScreens } from './support/screens';
import { ACME, FLEX, NOSUB_ADMIN, SANDBOX_PAGES, STRANGER } from './support/sandbox';

const { journey } = describePortal();

/** How long ago the expired token's expiry passed. */
const EXPIRED_AGO_MS = 60_000;

journey(
  'after Allow the subscription’s spinner stays until the dashboard replaces the home page (4.9)',
  async ({ page }) => {
    const drawn = await watchScreens(page);
    await page.goto('/');
    await signIn(page, ACME.admin);
    await waitForDashboard(page);
    const screens = await drawn();
    const fromSpinner = screens.slice(screens.lastIndexOf('spinner at /'));
    // Not the e-mail form and sign-in button again, at /licenses, before the dashboard draws.
    expect(fromSpinner.filter((screen) => screen !== 'spinner at /licenses')).toEqual([
      'spinner at /',
      'dashboard at /licenses',
    ]);
  },
);

journey('the admin signs in through the popup and sees the dashboard', async ({ page }) => {
  await page.goto('/');
  await enterEmail(page, ACME.admin);
  await signInButton(page).waitFor();
  const [popup] = await Promise.all([page.waitForEvent('popup'), signInButton(page).click()]);
  await popup.waitForLoadState();
  await popup.getByText(ACME.admin).waitFor();
  await expectAccessible(popup, 'sandbox sign-in popup');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await waitForDashboard(page);

  await page.getByRole('heading', { name: ACME.skuName }).waitFor();
  await page.getByText(ACME.domain.toUpperCase(), { exact: true }).waitFor();
  expect(await figure(page, 'Total Licenses')).toBe(ACME.numberOfSeats);
  expect(await figure(page, 'Licenses Assigned')).toBe(ACME.licensedNumberOfSeats);
  const max = ACME.maximumNumberOfSeats - ACME.numberOfSeats;
  await page.getByText(`You can add up to ${max} more licenses`).waitFor();
  expect(await page.getByRole('button', { name: 'Add Licenses' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Delegate access menu' }).waitFor();
  const token = await storedTokenData(page);
  expect(token?.token).toEqual(expect.any(String));
  expect(token?.expiry).toBeGreaterThan(Date.now());
  await expectAccessible(page, 'dashboard (admin)');

  await page.getByRole('button', { name: 'Delegate access menu' }).click();
  await page.getByRole('menuitem', { name: 'Delegate Licenses Access' }).waitFor();
  await page.getByRole('menuitem', { name: 'Delegate Support Access' }).waitFor();
  await expectAccessible(page, 'dashboard with the delegate menu open');
});

journey('the licence delegate sees the add-licences form but no menu', async ({ page }) => {
  await signInToDashboard(page, ACME.licences);
  await page.getByRole('button', { name: 'Add Licenses' }).waitFor();
  await page.getByLabel('Add Licenses').waitFor();
  expect(await page.getByRole('button', { name: 'Delegate access menu' }).count()).toBe(0);
  await expectAccessible(page, 'dashboard (licence delegate)');
});

journey('the plain user sees the subscription only: no form, no menu', async ({ page }) => {
  await signInToDashboard(page, ACME.staff);
  expect(await figure(page, 'Total Licenses')).toBe(ACME.numberOfSeats);
  expect(await page.getByRole('button', { name: 'Add Licenses' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delegate access menu' }).count()).toBe(0);
  // No photo in the directory: the silhouette stands in.
  const photo = page.getByRole('img', { name: `Photo of ${ACME.staff}` });
  expect(await photo.getAttribute('src')).toMatch(/silhouette/);
  await expectAccessible(page, 'dashboard (plain user)');
});

journey('the Flexible plan shows its message and the help-centre link', async ({ page }) => {
  await signInToDashboard(page, FLEX.admin);
  await page.getByRole('heading', { name: FLEX.skuName }).waitFor();
  await page
    .getByText('With a Flexible subscription you add licenses simply by adding a user.')
    .waitFor();
  const link = page.getByRole('link', { name: 'Learn more in the Help Center' });
  expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
  expect(await page.getByRole('button', { name: 'Add Licenses' }).count()).toBe(0);
  await expectAccessible(page, 'dashboard (Flexible plan)');
});

journey('not a customer: the token is removed and the contact page opens', async ({ page }) => {
  await page.goto('/');
  await signIn(page, STRANGER);
  await page.waitForURL(`**${SANDBOX_PAGES.contact.path}`);
  await page.getByRole('heading', { name: SANDBOX_PAGES.contact.heading }).waitFor();
  expect(await storedTokenData(page)).toBeNull();
});

journey(
  'insufficient scopes (directory unticked): token removed, home, reload',
  async ({ page, loads, requestsTo }) => {
    await page.goto('/');
    await signIn(page, ACME.admin, 'allow-without-directory');
    await eventually('the reload', () => loads() >= 2);
    await emailInput(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedTokenData(page)).toBeNull();
    // The body went with the reload; the reload itself shows the insufficient-scopes branch.
    const statuses = await Promise.all(
      requestsTo(API_PATHS.subscriptionInfo).map(async (request) =>
        (await request.response())?.status(),
      ),
    );
    expect(statuses).toEqual([403]);
  },
);

journey('forbidden for nosub.example: the 403 screen with the cause', async ({ page }) => {
  await page.goto('/');
  await signIn(page, NOSUB_ADMIN);
  await page.waitForURL('**/forbidden');
  await page.getByRole('heading', { name: '403' }).waitFor();
  await page.getByText('ERROR DESCRIPTION: 403 - Forbidden! Access Denied.').waitFor();
  await page.getByText('ERROR CAUSED BY').waitFor();
  // The details are typed out at 10 ms a character; wait for the whole text.
  await page.getByText(ERROR_TEXT.noSubscription('nosub.example')).waitFor();
  expect(await storedTokenData(page)).toBeNull();
  await expectAccessible(page, 'forbidden');
});

journey('the support destination leaves for the help-desk after sign-in', async ({ page }) => {
  await page.goto('/?customer=support');
  await emailInput(page).fill(ACME.admin);
  const next = page.getByRole('button', { name: 'Next' });
  expect(await next.getAttribute('class')).toMatch(/dangerous|danger/);
  await expectAccessible(page, 'home (support destination)');
  await next.click();
  await signInButton(page).waitFor();
  await answerPopup(page);
  await page.waitForURL(`**${SANDBOX_PAGES.helpdesk.path}`);
  await page.getByRole('heading', { name: SANDBOX_PAGES.helpdesk.heading }).waitFor();
  expect(await storedTokenData(page)).not.toBeNull();
});

journey('a stored valid token skips sign-in on reload', async ({ page, context, requestsTo }) => {
  await signInToDashboard(page, ACME.admin);
  const before = requestsTo(API_PATHS.emailValidator).length;
  const popups: unknown[] = [];
  context.on('page', (opened) => popups.push(opened));
  await page.reload();
  await waitForDashboard(page);
  expect(await figure(page, 'Total Licenses')).toBe(ACME.numberOfSeats);
  expect(popups).toHaveLength(0);
  expect(requestsTo(API_PATHS.emailValidator)).toHaveLength(before);

  // The same stored token in a new tab of the same browser opens the dashboard from home.
  const tab = await context.newPage();
  await tab.goto('/');
  await waitForDashboard(tab);
});

journey(
  'a stored token with the support destination leaves for the help-desk on load',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    await page.goto('/?customer=support');
    await page.waitForURL(`**${SANDBOX_PAGES.helpdesk.path}`);
  },
);

journey('a tampered token is removed and the page reloads to home', async ({ page, requests }) => {
  await signInToDashboard(page, ACME.admin);
  const stored = await storedTokenData(page);
  if (stored === null) throw new Error('The sign-in stored no token');
  await storeTokenData(page, { token: `${stored.token}tampered`, expiry: stored.expiry });
  // Documents asked for, not load events: the reload may cut the first load short before its event.
  const documents = () =>
    requests.filter((request) => request.resourceType() === 'document').length;
  const documentsBefore = documents();
  await page.goto('/');
  // The first load asks with the tampered token, is refused, removes it and reloads.
  await eventually('the reload after the refusal', () => documents() >= documentsBefore + 2);
  await emailInput(page).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await storedTokenData(page)).toBeNull();
});

journey('an expired token is removed and never sent', async ({ page, context, requestsTo }) => {
  await signInToDashboard(page, ACME.admin);
  const stored = await storedTokenData(page);
  if (stored === null) throw new Error('The sign-in stored no token');
  await storeTokenData(page, { token: stored.token, expiry: Date.now() - EXPIRED_AGO_MS });
  const sentBefore = requestsTo(API_PATHS.subscriptionInfo).length;
  const tab = await context.newPage();
  await tab.goto('/');
  await emailInput(tab).waitFor();
  await eventually('the expired token to be removed', async () => {
    return (await storedTokenData(tab)) === null;
  });
  expect(requestsTo(API_PATHS.subscriptionInfo)).toHaveLength(sentBefore);
  expect(new URL(tab.url()).pathname).toBe('/');
});
