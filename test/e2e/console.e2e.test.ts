// The reseller console (docs/behaviour.md 10): staff sign in at /reseller with the customers' popup;
// a reseller admin and reseller support staff see who they are and their role, someone of the reseller
// in neither group sees the 403 screen that says so, and sign-out leaves the form.
import type { Page } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import { PAGE_PATHS } from '../../src/contract/pages';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { answerPopup } from './support/pageActions';

const { journey } = describePortal();

async function signInToConsole(page: Page, email: string): Promise<void> {
  await page.goto(PAGE_PATHS.reseller);
  await page.getByRole('heading', { level: 1, name: 'Reseller console' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await answerPopup(page);
}

journey(
  'a reseller admin signs in, sees their role, keeps it on a reload, and signs out',
  async ({ page }) => {
    await signInToConsole(page, 'ops@sandbox.example');
    await page.getByText('Reseller admin', { exact: true }).waitFor();
    await page.getByText('ops@sandbox.example').waitFor();
    await expectAccessible(page, 'the console of a reseller admin');
    await page.screenshot({ path: 'test-results/e2e/console-admin.png', fullPage: true });

    await page.reload();
    await page.getByText('Reseller admin', { exact: true }).waitFor();

    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(API_PATHS.signOut)),
      page.getByRole('button', { name: 'Sign out' }).click(),
    ]);
    expect(answer.status()).toBe(204);
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    expect((await page.request.get(API_PATHS.staffSession)).status()).toBe(401);
  },
);

journey('reseller support staff see the read-only role', async ({ page }) => {
  await signInToConsole(page, 'desk@sandbox.example');
  await page.getByText('Reseller support (read-only)').waitFor();
  await page.getByText('desk@sandbox.example').waitFor();
});

journey(
  'someone of the reseller in neither group gets the 403 screen that says so',
  async ({ page }) => {
    await signInToConsole(page, 'nobody@sandbox.example');
    await page.getByText('403 - Not reseller staff').waitFor();
    await page
      .getByText('Your account is neither a reseller admin nor reseller support staff', {
        exact: false,
      })
      .waitFor();
    await expectAccessible(page, 'the console refusing someone in neither group');
    await page.screenshot({ path: 'test-results/e2e/console-refused.png', fullPage: true });
    expect((await page.request.get(API_PATHS.staffSession)).status()).toBe(401);
  },
);
