// Both delegate dialogs (docs/behaviour.md 2.6, docs/behaviour.md 4.17–4.20, docs/behaviour.md 5 delegate e-mail, docs/behaviour.md 8 errors).
import type { Locator, Page } from 'playwright-core';
import { ERROR_TEXT } from '../../src/contract/errors';
import {
  addDelegate,
  closeDialog,
  DELEGATE_DIALOGS,
  deleteDelegate,
  errorDialogShows,
  eventually,
  openDelegateDialog,
  signInToDashboard,
} from './support/pageActions';
import { expectAccessible } from './support/accessibility';
import { describePortal } from './support/journey';
import { ACME } from './support/sandbox';

const { journey } = describePortal();

const KINDS = [
  { ...DELEGATE_DIALOGS.licence, present: ACME.licences },
  { ...DELEGATE_DIALOGS.support, present: ACME.support },
] as const;

const members = async (dialog: Locator) =>
  (await dialog.getByRole('listitem').allInnerTexts()).map((text) =>
    text.replace(/\s*Delete\s*$/, '').trim(),
  );

async function add(page: Page, dialog: Locator, email: string) {
  await addDelegate(page, dialog, email);
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

      await addDelegate(page, dialog, kind.present);
      const error = await errorDialogShows(page, ERROR_TEXT.memberAlreadyExists);
      await expectAccessible(page, `error dialog over ${kind.title}`);
      await closeDialog(page, error);
      expect(await input.inputValue()).toBe('');

      await deleteDelegate(page, dialog, 'zed@acme.example');
      await eventually(
        'zed to leave the list',
        async () => !(await members(dialog)).includes('zed@acme.example'),
      );
      expect(await members(dialog)).toEqual(['ann@acme.example', kind.present].sort());

      await closeDialog(page, dialog);
      // Opened again, the list comes from the server: the changes were kept there.
      const reopened = await openDelegateDialog(page, kind.title, kind.menuItem);
      expect(await members(reopened)).toEqual(['ann@acme.example', kind.present].sort());
    },
    { freshDataset: true },
  );
}
