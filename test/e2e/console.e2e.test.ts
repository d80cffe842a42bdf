// The reseller console (docs/behaviour.md 10): staff sign in at /reseller with the customers' popup;
// a reseller admin and reseller support staff see who they are and their role, someone of the reseller
// in neither group sees the 403 screen that says so, and sign-out leaves the form. An admin turns a
// customer's portal off, and that customer's sign-in ends on the screen that says so; support only looks.
import type { Page } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import { PAGE_PATHS } from '../../src/contract/pages';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { answerPopup, signIn } from './support/pageActions';
import { ACME, SANDBOX_PAGES } from './support/sandbox';

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

journey(
  "a reseller admin turns a customer's portal off, and the customer then signs in to the screen that says so",
  async ({ page, context, portal }) => {
    await signInToConsole(page, 'ops@sandbox.example');
    await page.getByLabel("Customer's id or domain").fill(ACME.domain);
    await page.getByRole('button', { name: 'Open settings' }).click();
    const dialog = page.getByRole('dialog', {
      name: `Customer settings: ${ACME.domain} (${ACME.customerId})`,
    });
    await dialog.getByRole('switch', { name: 'Self-service portal' }).click();
    await dialog.getByLabel('Seat cap (most seats in total)').fill('30');
    await expectAccessible(page, "a customer's settings dialog");
    await page.screenshot({ path: 'test-results/e2e/console-customer-settings.png' });
    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PUT'),
      dialog.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    const audit = page.getByRole('table', { name: 'Audit trail' });
    await audit.getByText('portalEnabled: off').waitFor();
    await audit.getByText('seatCap: 30').waitFor();
    await audit.getByText('ops@sandbox.example').waitFor();

    // The customer's own browser: the sign-in ends on the 403 screen with the reseller's contacts.
    const browser = context.browser();
    if (browser === null) throw new Error('no browser');
    const customerContext = await browser.newContext({ baseURL: portal.origin });
    try {
      const customer = await customerContext.newPage();
      await customer.goto('/');
      await signIn(customer, ACME.admin);
      await customer.waitForURL(`**${PAGE_PATHS.forbidden}`);
      await customer.getByText('has turned self-service off', { exact: false }).waitFor();
      const contact = customer.getByRole('link', { name: 'contact page' });
      expect(await contact.getAttribute('href')).toBe(SANDBOX_PAGES.contact.path);
      await expectAccessible(customer, 'the screen of a customer whose portal is off');
    } finally {
      await customerContext.close();
    }
  },
  { freshDataset: true },
);

journey('reseller support staff see the settings read-only', async ({ page }) => {
  await signInToConsole(page, 'desk@sandbox.example');
  await page.getByLabel("Customer's id or domain").fill(ACME.customerId);
  await page.getByRole('button', { name: 'Open settings' }).click();
  const dialog = page.getByRole('dialog', { name: /^Customer settings: acme\.example/ });
  await dialog.getByText('Reseller support staff can only look', { exact: false }).waitFor();
  expect(await dialog.getByRole('switch', { name: 'Self-service portal' }).isDisabled()).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
});
