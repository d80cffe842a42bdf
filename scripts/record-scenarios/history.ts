// The Change History dialog (docs/behaviour.md 4): pages, the kind filter, the CSV, and refusals.
import { API_PATHS } from '../../src/contract/api';
import * as actions from '../../test/e2e/support/pageActions';
import { ACME } from '../../test/e2e/support/sandbox';
import {
  click,
  dialog,
  gone,
  onDashboard,
  otherTab,
  quiet,
  RECORDED,
  see,
  SESSION_EXPIRED,
  signInToDashboard,
  type Journey,
} from './recordedPage';

/** Add-and-delete rounds made beforehand: with the licence add, more than one page of twenty. */
const DELEGATE_ROUNDS = 11;
const within = dialog(actions.DIALOGS.history);

export const historyJourneys: Journey[] = [
  {
    name: 'admin-reads-change-history-pages-filters-and-downloads',
    title:
      'The admin reads the Change History: newest first, the next and previous page, a filter by kind, the CSV download',
    async run(session) {
      const { page, open } = session;
      // Twenty-three changes made beforehand in another tab: more than one page of twenty.
      const tab = await otherTab(session, ACME.admin);
      await tab.post(API_PATHS.addLicence, {
        customerId: ACME.customerId,
        subscriptionId: ACME.subscriptionId,
        numberOfSeats: 21,
        expectedNumberOfSeats: 20,
      });
      for (let round = 0; round < DELEGATE_ROUNDS; round += 1) {
        for (const action of ['add', 'delete']) {
          await tab.post(API_PATHS.supportDelegate, {
            email: 'ann@acme.example',
            customerId: ACME.customerId,
            action,
          });
        }
      }
      await tab.close();
      await open('/');
      await signInToDashboard(page, ACME.admin);
      const history = await actions.openChangeHistory(page, RECORDED);
      const removed = { text: 'Removed support access from ann@acme.example', within };
      const added = { text: 'Added 1 license (20 → 21)', within };
      await see(page, { text: 'Page 1', within });
      await see(page, removed);
      await click(page, history.getByRole('button', { name: 'Next page' }));
      await see(page, { text: 'Page 2', within });
      await see(page, added);
      await click(page, history.getByRole('button', { name: 'Previous page' }));
      await see(page, { text: 'Page 1', within });
      await click(page, history.getByText('Licenses', { exact: true }));
      await see(page, added);
      await see(page, gone(removed));
      await quiet(page);
      await Promise.all([
        page.waitForEvent('download'),
        history.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      await actions.closeDialog(page, history, RECORDED);
    },
  },
  {
    name: 'admin-opens-change-history-after-session-expired-sees-error',
    title:
      "The session cookie is gone (it expired): the Change History says why it cannot be loaded, and 'Try again' asks again",
    run: onDashboard(ACME.admin, async ({ page, context }) => {
      await context.clearCookies();
      const history = await actions.openChangeHistory(page, RECORDED);
      await see(page, { text: SESSION_EXPIRED, within });
      await click(page, history.getByRole('button', { name: 'Try again' }));
      await see(page, { text: SESSION_EXPIRED, within });
      await actions.closeDialog(page, history, RECORDED);
    }),
  },
  {
    name: 'admin-downloads-change-history-after-session-expired-sees-error',
    title:
      'The session cookie is gone (it expired) before the CSV download: the error dialog says why and nothing is saved',
    run: onDashboard(ACME.admin, async ({ page, context }) => {
      const history = await actions.openChangeHistory(page, RECORDED);
      await see(page, { text: 'No changes recorded', within });
      await context.clearCookies();
      await click(page, history.getByRole('button', { name: 'Download CSV' }));
      await actions.closeErrorDialog(page, SESSION_EXPIRED, RECORDED);
      await actions.closeDialog(page, history, RECORDED);
    }),
  },
];
