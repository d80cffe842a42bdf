// Adding licences (docs/behaviour.md 4.15, 4.16 and 8): confirm, success, cancel, and refusals.
import { API_PATHS } from '../../src/contract/api';
import * as actions from '../../test/e2e/support/pageActions';
import { ACME } from '../../test/e2e/support/sandbox';
import {
  dialog,
  gone,
  onDashboard,
  postFromOtherTab,
  quiet,
  RECORDED,
  see,
  type Journey,
} from './recordedPage';

const { addedLicences, confirmAdd } = actions.DIALOGS;

export const licenceJourneys: Journey[] = [
  {
    name: 'admin-adds-licences-and-reloads',
    inGoogleMode: true,
    title:
      "The admin adds 3 licences: confirm, 'Licenses Added Succesfully!', and the page reloads",
    run: onDashboard(ACME.admin, async ({ page }) => {
      await actions.addLicences(page, 3, RECORDED);
      const success = page.getByRole('dialog', { name: addedLicences });
      await success.waitFor();
      await see(page, { target: dialog(addedLicences) });
      await quiet(page);
      await Promise.all([
        page.waitForEvent('load'),
        success.getByRole('button', { name: 'Add Even More Licenses' }).click(),
      ]);
    }),
  },
  {
    name: 'admin-cancels-adding-licences',
    title: 'The admin asks for 5 licences and cancels in the confirm dialog: nothing is sent',
    run: onDashboard(ACME.admin, async ({ page }) => {
      await actions.askForLicences(page, 5, RECORDED);
      await actions.cancelAddingLicences(page, RECORDED);
      await see(page, gone({ target: dialog(confirmAdd) }));
    }),
  },
  {
    name: 'licence-delegate-adds-licences',
    title: "A licence delegate adds 2 licences and sees 'Licenses Added Succesfully!'",
    run: onDashboard(ACME.licences, async ({ page }) => {
      await actions.addLicences(page, 2, RECORDED);
      await page.getByRole('dialog', { name: addedLicences }).waitFor();
      await see(page, {
        text: 'Your new total amount of licenses will be billed to your account.',
        within: dialog(addedLicences),
      });
    }),
  },
  {
    name: 'add-licences-error-after-another-tab-bought-more',
    title:
      'Adding licences on a stale page (another tab raised the total): refused, the error dialog says the total changed',
    run: onDashboard(ACME.admin, async (session) => {
      await postFromOtherTab(session, ACME.admin, API_PATHS.addLicence, {
        customerId: ACME.customerId,
        subscriptionId: ACME.subscriptionId,
        numberOfSeats: 45,
      });
      await actions.addLicences(session.page, 10, RECORDED);
      await actions.closeErrorDialog(
        session.page,
        'The total number of licenses changed from 20 to 45 while you were adding licenses. Reload the page and try again.',
        RECORDED,
      );
    }),
  },
  {
    name: 'add-licences-refused-after-licence-access-removed',
    title: 'A licence delegate removed by the admin meanwhile is refused when adding licences',
    run: onDashboard(ACME.licences, async (session) => {
      await postFromOtherTab(session, ACME.admin, API_PATHS.licenceDelegate, {
        email: ACME.licences,
        customerId: ACME.customerId,
        action: 'delete',
      });
      await actions.addLicences(session.page, 1, RECORDED);
      await actions.closeErrorDialog(
        session.page,
        'Only an administrator or a licence delegate can add licences.',
        RECORDED,
      );
    }),
  },
];
