// The waiting states of docs/behaviour.md 2 and docs/behaviour.md 4 (validating, loading the subscription, adding licences, the
// delegate list and the full-screen loader), each held on screen and checked with axe.
import type { Page } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import { SPINNER_DIAMETERS_PX } from '../../src/contract/limits';
import {
  addLicences,
  answerPopup,
  enterEmail,
  signInToDashboard,
  waitForDashboard,
} from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { holdRequests } from './support/hold';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

/** The spinner inside a status is drawn at its diameter (docs/behaviour.md 9.3). */
async function expectSpinnerDiameter(page: Page, status: string, diameter: number) {
  const dot = page.getByRole('status', { name: status }).locator('.ant-spin-dot-holder');
  const box = await dot.boundingBox();
  expect({ width: box?.width, height: box?.height }).toEqual({ width: diameter, height: diameter });
}

journey('validating the e-mail and loading the subscription', async ({ page }) => {
  await page.goto('/');
  const releaseValidator = await holdRequests(page, API_PATHS.emailValidator, 'GET');
  await enterEmail(page, ACME.admin);
  await page.getByText('Validating email', { exact: true }).waitFor();
  await page.getByRole('status', { name: 'Validating email' }).waitFor();
  await expectSpinnerDiameter(page, 'Validating email', SPINNER_DIAMETERS_PX.small);
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  await expectAccessible(page, 'home while validating');
  releaseValidator();

  const releaseSubscription = await holdRequests(page, API_PATHS.subscriptionInfo, 'GET');
  await answerPopup(page);
  await page.getByRole('status', { name: 'Loading your subscription' }).waitFor();
  await expectSpinnerDiameter(page, 'Loading your subscription', SPINNER_DIAMETERS_PX.medium);
  await expectAccessible(page, 'home while the subscription loads');
  releaseSubscription();
  await waitForDashboard(page);
});

journey(
  'adding licences replaces the page by a spinner',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    const release = await holdRequests(page, API_PATHS.addLicence, 'POST');
    await addLicences(page, 1);
    await page.getByRole('status', { name: 'Adding licenses' }).waitFor();
    await expectSpinnerDiameter(page, 'Adding licenses', SPINNER_DIAMETERS_PX.large);
    expect(await page.getByRole('region', { name: 'Total Licenses' }).count()).toBe(0);
    await expectAccessible(page, 'dashboard while adding licences');
    release();
    await page.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();
  },
  { freshDataset: true },
);

journey(
  'the delegate list loads with a spinner; a change shows the full-screen loader',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    const releaseList = await holdRequests(page, API_PATHS.supportDelegate, 'GET');
    await page.getByRole('button', { name: 'Delegate access menu' }).click();
    await page.getByRole('menuitem', { name: 'Delegate Support Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support Access' });
    await dialog.getByRole('status', { name: 'Loading delegated email addresses' }).waitFor();
    await expectAccessible(page, 'Support Access dialog while loading');
    releaseList();
    await dialog.getByText(ACME.support, { exact: true }).waitFor();

    const releaseChange = await holdRequests(page, API_PATHS.supportDelegate, 'POST');
    await dialog.getByLabel('Enter Email Address').fill('ann@acme.example');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status', { name: 'Saving the change' }).waitFor();
    await expectAccessible(page, 'full-screen loader over the Support Access dialog');
    releaseChange();
    await dialog.getByText('ann@acme.example', { exact: true }).waitFor();
  },
  { freshDataset: true },
);
