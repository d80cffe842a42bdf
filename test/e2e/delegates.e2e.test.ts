// Both delegate dialogs (docs/behaviour.md 2.6, docs/behaviour.md 4.17–4.20, docs/behaviour.md 5 delegate e-mail, docs/behaviour.md 8 errors).
import type { Locator, Page } from 'playwright-core';
import { ERROR_TEXT } from '../../src/contract/errors';
import { eventually, openDelegateDialog, signInToDashboard } from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

const KINDS = [
  {
    title: 'License Management Access',
    menuItem: 'Delegate Licenses Access',
    present: ACME.licences,
  },
  { title: 'Support Access', menuItem: 'Delegate Support Access', present: ACME.support },
] as const;

const members = async (dialog: Locator) =>
  (await dialog.getByRole('listitem').allInnerTexts()).map((text) =>
    text.replace(/\s*Delete\s*$/, '').trim(),
  );

async function add(page: Page, dialog: Locator, email: string) {
  await dialog.getByLabel('Enter Email Address').fill(email);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  // The full-screen loader covers the change until the server answers.
  await page.getByRole('status', { name: 'Saving the change' }).waitFor({ state: 'detached' });
}

for (const kind of KINDS) {
  journey(
    `${kind.title}: add (sorted), duplicate error, delete, invalid e-mail disabled`,
    async ({ page }) => {
      await signInToDashboard(page, ACME.admin);
      const dialog = await openDelegateDialog(page, kind.title, kind.menuItem);
      expect(await members(dialog)).toEqual([kind.present]);
      await expectAccessible(page, `${kind.title} dialog`);

      const input = dialog.getByLabel('Enter Email Address');
      const addButton = dialog.getByRole('button', { name: 'Add', exact: true });
      expect(await addButton.isDisabled()).toBe(true);
      for (const invalid of ['zed', 'zed@acme', 'zed @acme.example', '@acme.example']) {
        await input.fill(invalid);
        expect({ invalid, disabled: await addButton.isDisabled() }).toEqual({
          invalid,
          disabled: true,
        });
        await input.press('Enter');
      }
      expect(await members(dialog)).toEqual([kind.present]);

      await add(page, dialog, 'zed@acme.example');
      await add(page, dialog, 'ann@acme.example');
      expect(await members(dialog)).toEqual(
        ['ann@acme.example', kind.present, 'zed@acme.example'].sort(),
      );
      expect(await input.inputValue()).toBe('');

      await input.fill(kind.present);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      const error = page.getByRole('dialog', { name: 'Oops! An Error Occurred.' });
      await error.getByText(ERROR_TEXT.memberAlreadyExists, { exact: true }).waitFor();
      await expectAccessible(page, `error dialog over ${kind.title}`);
      await error.getByRole('button', { name: 'CLOSE' }).click();
      await error.waitFor({ state: 'hidden' });
      expect(await input.inputValue()).toBe('');

      await dialog.getByRole('button', { name: 'Delete zed@acme.example' }).click();
      await eventually(
        'zed to leave the list',
        async () => !(await members(dialog)).includes('zed@acme.example'),
      );
      expect(await members(dialog)).toEqual(['ann@acme.example', kind.present].sort());

      await dialog.getByRole('button', { name: 'CLOSE' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Opened again, the list comes from the server: the changes were kept there.
      const reopened = await openDelegateDialog(page, kind.title, kind.menuItem);
      expect(await members(reopened)).toEqual(['ann@acme.example', kind.present].sort());
    },
    { freshDataset: true },
  );
}
