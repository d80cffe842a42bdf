// The 'Change History' dialog (admin menu) against the real store: what the admin did, in words,
// newest first, filtered, paged by the server's cursor, downloaded as CSV; by keyboard, axe clean.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { API_PATHS, XSRF_COOKIE, XSRF_HEADER } from '../../src/contract/api';
import { addLicences, closeDialog, eventually, signInToDashboard } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { tabTo } from './support/keyboard';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

/** A POST as the portal makes it (session cookie and XSRF header), from the signed-in page. */
async function post(page: Page, pathName: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ pathName, body, cookie, header }) => {
      const xsrf = document.cookie
        .split(';')
        .map((part) => part.trim().split('='))
        .find(([name]) => name === cookie)?.[1];
      const response = await fetch(pathName, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [header]: decodeURIComponent(xsrf ?? '') },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { pathName, body, cookie: XSRF_COOKIE, header: XSRF_HEADER },
  );
}

const isFocused = (target: ReturnType<Page['getByRole']>) =>
  target.evaluate((element) => element === document.activeElement);

async function openHistoryByKeyboard(page: Page) {
  const menu = page.getByRole('button', { name: 'Delegate access menu' });
  await tabTo(page, menu, 'The admin menu');
  await page.keyboard.press('Enter');
  // The open menu has the focus on its first item; the arrows move it (the two delegate items of docs/behaviour.md 7.2 first).
  const item = page.getByRole('menuitem', { name: 'Change History' });
  await item.waitFor();
  // antd moves the focus into the menu once it has opened; an arrow pressed before that is lost.
  await eventually('the open menu to take the focus', () =>
    page.evaluate(() => document.activeElement?.closest('[role="menu"]') != null),
  );
  // antd's menu moves the focus a frame after each arrow; an arrow pressed before that starts from
  // the same item again. Each press waits for the focus to move, as a person's next press would.
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  for (let press = 0; press < 3 && !(await isFocused(item)); press += 1) {
    const before = await focusedText();
    await page.keyboard.press('ArrowDown');
    await eventually('the arrow to move the focus', async () => (await focusedText()) !== before);
  }
  expect(await isFocused(item)).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change History' });
  await dialog.waitFor();
  return dialog;
}

const rowsOf = async (dialog: ReturnType<Page['getByRole']>) =>
  (await dialog.locator('tbody tr.ant-table-row').allInnerTexts()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );

journey(
  'the admin sees, filters, pages and downloads what was changed, newest first',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    await addLicences(page, 3);
    await page.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();
    await page.goto('/');
    await page.getByRole('region', { name: 'Total Licenses' }).waitFor();
    const customerId = ACME.customerId;
    expect(
      await post(page, API_PATHS.supportDelegate, {
        email: ACME.support,
        customerId,
        action: 'delete',
      }),
    ).toBe(200);
    // Enough changes for a second page of 20.
    for (let n = 1; n <= 20; n += 1) {
      const email = `person${String(n).padStart(2, '0')}@acme.example`;
      expect(
        await post(page, API_PATHS.licenceDelegate, { email, customerId, action: 'add' }),
      ).toBe(200);
    }

    const dialog = await openHistoryByKeyboard(page);
    await dialog.getByText('Gave license management access to person20@acme.example').waitFor();
    const first = await rowsOf(dialog);
    expect(first).toHaveLength(20);
    expect(first[0]).toContain(
      `${ACME.admin} Gave license management access to person20@acme.example`,
    );
    await expectAccessible(page, 'Change History dialog');

    await dialog.getByRole('button', { name: 'Next page' }).click();
    await dialog.getByText('Page 2').waitFor();
    await dialog.getByText('Added 3 licenses (20 → 23)').waitFor();
    const second = await rowsOf(dialog);
    // The purchase's amount is prorated to the days left before the renewal, so it changes by the day.
    expect(second.map((row) => row.replace(/^.*? admin@acme\.example /, ''))).toEqual([
      'Removed support access from support@acme.example',
      expect.stringMatching(/^Added 3 licenses \(20 → 23\) €\d+\.\d{2}$/),
    ]);
    expect(await dialog.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Previous page' }).click();
    await dialog.getByText('Page 1').waitFor();
    // The page number moves at the click; page 1's rows arrive with its load.
    await dialog.getByText('Gave license management access to person20@acme.example').waitFor();

    // The kind filter by keyboard: Tab into the radio group, an arrow to the next kind.
    await tabTo(page, dialog.getByRole('radio', { name: 'All changes' }), 'The kind filter');
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: 'Licenses' }).isChecked()).toBe(true);
    await dialog.getByText('Gave license management access to person20@acme.example').waitFor({
      state: 'detached',
    });
    expect(
      (await rowsOf(dialog)).map((row) => row.replace(/^.*? admin@acme\.example /, '')),
    ).toEqual([expect.stringMatching(/^Added 3 licenses \(20 → 23\) €\d+\.\d{2}$/)]);

    // The CSV holds every page of the filter: here the one licence add.
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText('Gave license management access to person20@acme.example').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^change-history-acme\.example-all-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"When (UTC)","Who","What","Kind","State","Request id","currency","unitPriceMinor","seats","period","amountMinor","termEnd","priceVersion"',
    );
    expect(lines).toHaveLength(1 + 22);
    expect(lines.at(-1)).toMatch(
      /"Added 3 licenses \(20 → 23\)","licences","done","[^"]+","EUR","1440","3","month","\d+","\d{4}-\d{2}-\d{2}","[^"]+"$/,
    );

    await closeDialog(page, dialog);
  },
  { freshDataset: true },
);

journey('a licence delegate has no admin menu, so no history', async ({ page }) => {
  await signInToDashboard(page, ACME.licences);
  expect(await page.getByRole('button', { name: 'Delegate access menu' }).count()).toBe(0);
  expect(await page.getByRole('menuitem', { name: 'Change History' }).count()).toBe(0);
});
