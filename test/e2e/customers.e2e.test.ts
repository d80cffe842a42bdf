// The reseller console's customers' list (docs/reseller-console.md, Customers): a reseller admin sees
// the first 50 of the sandbox's customers and a crowd of 120 more, searches by domain prefix, turns to
// the next page, sorts by seats, and opens a customer's settings from its row.
import type { Page } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import { PAGE_PATHS } from '../../src/contract/pages';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { answerPopup } from './support/pageActions';

const CROWD = 120;
const { journey } = describePortal({ crowd: CROWD });

async function listed(page: Page, act: () => Promise<void>) {
  await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === API_PATHS.customerList && response.status() === 200,
    ),
    act(),
  ]);
}

journey('a reseller admin lists, searches, pages and sorts the customers', async ({ page }) => {
  await page.goto(PAGE_PATHS.reseller);
  await page.getByLabel('Email').fill('ops@sandbox.example');
  await listed(page, async () => {
    await answerPopup(page);
  });
  const table = page.getByRole('table');
  await table.getByText('acme.example', { exact: true }).waitFor();
  await page.getByText(`1–50 of ${CROWD + 4}`).waitFor();
  await expectAccessible(page, "the console's customers");

  await listed(page, () => page.getByRole('button', { name: 'Next page' }).click());
  await page.getByText(`51–100 of ${CROWD + 4}`).waitFor();
  expect(await table.getByText('acme.example', { exact: true }).count()).toBe(0);

  const search = page.getByRole('searchbox', { name: 'Search by domain' });
  await search.fill('Cedar');
  await listed(page, () => search.press('Enter'));
  await page.getByText('1–15 of 15').waitFor();
  // Each row's Settings button is named after its domain.
  const rows = await table.getByRole('button', { name: /^Settings of / }).all();
  const domains = await Promise.all(rows.map((row) => row.getAttribute('aria-label')));
  expect(domains).toHaveLength(15);
  expect(domains.every((name) => name?.startsWith('Settings of cedar-'))).toBe(true);

  await listed(page, () => page.getByRole('columnheader', { name: 'Seats' }).first().click());
  await page.getByRole('button', { name: 'Settings of cedar-00010.example' }).click();
  await page.getByRole('dialog', { name: /cedar-00010\.example/ }).waitFor();
});
