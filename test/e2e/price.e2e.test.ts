// The price of a purchase in the confirm and success dialogs (docs/behaviour.md 4.15, 7.3), from the
// sandbox's demo prices (docs/api.md, GET /api/price-preview), and the dialog without it.
import type { Page } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import { signInToDashboard } from './support/pageActions';
import { describePortal } from './support/journey';
import { ACME, FULL } from './support/sandbox';

const { journey } = describePortal();
const SEATS = 2;
const SERVICE_UNAVAILABLE = 503;

async function openConfirm(page: Page, seatsToAdd: number) {
  await page.getByLabel('Add Licenses').fill(String(seatsToAdd));
  await page.getByRole('button', { name: 'Add Licenses' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Adding Licenses' });
  await confirm.waitFor();
  return confirm;
}

journey(
  'a monthly plan: the confirm dialog shows the monthly increase and the renewal; the success dialog repeats it',
  async ({ page, requestsTo }) => {
    await signInToDashboard(page, ACME.admin);
    const confirm = await openConfirm(page, SEATS);
    // acme.example pays €14.40 per seat per month (the sandbox's demo prices), renewing March 31, 2027.
    await confirm.getByText('€28.80 per month more (2 × €14.40), before tax').waitFor();
    await confirm.getByText(/^€[\d,]+\.\d{2} until the renewal on March 31, 2027$/).waitFor();
    await confirm.getByRole('button', { name: 'Add Licenses' }).click();

    const success = page.getByRole('dialog', { name: 'Licenses Added Succesfully!' });
    await success.waitFor();
    await success.getByText('You added 2 licenses for €28.80 per month, before tax.').waitFor();
    expect(requestsTo(API_PATHS.addLicence, 'POST')).toHaveLength(1);
  },
  { freshDataset: true },
);

journey(
  'a yearly plan: the confirm dialog shows what is charged now and the yearly increase',
  async ({ page }) => {
    await signInToDashboard(page, FULL.admin);
    const confirm = await openConfirm(page, 1);
    // full.example pays its own €198.00 per seat per year, renewing June 30, 2027.
    const now = confirm.getByText(
      /^€[\d,]+\.\d{2} charged now for the rest of the term, until June 30, 2027$/,
    );
    await now.waitFor();
    const charged = Number((await now.innerText()).replace(/[€,]/g, '').split(' ')[0]);
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(198);
    await confirm
      .getByText('€198.00 per year more after the renewal (1 × €198.00), before tax')
      .waitFor();
  },
);

journey(
  'without a price (the preview failed) the dialog says so and Add Licenses still buys',
  async ({ page, requestsTo }) => {
    await page.route(`**${API_PATHS.pricePreview}?**`, (route) =>
      route.fulfill({
        status: SERVICE_UNAVAILABLE,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: SERVICE_UNAVAILABLE, status: 'UNAVAILABLE', message: 'Try again.' },
        }),
      }),
    );
    await signInToDashboard(page, ACME.admin);
    const confirm = await openConfirm(page, SEATS);
    await confirm
      .getByText('The price could not be shown right now; you can still add the licenses.')
      .waitFor();
    expect(requestsTo(API_PATHS.pricePreview, 'GET').length).toBeGreaterThan(0);
    await confirm.getByRole('button', { name: 'Add Licenses' }).click();

    const success = page.getByRole('dialog', { name: 'Licenses Added Succesfully!' });
    await success.waitFor();
    await success.getByText('You added 2 licenses.').waitFor();
    expect(requestsTo(API_PATHS.addLicence, 'POST')).toHaveLength(1);
  },
  { freshDataset: true },
);
