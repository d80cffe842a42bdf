// Both delegate dialogs (docs/behaviour.md 4.17–4.20 and 8): open, add, delete, and refusals.
import type { Locator, Page } from 'playwright-core';
import { API_PATHS } from '../../src/contract/api';
import * as actions from '../../test/e2e/support/pageActions';
import { ACME } from '../../test/e2e/support/sandbox';
import {
  button,
  dialog,
  fill,
  gone,
  onDashboard,
  postFromOtherTab,
  press,
  RECORDED,
  see,
  SESSION_EXPIRED,
  type Journey,
  type Session,
} from './recordedPage';

type DelegateKind = keyof typeof actions.DELEGATE_DIALOGS;

function openDelegateDialog(page: Page, kind: DelegateKind) {
  const { menuItem, title } = actions.DELEGATE_DIALOGS[kind];
  return actions.openDelegateDialog(page, title, menuItem, RECORDED);
}

/** A journey in which the admin signs in and opens the delegate dialog of `kind`, then goes on. */
function inDelegateDialog(
  kind: DelegateKind,
  then: (session: Session, opened: Locator) => Promise<void>,
): Journey['run'] {
  return onDashboard(ACME.admin, async (session) =>
    then(session, await openDelegateDialog(session.page, kind)),
  );
}

/** The journeys of one delegate dialog, the licence or the support one. */
function journeysOf(kind: DelegateKind): Journey[] {
  const present = kind === 'licence' ? ACME.licences : ACME.support;
  const within = dialog(actions.DELEGATE_DIALOGS[kind].title);
  return [
    {
      name: `admin-opens-${kind}-delegates-and-closes`,
      title: `The admin opens the ${kind} delegate dialog, sees the list and closes it`,
      run: inDelegateDialog(kind, async ({ page }, opened) => {
        await see(page, { text: present, within });
        await actions.closeDialog(page, opened, RECORDED);
        await see(page, gone({ target: within }));
      }),
    },
    {
      name: `admin-adds-${kind}-delegate`,
      title: `The admin adds a ${kind} delegate: appended, sorted, input cleared`,
      ...(kind === 'licence' ? { inGoogleMode: true as const } : {}),
      run: inDelegateDialog(kind, async ({ page }, opened) => {
        await actions.addDelegate(page, opened, 'ann@acme.example', RECORDED);
        await see(page, { text: 'ann@acme.example', within });
        await see(page, button('Delete ann@acme.example', within));
      }),
    },
    {
      name: `admin-adds-existing-${kind}-delegate-fails`,
      title: `Adding a ${kind} delegate who is already there: 'Member already exists.', input cleared`,
      run: inDelegateDialog(kind, async ({ page }, opened) => {
        await actions.addDelegate(page, opened, present, RECORDED);
        await actions.closeErrorDialog(page, 'Member already exists.', RECORDED);
      }),
    },
    {
      name: `admin-deletes-${kind}-delegate`,
      title: `The admin deletes a ${kind} delegate: removed from the list`,
      run: inDelegateDialog(kind, async ({ page }, opened) => {
        await actions.deleteDelegate(page, opened, present, RECORDED);
        await opened.getByText(present).waitFor({ state: 'detached' });
        await see(page, gone(button(`Delete ${present}`, within)));
      }),
    },
    {
      name: `admin-deletes-${kind}-delegate-removed-in-another-tab`,
      title: `Deleting a ${kind} delegate another tab already removed: 'Resource Not Found: memberKey'`,
      run: inDelegateDialog(kind, async (session, opened) => {
        const pathName = kind === 'licence' ? API_PATHS.licenceDelegate : API_PATHS.supportDelegate;
        await postFromOtherTab(session, ACME.admin, pathName, {
          email: present,
          customerId: ACME.customerId,
          action: 'delete',
        });
        await actions.deleteDelegate(session.page, opened, present, RECORDED);
        await actions.closeErrorDialog(session.page, 'Resource Not Found: memberKey', RECORDED);
      }),
    },
  ];
}

export const delegateJourneys: Journey[] = [
  ...journeysOf('licence'),
  ...journeysOf('support'),
  {
    name: 'admin-adds-invalid-delegate-address-does-nothing',
    title: 'An address without a dotted domain keeps Add disabled, and Enter sends nothing',
    run: inDelegateDialog('licence', async ({ page }, opened) => {
      const within = dialog(actions.DELEGATE_DIALOGS.licence.title);
      await fill(page, opened.getByLabel('Enter Email Address'), 'ann@acme');
      await see(page, { ...button('Add', within), disabled: true });
      await press(page, opened.getByLabel('Enter Email Address'), 'Enter');
      await see(page, gone(button('Delete ann@acme', within)));
      await actions.closeDialog(page, opened, RECORDED);
    }),
  },
  {
    name: 'admin-opens-delegates-after-session-expired-sees-error',
    title:
      'The session cookie is gone (it expired): opening a delegate list shows the error dialog and no addresses',
    run: onDashboard(ACME.admin, async ({ page, context }) => {
      // What 59 minutes do to the browser: the session cookies are no longer sent.
      await context.clearCookies();
      await actions.chooseFromAdminMenu(page, actions.DELEGATE_DIALOGS.licence.menuItem, RECORDED);
      await actions.closeErrorDialog(page, SESSION_EXPIRED, RECORDED);
      const within = dialog(actions.DELEGATE_DIALOGS.licence.title);
      await see(page, { text: 'Nobody has this access yet', within });
    }),
  },
];
