// Adding licences (docs/behaviour.md 4.15, 4.16, rules of docs/behaviour.md 5, dialogs of docs/behaviour.md 2), with axe on each dialog.
import { API_PATHS } from '../../src/contract/api';
import {
  addLicences,
  animationsDone,
  askForLicences,
  cancelAddingLicences,
  closeDialog,
  errorDialogShows,
  eventually,
  figure,
  signInToDashboard,
  waitForDashboard,
} from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();
const MAX_TO_ADD = ACME.maximumNumberOfSeats - ACME.numberOfSeats;

journey(
  'the admin adds licences through confirm and success; the reload shows the new total',
  async ({ page, loads }) => {
    await signInToDashboard(page, ACME.admin);
    const seatsToAdd = 3;
    const confirm = await askForLicences(page, seatsToAdd);
    await confirm.getByText(`Are you sure you want to add ${seatsToAdd} licenses?`).waitFor();
    const totals = await confirm.locator('.ant-descriptions-item').allInnerTexts();
    expect(totals.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      `Current total ${ACME.numberOfSeats}`,
      `New total ${ACME.numberOfSeats + seatsToAdd}`,
    ]);
    await expectAccessible(page, 'confirm dialog');
    await confirm.getByRole('button', { name: 'Add Licenses' }).click();

    const success = page.getByRole('dialog', { name: 'Licenses Added Succesfully!' });
    await success.waitFor();
    await success
      .getByText('Your new total amount of licenses will be billed to your account.')
      .waitFor();
    await expectAccessible(page, 'success dialog');
    const loadsBefore = loads();
    await success.getByRole('button', { name: 'Add Even More Licenses' }).click();
    await eventually('the reload', () => loads() > loadsBefore);
    await waitForDashboard(page);
    expect(await figure(page, 'Total Licenses')).toBe(ACME.numberOfSeats + seatsToAdd);
    await page.getByText(`You can add up to ${MAX_TO_ADD - seatsToAdd} more licenses`).waitFor();
  },
  { freshDataset: true },
);

journey(
  'Cancel in the confirm dialog sends nothing',
  async ({ page, requestsTo }) => {
    await signInToDashboard(page, ACME.admin);
    await askForLicences(page, 5);
    await cancelAddingLicences(page);
    expect(requestsTo(API_PATHS.addLicence)).toHaveLength(0);
    expect(await figure(page, 'Total Licenses')).toBe(ACME.numberOfSeats);
  },
  { freshDataset: true },
);

journey('the seat count is clamped and Add is disabled for zero or empty', async ({ page }) => {
  await signInToDashboard(page, ACME.licences);
  const input = page.getByLabel('Add Licenses');
  const add = page.getByRole('button', { name: 'Add Licenses' });
  expect(await add.isDisabled()).toBe(true);
  await input.fill('999');
  await input.blur();
  expect(await input.inputValue()).toBe(String(MAX_TO_ADD));
  expect(await add.isDisabled()).toBe(false);
  // The up arrow never goes above the maximum.
  await input.press('ArrowUp');
  expect(await input.inputValue()).toBe(String(MAX_TO_ADD));
  await input.fill('0');
  await input.blur();
  expect(await add.isDisabled()).toBe(true);
  // The down arrow never goes below zero.
  await input.press('ArrowDown');
  expect(await input.inputValue()).toBe('0');
  await input.fill('');
  expect(await add.isDisabled()).toBe(true);
});

journey(
  'adding on a stale page is refused (409) with the server message; the reload shows the true total',
  async ({ page, context }) => {
    await signInToDashboard(page, ACME.admin);
    // Another tab of the same person buys up to the maximum meanwhile.
    const tab = await context.newPage();
    await tab.goto('/');
    await waitForDashboard(tab);
    await addLicences(tab, MAX_TO_ADD);
    await tab.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();
    await tab.close();

    const confirm = await askForLicences(page, 1);
    await animationsDone(page);
    const [refusal] = await Promise.all([
      page.waitForResponse((response) => response.url().includes(API_PATHS.addLicence)),
      confirm.getByRole('button', { name: 'Add Licenses' }).click(),
    ]);
    // The page still says 20: the request states it, and the server refuses instead of merging.
    expect(refusal.request().postDataJSON()).toMatchObject({
      numberOfSeats: ACME.numberOfSeats + 1,
      expectedNumberOfSeats: ACME.numberOfSeats,
    });
    expect(refusal.status()).toBe(409);
    const { error: body } = (await refusal.json()) as { error: { message: string } };
    expect(body.message).toBe(
      `The total number of licenses changed from ${ACME.numberOfSeats} to ${ACME.maximumNumberOfSeats} while you were adding licenses. Reload the page and try again.`,
    );
    const error = await errorDialogShows(page);
    expect((await error.locator('.ant-typography').innerText()).trim()).toBe(body.message);
    await expectAccessible(page, 'error dialog (add licences)');
    await closeDialog(page, error);
    expect(await figure(page, 'Total Licenses')).toBe(ACME.numberOfSeats);

    await page.reload();
    await waitForDashboard(page);
    expect(await figure(page, 'Total Licenses')).toBe(ACME.maximumNumberOfSeats);
  },
  { freshDataset: true },
);
