// The reseller's ledger in the console (docs/reseller-console.md, The ledger): after acme's admin buys
// licences and gives a delegate access, a reseller admin sees both with their amount, filters the
// ledger by customer and state, and downloads the filtered CSV, whose rows and amounts are checked.
import { readFileSync } from 'node:fs';
import { PAGE_PATHS } from '../../src/contract/pages';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import {
  addDelegate,
  addLicences,
  answerPopup,
  closeDialog,
  DELEGATE_DIALOGS,
  emailInput,
  openDelegateDialog,
  signInToDashboard,
} from './support/pageActions';
import { ACME } from './support/sandbox';

const { journey } = describePortal();
const DELEGATE = 'ledger@acme.example';

journey(
  'staff filter the ledger by customer and state, and download the filtered CSV',
  async ({ page }) => {
    await signInToDashboard(page, ACME.admin);
    await addLicences(page, 3);
    await page.getByRole('dialog', { name: 'Licenses Added Succesfully!' }).waitFor();
    await page.goto('/');
    const { title, menuItem } = DELEGATE_DIALOGS.licence;
    const delegates = await openDelegateDialog(page, title, menuItem);
    await addDelegate(page, delegates, DELEGATE);
    await delegates.getByText(DELEGATE).waitFor();
    await closeDialog(page, delegates);
    // A customer's session keeps its browser on the customer's pages: sign out first.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await emailInput(page).waitFor();

    await page.goto(PAGE_PATHS.reseller);
    await page.getByLabel('Email').fill('ops@sandbox.example');
    await answerPopup(page);
    const ledger = page.getByRole('table', { name: 'Ledger' });
    await ledger.getByText(`Gave license management access to ${DELEGATE}`).waitFor();
    await ledger.getByText('Added 3 licenses (20 → 23)').waitFor();
    await expectAccessible(page, 'the console with its ledger');

    await page.getByLabel("Customer's id", { exact: true }).fill(ACME.customerId);
    await page.locator('#ledger-state').click();
    await page.locator('.ant-select-item-option[title="Done"]').click();
    await page.getByRole('button', { name: 'Filter ledger' }).click();
    await ledger.getByText('Added 3 licenses (20 → 23)').waitFor();
    const rows = (await ledger.locator('tbody tr.ant-table-row').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    expect(rows).toEqual([
      expect.stringContaining(`Gave license management access to ${DELEGATE}`),
      expect.stringMatching(/Added 3 licenses \(20 → 23\) admin@acme\.example Done €\d+\.\d{2}$/),
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ledger-C0acme001-done-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path(), 'utf8');
    expect(bytes.startsWith('\uFEFF')).toBe(true);
    const lines = bytes.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"When (UTC)","Customer id","Customer domain","Change","State","Who","Request id","SKU","Seats before","Seats after","Delegate change","Delegate","Currency","Unit price","Price per","Seats charged","Amount due now","Term end","Price version"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"[^"]+Z","C0acme001","acme\\.example","licence-delegate","done","admin@acme\\.example","[^"]+","","","","add","${DELEGATE.replace('.', '\\.')}",`,
      ),
    );
    // The purchase's charge as quoted: the seat price and the prorated amount as exact decimals.
    expect(lines[2]).toMatch(
      /^"[^"]+Z","C0acme001","acme\.example","licences","done","admin@acme\.example","[^"]+","Google Workspace Business Standard","20","23","","","EUR","\d+\.\d{2}","month","3","\d+\.\d{2}","\d{4}-\d{2}-\d{2}","[^"]+"$/,
    );
  },
);
