// Signing in and out (docs/behaviour.md 4, 6 and 8): each role's dashboard, each refusal, sign-out.
import type { Page } from 'playwright-core';
import * as actions from '../../test/e2e/support/pageActions';
import {
  ACME,
  FLEX,
  FULL,
  NOSUB_ADMIN,
  STRANGER,
  SUSPENDED_ADMIN,
} from '../../test/e2e/support/sandbox';
import {
  ADD_FORM,
  click,
  dashboardShows,
  DELEGATE_MENU,
  EMAIL_FIELD,
  gone,
  onDashboard,
  RECORDED,
  recordedStep,
  see,
  SIGN_IN,
  signIn,
  XSRF_COOKIE_NAMES,
  type Journey,
} from './recordedPage';

/** The dashboard of a person who may neither add licences nor delegate. */
const READ_ONLY = [gone(ADD_FORM), gone(DELEGATE_MENU)];

/** A journey that opens the portal at `url`, signs in as `email` answering the popup so, then goes on. */
function afterSignIn(
  email: string,
  then: (page: Page) => Promise<void>,
  answer: actions.PopupAnswer = 'allow',
  url = '/',
): Journey['run'] {
  return async ({ page, open }) => {
    await open(url);
    await signIn(page, email, answer);
    await then(page);
  };
}

export const signInJourneys: Journey[] = [
  {
    name: 'sign-in-admin-sees-dashboard',
    inGoogleMode: true,
    title: 'The acme admin signs in, the token is saved and the licence dashboard opens',
    run: dashboardShows(ACME.admin, [
      { text: 'ACME.EXAMPLE' },
      DELEGATE_MENU,
      { text: 'You can add up to 30 more licenses' },
      { text: '17 of 20 licenses assigned, 3 free' },
    ]),
  },
  {
    name: 'sign-in-licence-delegate-sees-add-licences',
    title: 'A licence delegate (not admin) signs in and sees the add-licences form, not the menu',
    run: dashboardShows(ACME.licences, [ADD_FORM, gone(DELEGATE_MENU)], '/?customer=licenses'),
  },
  {
    name: 'sign-in-support-delegate-sees-subscription-only',
    title: 'A support delegate signs in and sees the subscription without the add form or menu',
    run: dashboardShows(ACME.support, READ_ONLY),
  },
  {
    name: 'sign-in-plain-user-sees-subscription-only',
    title: 'A plain directory user signs in and sees the subscription only',
    run: dashboardShows(ACME.staff, READ_ONLY),
  },
  {
    name: 'sign-in-flexible-plan-admin-sees-flexible-notice',
    title: 'The admin of a Flexible plan signs in: no add form, the Flexible notice instead',
    run: dashboardShows(FLEX.admin, [
      { target: { role: 'link', name: 'Learn more in the Help Center' } },
      gone(ADD_FORM),
    ]),
  },
  {
    name: 'sign-in-without-subscription-is-forbidden',
    title: 'A customer without a Workspace subscription: token removed, error stored, /forbidden',
    run: afterSignIn(NOSUB_ADMIN, async (page) => {
      await page.waitForURL('**/forbidden');
      await see(page, { text: 'ERROR DESCRIPTION: 403 - Forbidden! Access Denied.' });
      await see(page, { text: 'No Google Workspace subscription found for nosub.example.' });
    }),
  },
  {
    name: 'sign-in-not-a-customer-leaves-for-contact-page',
    title: "A domain that is not the reseller's customer: token removed, off to the contact page",
    run: afterSignIn(STRANGER, (page) => page.waitForURL('**/sandbox/contact')),
  },
  {
    name: 'sign-in-insufficient-scopes-goes-home-and-reloads',
    title: 'Sign-in with the directory scope unticked: token removed, back home and reloaded',
    run: afterSignIn(ACME.admin, (page) => recordedStep(page, 'reload'), 'allow-without-directory'),
  },
  {
    name: 'sign-in-cancelled-is-only-logged',
    title: 'Cancel in the identity popup is only logged; the sign-in button stays',
    run: afterSignIn(
      ACME.admin,
      async (page) => {
        await recordedStep(page, 'log');
        await see(page, SIGN_IN);
      },
      'cancel',
    ),
  },
  {
    name: 'sign-in-support-destination-leaves-for-helpdesk',
    title: 'With ?customer=support, sign-in saves the token and leaves for the help-desk portal',
    run: afterSignIn(
      ACME.admin,
      (page) => page.waitForURL('**/sandbox/helpdesk'),
      'allow',
      '/?customer=support',
    ),
  },
  {
    name: 'sign-in-nearly-full-customer-sees-usage-warning',
    title:
      "The admin of a nearly full subscription (23 of 25 assigned) is warned, and 'Add more licenses' leads to the form",
    run: onDashboard(FULL.admin, async ({ page }) => {
      await see(page, { text: 'Almost all licenses are assigned' });
      await see(page, { text: '23 of 25 licenses assigned, 2 free' });
      await click(page, page.getByRole('button', { name: 'Add more licenses' }));
      await see(page, ADD_FORM);
    }),
  },
  {
    name: 'sign-in-suspended-subscription-shows-why-without-add-form',
    title:
      'The admin of a suspended subscription sees that it is suspended and why, and no add-licences form',
    run: dashboardShows(SUSPENDED_ADMIN, [
      { text: 'This subscription is suspended. Licenses cannot be added while it is suspended.' },
      gone(ADD_FORM),
    ]),
  },
  {
    name: 'admin-signs-out',
    title:
      'The admin signs out: the session ends on the server, the token is removed and withdrawn, everything is forgotten, home',
    run: onDashboard(ACME.admin, async ({ page }) => {
      await actions.signOut(page, RECORDED);
      await see(page, EMAIL_FIELD);
      await see(page, gone(SIGN_IN));
    }),
  },
  {
    name: 'sign-out-refused-by-the-server-still-signs-out',
    title:
      'Signing out when the server refuses it (the XSRF cookie is gone): only logged, the person is signed out all the same',
    run: onDashboard(ACME.admin, async ({ page, context }) => {
      // Some cookies were cleared: the session cookie is still sent, its XSRF token is not.
      for (const name of XSRF_COOKIE_NAMES) await context.clearCookies({ name });
      await actions.signOut(page, RECORDED);
      await recordedStep(page, 'log');
      await see(page, EMAIL_FIELD);
    }),
  },
];
