// `npx tsx scripts/screenshots.ts [--phone]`: screenshots of every screen and dialog (docs/screenshots), taken
// in headless Chromium against the real portal on a free port with a freshly seeded sandbox, and
// written to docs/screenshots/, or with --phone at a phone's width to docs/screenshots/phone/.
// Set CHROMIUM_PATH when Chromium is not at /usr/bin/chromium.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium';
import { buildClientInto, startPortalProcess } from '../src/testing/server/portalProcess';

const root = path.resolve(__dirname, '..');
const phone = process.argv.includes('--phone');
const outputDir = path.join(root, 'docs', 'screenshots', ...(phone ? ['phone'] : []));
// A common phone's width (Lighthouse's mobile preset draws at 412 px).
const VIEWPORT = phone ? { width: 390, height: 844 } : { width: 1280, height: 800 };
const SERVER_READY_TIMEOUT_MS = 180_000;
const STEP_TIMEOUT_MS = 20_000;
/** How often the mailbox is reloaded while the delivery worker has not sent yet. */
const MAIL_POLL_MS = 500;
/** antd dialogs zoom in; the picture is taken once they have settled. */
const SETTLE_MS = 600;

async function snap(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(SETTLE_MS);
  const file = path.join(outputDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`  ${path.relative(root, file)}`);
}

async function enterEmail(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
}

async function signIn(page: Page, email: string): Promise<void> {
  await enterEmail(page, email);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign in with Google' }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.getByRole('button', { name: 'Allow' }).click();
}

async function dashboardOf(browser: Browser, origin: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await signIn(page, email);
  await page.waitForURL('**/licenses');
  await page.getByText('Total Licenses').waitFor();
  return page;
}

async function openDelegates(page: Page, item: string, title: string) {
  await page.getByRole('button', { name: 'Delegate access menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog
    .getByRole('status', { name: 'Loading delegated email addresses' })
    .waitFor({ state: 'detached' });
  return dialog;
}

/** A staff member's console, signed in with the sandbox popup. */
async function consoleOf(browser: Browser, origin: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  await page.goto(`${origin}/reseller`);
  await page.getByLabel('Email').fill(email);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign in with Google' }).click(),
  ]);
  await popup.waitForLoadState();
  await popup.getByRole('button', { name: 'Allow' }).click();
  await page.getByText(email).first().waitFor();
  return page;
}

/** The settings dialog of a customer typed into the console's lookup form. */
async function openCustomerSettings(page: Page, customer: string) {
  await page.getByLabel("Customer's id or domain").fill(customer);
  await page.getByRole('button', { name: 'Open settings' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Customer settings: ${customer}`) });
  await dialog.getByText(/^(Never changed|Last changed)/).waitFor();
  return dialog;
}

async function main(): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-screenshots-'));
  const portal = await startPortalProcess({
    entry: 'start',
    dataDir: path.join(workDir, 'data'),
    env: {
      PORTAL_CLIENT_DIR: buildClientInto(path.join(workDir, 'client')),
      // The order confirmation's seller block (docs/notifications.md, E-mail).
      RESELLER_LEGAL_NAME: 'Sandbox Reseller Ltd',
      RESELLER_ADDRESS: '1 Example Street\\nLondon EC1A 1AA\\nUnited Kingdom',
      RESELLER_VAT_ID: 'GB123456789',
    },
    readyTimeoutMs: SERVER_READY_TIMEOUT_MS,
  });
  const browser = await launchChromium();
  try {
    const { origin } = portal;
    console.log(`Taking screenshots against ${origin}:`);

    const home = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await home.goto(`${origin}/`);
    await home.getByLabel('Email address').fill('admin@acme.example');
    await snap(home, 'home');
    await home.getByRole('button', { name: 'Next' }).click();
    await home.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await snap(home, 'home-sign-in');
    await home.goto(`${origin}/?customer=support`);
    await home.getByLabel('Email address').fill('support@acme.example');
    await snap(home, 'home-support-destination');

    const admin = await dashboardOf(browser, origin, 'admin@acme.example');
    await snap(admin, 'dashboard-admin');
    await admin.getByRole('button', { name: 'Delegate access menu' }).click();
    await admin.getByRole('menuitem', { name: 'Delegate Licenses Access' }).waitFor();
    await snap(admin, 'dashboard-admin-menu');
    await admin.keyboard.press('Escape');

    const licences = await openDelegates(
      admin,
      'Delegate Licenses Access',
      'License Management Access',
    );
    await licences.getByLabel('Enter Email Address').fill('staff@acme.example');
    await snap(admin, 'dialog-license-management-access');
    await licences.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await licences.waitFor({ state: 'hidden' });

    const support = await openDelegates(admin, 'Delegate Support Access', 'Support Access');
    await snap(admin, 'dialog-support-access');
    // Adding someone who is already a delegate: the error dialog with the server's message.
    await support.getByLabel('Enter Email Address').fill('support@acme.example');
    await support.getByRole('button', { name: 'Add', exact: true }).click();
    const error = admin.getByRole('dialog', { name: 'Oops! An Error Occurred.' });
    await error.waitFor();
    await snap(admin, 'dialog-error');
    await error.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await support.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await support.waitFor({ state: 'hidden' });

    await admin.getByRole('spinbutton', { name: 'Add Licenses' }).fill('5');
    await admin.getByRole('button', { name: 'Add Licenses' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Confirm Adding Licenses' });
    await confirm.waitFor();
    await snap(admin, 'dialog-confirm-adding-licenses');
    await confirm.getByRole('button', { name: 'Add Licenses' }).click();
    const added = admin.getByRole('dialog', { name: 'Licenses Added Succesfully!' });
    await added.waitFor();
    await snap(admin, 'dialog-licenses-added');

    // A delegate given and taken back, then the change history: newest first, in words.
    await added.getByRole('button', { name: 'Add Even More Licenses' }).click();
    await admin.getByRole('region', { name: 'Total Licenses' }).waitFor();
    const changes = await openDelegates(
      admin,
      'Delegate Licenses Access',
      'License Management Access',
    );
    await changes.getByLabel('Enter Email Address').fill('ann@acme.example');
    await changes.getByRole('button', { name: 'Add', exact: true }).click();
    await changes.getByRole('button', { name: 'Delete ann@acme.example' }).click();
    await changes.getByText('ann@acme.example').waitFor({ state: 'detached' });
    await changes.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await changes.waitFor({ state: 'hidden' });
    await admin.getByRole('button', { name: 'Delegate access menu' }).click();
    await admin.getByRole('menuitem', { name: 'Change History' }).click();
    const history = admin.getByRole('dialog', { name: 'Change History' });
    await history.getByText('Added 5 licenses (20 → 25)').waitFor();
    await snap(admin, 'dialog-change-history');
    await history.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await history.waitFor({ state: 'hidden' });

    const delegate = await dashboardOf(browser, origin, 'licences@acme.example');
    await snap(delegate, 'dashboard-licence-delegate');
    // A licence delegate buys: the order confirmation, and a copy for ACME's administrator.
    await delegate.getByRole('spinbutton', { name: 'Add Licenses' }).fill('2');
    await delegate.getByRole('button', { name: 'Add Licenses' }).click();
    await delegate
      .getByRole('dialog', { name: 'Confirm Adding Licenses' })
      .getByRole('button', { name: 'Add Licenses' })
      .click();
    await delegate.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();
    const mailbox = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    mailbox.setDefaultTimeout(STEP_TIMEOUT_MS);
    const copy = mailbox.getByRole('link', { name: /^Order confirmation for your administrators/ });
    // The delivery worker sends within its poll (OUTBOX_POLL_MS); the page shows what it kept.
    for (let tries = 0; (await copy.count()) === 0; tries += 1) {
      if (tries * MAIL_POLL_MS > STEP_TIMEOUT_MS) throw new Error('no copy in the sandbox mailbox');
      await mailbox.waitForTimeout(MAIL_POLL_MS);
      await mailbox.goto(`${origin}/sandbox/mail`);
    }
    await snap(mailbox, 'mailbox');
    await mailbox.getByRole('link', { name: /^Order confirmation: 2 licenses/ }).click();
    await mailbox.locator('iframe.mail-body.fitted').waitFor();
    await snap(mailbox, 'mailbox-order-confirmation');
    await mailbox.goBack();
    await copy.click();
    await mailbox.locator('iframe.mail-body.fitted').waitFor();
    await snap(mailbox, 'mailbox-administrator-copy');
    await mailbox.goBack();
    await mailbox.getByRole('link', { name: 'Licenses added: acme.example' }).first().click();
    await mailbox.locator('iframe.mail-body.fitted').waitFor();
    await snap(mailbox, 'mailbox-reseller-notice');
    await snap(await dashboardOf(browser, origin, 'staff@acme.example'), 'dashboard-plain-user');
    await snap(await dashboardOf(browser, origin, 'admin@flex.example'), 'dashboard-flexible-plan');
    const full = await dashboardOf(browser, origin, 'admin@full.example');
    await full.getByText('Almost all licenses are assigned').waitFor();
    await snap(full, 'dashboard-usage-warning');
    await snap(await dashboardOf(browser, origin, 'admin@paused.example'), 'dashboard-suspended');

    const forbidden = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    forbidden.setDefaultTimeout(STEP_TIMEOUT_MS);
    await forbidden.goto(`${origin}/`);
    await signIn(forbidden, 'admin@nosub.example');
    await forbidden.waitForURL('**/forbidden');
    await forbidden.locator('[aria-busy="false"]').waitFor();
    await snap(forbidden, 'forbidden');

    const supportSite = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await supportSite.goto(`${origin}/support`);
    await supportSite.getByTitle('Support site').waitFor();
    await snap(supportSite, 'support');

    // The reseller console (docs/reseller-console.md): a reseller admin, support staff, and the refusal.
    for (const [email, name] of [
      ['ops@sandbox.example', 'console-admin'],
      ['desk@sandbox.example', 'console-support'],
      ['nobody@sandbox.example', 'console-refused'],
    ] as const) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      const console_ = await context.newPage();
      await console_.goto(`${origin}/reseller`);
      await console_.getByLabel('Email').fill(email);
      if (name === 'console-admin') await snap(console_, 'console-sign-in');
      const [popup] = await Promise.all([
        console_.waitForEvent('popup'),
        console_.getByRole('button', { name: 'Sign in with Google' }).click(),
      ]);
      await popup.waitForLoadState();
      await popup.getByRole('button', { name: 'Allow' }).click();
      await console_
        .getByText(email === 'nobody@sandbox.example' ? '403 - Not reseller staff' : email)
        .first()
        .waitFor();
      if (name === 'console-admin') {
        // The customers' list, the console's first screen, on its own (docs/reseller-console.md).
        const customers = console_.getByRole('table', { name: 'Customers' });
        await customers.getByText('acme.example', { exact: true }).waitFor();
        await console_.waitForTimeout(SETTLE_MS);
        const file = path.join(outputDir, 'console-customers.png');
        await console_.locator('.ant-card').filter({ has: customers }).screenshot({ path: file });
        console.log(`  ${path.relative(root, file)}`);
      }
      await snap(console_, name);
      if (name === 'console-support') {
        await openCustomerSettings(console_, 'acme.example');
        await snap(console_, 'console-customer-settings-support');
      }
      await context.close();
    }

    // Last, since acme.example's portal is off afterwards: an admin's change, the audit, the customer.
    const ops = await consoleOf(browser, origin, 'ops@sandbox.example');
    const dialog = await openCustomerSettings(ops, 'acme.example');
    await dialog.getByRole('switch', { name: 'Self-service portal' }).click();
    await dialog.getByLabel('Seat cap (most seats in total)').fill('30');
    await dialog.getByLabel('Approval above (seats per purchase)').fill('5');
    await snap(ops, 'console-customer-settings');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ops.getByLabel('Default seat cap').fill('80');
    await ops.getByRole('button', { name: 'Save' }).click();
    await ops.getByRole('status').getByText('Saved.').waitFor();
    await ops.getByRole('table', { name: 'Audit trail' }).getByText('seatCap: 50 → 80').waitFor();
    await snap(ops, 'console-audit-trail');

    const turnedOff = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await turnedOff.goto(`${origin}/`);
    await signIn(turnedOff, 'admin@acme.example');
    await turnedOff.waitForURL('**/forbidden');
    await turnedOff.locator('[aria-busy="false"]').waitFor();
    await snap(turnedOff, 'customer-portal-off');
  } finally {
    await browser.close();
    await portal.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
