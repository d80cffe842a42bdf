// No waiting on a click (docs/performance.md): webpack's prefetch hints have the browser fetch the
// next screens' and the dialogs' chunks while the page is idle, and each of them still opens.
import type { Page } from 'playwright-core';
import {
  DELEGATE_DIALOGS,
  enterEmail,
  eventually,
  signIn,
  signInButton,
  waitForDashboard,
} from './support/pageActions';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

// The chunks each screen hints (src/client/app/routes.tsx, the features' dialogs, the answer checks).
const HOME_NEXT_STEPS = ['dashboard', 'forbidden', 'support', 'dialog-error', 'answer-checks'];
const DASHBOARD_NEXT_STEPS = [
  'dialog-confirm',
  'dialog-success',
  'dialog-delegate',
  'dialog-history',
];

/** Waits until the page holds a prefetch hint for each named chunk. */
async function hinted(page: Page, names: string[]): Promise<void> {
  await eventually(`prefetch hints for ${names.join(', ')}`, async () => {
    const hrefs = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel=prefetch]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
    );
    return names.every((name) => hrefs.some((href) => href.startsWith(`/js/${name}.`)));
  });
}

journey(
  'the home page hints the next screens, and signing in reaches the dashboard',
  async ({ page }) => {
    await page.goto('/');
    await hinted(page, HOME_NEXT_STEPS);
    await enterEmail(page, ACME.admin);
    await signInButton(page).waitFor();
    await signIn(page, ACME.admin);
    await waitForDashboard(page);
  },
);

journey('the dashboard hints every dialog, and each opens from its control', async ({ page }) => {
  await page.goto('/');
  await enterEmail(page, ACME.admin);
  await signInButton(page).waitFor();
  await signIn(page, ACME.admin);
  await waitForDashboard(page);
  await hinted(page, DASHBOARD_NEXT_STEPS);
  const menu = page.getByRole('button', { name: 'Delegate access menu' });
  const delegate = DELEGATE_DIALOGS.licence;
  await menu.click();
  await page.getByRole('menuitem', { name: delegate.menuItem }).click();
  await page.getByRole('dialog', { name: delegate.title }).waitFor();
});
