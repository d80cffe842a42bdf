// Where the seats stand on the dashboard: the usage bar, the warning from 90 % assigned with its
// button into the add form, the plan and renewal, and a suspended subscription; axe on each.
import { signInToDashboard } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { tabTo } from './support/keyboard';
import { ACME, FULL, SUSPENDED_ADMIN } from './support/sandbox';

const { journey } = describePortal();

journey(
  'the acme admin sees the usage bar, the plan and the renewal day, no warning',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    const bar = page.getByRole('progressbar', { name: 'Seat usage' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('85');
    await page.getByText('17 of 20 licenses assigned, 3 free').waitFor();
    const details = page.getByRole('region', { name: 'Subscription details' });
    await details.getByText('Annual plan, paid monthly').waitFor();
    await details.getByText('Active', { exact: true }).waitFor();
    expect(await details.locator('time').getAttribute('datetime')).toBe('2027-03-31');
    expect(await page.getByText('Almost all licenses are assigned').count()).toBe(0);
    await expectAccessible(page, 'dashboard with the seat panel');
  },
);

journey(
  'nearly full: the warning, and its button puts the focus in the add form',
  async ({ page }) => {
    await signInToDashboard(page, FULL.admin);
    const warning = page.getByRole('alert').filter({ hasText: 'Almost all licenses are assigned' });
    await warning.getByText('Only 2 licenses are free (92% assigned).').waitFor();
    await expectAccessible(page, 'dashboard with the usage warning');

    const addMore = warning.getByRole('button', { name: 'Add more licenses' });
    await tabTo(page, addMore, "The warning's 'Add more licenses'");
    await page.keyboard.press('Enter');
    const seats = page.getByLabel('Add Licenses');
    expect(await seats.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('2');
    expect(await page.getByRole('button', { name: 'Add Licenses' }).isEnabled()).toBe(true);
    await page
      .getByText(
        `You can add up to ${FULL.maximumNumberOfSeats - FULL.numberOfSeats} more licenses`,
      )
      .waitFor();
  },
);

journey('a suspended subscription says why and offers no add form', async ({ page }) => {
  await signInToDashboard(page, SUSPENDED_ADMIN);
  await page
    .getByText('This subscription is suspended. Licenses cannot be added while it is suspended.')
    .waitFor();
  await page.getByText('Your reseller suspended the subscription.').waitFor();
  await page
    .getByRole('region', { name: 'Subscription details' })
    .getByText('Suspended', { exact: true })
    .waitFor();
  expect(await page.getByLabel('Add Licenses').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Add Licenses' }).count()).toBe(0);
  await expectAccessible(page, 'dashboard of a suspended subscription');
});
