// Sign-out (docs/api.md POST /api/sign-out): reached by keyboard, it ends the session on the server
// so a copied cookie stops working at once, removes the stored token and goes home.
import { API_PATHS, SESSION_COOKIE, XSRF_COOKIE } from '../../src/contract/api';
import { signInToDashboard, storedTokenData } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { tabTo } from './support/keyboard';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

const homeHeading = 'Customer Portal';

journey(
  'sign out with the keyboard: home, no token, no cookies, and a copied cookie is refused',
  async ({ page, context, portal }) => {
    await signInToDashboard(page, ACME.admin);
    const copied = (await context.cookies()).filter((cookie) =>
      [SESSION_COOKIE, XSRF_COOKIE].includes(cookie.name),
    );
    expect(copied.map((cookie) => cookie.name).sort()).toEqual(
      [SESSION_COOKIE, XSRF_COOKIE].sort(),
    );
    const delegates = `${API_PATHS.licenceDelegate}?customer=${ACME.customerId}`;
    expect((await page.request.get(delegates)).status()).toBe(200);

    const signOut = page.getByRole('button', { name: 'Sign out' });
    await tabTo(page, signOut, "'Sign out'");
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(API_PATHS.signOut)),
      page.keyboard.press('Enter'),
    ]);
    expect(answer.status()).toBe(204);
    await page.getByRole('heading', { level: 1, name: homeHeading }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedTokenData(page)).toBeNull();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
    await expectAccessible(page, 'home after sign-out');

    // The dashboard is not there any more, not even by the address bar.
    await page.goto('/licenses');
    await page.getByRole('heading', { level: 1, name: homeHeading }).waitFor();

    // Someone who copied the cookies before is refused at once.
    const browser = context.browser();
    if (!browser) throw new Error('The journey has no browser');
    const thief = await browser.newContext({ baseURL: portal.origin });
    try {
      await thief.addCookies(copied);
      expect((await thief.request.get(delegates)).status()).toBe(401);
    } finally {
      await thief.close();
    }
  },
);

journey('sign out above the support site while signed in', async ({ page }) => {
  await signInToDashboard(page, ACME.admin);
  // In-app move to /support, as a link inside the portal would make it: the state keeps the user.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/support');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTitle('Support site').waitFor();
  await expectAccessible(page, '/support with the sign-out bar');
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await tabTo(page, signOut, "'Sign out' above the support site");
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: homeHeading }).waitFor();
  expect(await storedTokenData(page)).toBeNull();
  // A reload does not sign the person in again.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: homeHeading }).waitFor();
  await page.goto('/licenses');
  await page.getByRole('heading', { level: 1, name: homeHeading }).waitFor();
  expect(await page.getByRole('region', { name: 'Total Licenses' }).count()).toBe(0);
});
