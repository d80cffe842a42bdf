// Signing in and out (docs/behaviour.md 4, 6 and 8): each role's dashboard, each refusal, sign-out.
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
  DELEGATE_MENU,
  EMAIL_FIELD,
  gone,
  RECORDED,
  recordedStep,
  see,
  SIGN_IN,
  signIn,
  signInToDashboard,
  XSRF_COOKIE_NAMES,
  type Journey,
} from './recordedPage';

export const signInJourneys: Journey[] = [
  {
    name: 'sign-in-admin-sees-dashboard',
    inGoogleMode: true,
    title: 'The acme admin signs in, the token is saved and the licence dashboard opens',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      await see(page, { text: 'ACME.EXAMPLE' });
      await see(page, DELEGATE_MENU);
      await see(page, { text: 'You can add up to 30 more licenses' });
      await see(page, { text: '17 of 20 licenses assigned, 3 free' });
    },
  },
  {
    name: 'sign-in-licence-delegate-sees-add-licences',
    title: 'A licence delegate (not admin) signs in and sees the add-licences form, not the menu',
    async run({ page, open }) {
      await open('/?customer=licenses');
      await signInToDashboard(page, ACME.licences);
      await see(page, ADD_FORM);
      await see(page, gone(DELEGATE_MENU));
    },
  },
  {
    name: 'sign-in-support-delegate-sees-subscription-only',
    title: 'A support delegate signs in and sees the subscription without the add form or menu',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.support);
      await see(page, gone(ADD_FORM));
      await see(page, gone(DELEGATE_MENU));
    },
  },
  {
    name: 'sign-in-plain-user-sees-subscription-only',
    title: 'A plain directory user signs in and sees the subscription only',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.staff);
      await see(page, gone(ADD_FORM));
      await see(page, gone(DELEGATE_MENU));
    },
  },
  {
    name: 'sign-in-flexible-plan-admin-sees-flexible-notice',
    title: 'The admin of a Flexible plan signs in: no add form, the Flexible notice instead',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, FLEX.admin);
      await see(page, { target: { role: 'link', name: 'Learn more in the Help Center' } });
      await see(page, gone(ADD_FORM));
    },
  },
  {
    name: 'sign-in-without-subscription-is-forbidden',
    title: 'A customer without a Workspace subscription: token removed, error stored, /forbidden',
    async run({ page, open }) {
      await open('/');
      await signIn(page, NOSUB_ADMIN);
      await page.waitForURL('**/forbidden');
      await see(page, { text: 'ERROR DESCRIPTION: 403 - Forbidden! Access Denied.' });
      await see(page, { text: 'No Google Workspace subscription found for nosub.example.' });
    },
  },
  {
    name: 'sign-in-not-a-customer-leaves-for-contact-page',
    title: "A domain that is not the reseller's customer: token removed, off to the contact page",
    async run({ page, open }) {
      await open('/');
      await signIn(page, STRANGER);
      await page.waitForURL('**/sandbox/contact');
    },
  },
  {
    name: 'sign-in-insufficient-scopes-goes-home-and-reloads',
    title: 'Sign-in with the directory scope unticked: token removed, back home and reloaded',
    async run({ page, open }) {
      await open('/');
      await signIn(page, ACME.admin, 'allow-without-directory');
      await recordedStep(page, 'reload');
    },
  },
  {
    name: 'sign-in-cancelled-is-only-logged',
    title: 'Cancel in the identity popup is only logged; the sign-in button stays',
    async run({ page, open }) {
      await open('/');
      await signIn(page, ACME.admin, 'cancel');
      await recordedStep(page, 'log');
      await see(page, SIGN_IN);
    },
  },
  {
    name: 'sign-in-support-destination-leaves-for-helpdesk',
    title: 'With ?customer=support, sign-in saves the token and leaves for the help-desk portal',
    async run({ page, open }) {
      await open('/?customer=support');
      await signIn(page, ACME.admin);
      await page.waitForURL('**/sandbox/helpdesk');
    },
  },
  {
    name: 'sign-in-nearly-full-customer-sees-usage-warning',
    title:
      "The admin of a nearly full subscription (23 of 25 assigned) is warned, and 'Add more licenses' leads to the form",
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, FULL.admin);
      await see(page, { text: 'Almost all licenses are assigned' });
      await see(page, { text: '23 of 25 licenses assigned, 2 free' });
      await click(page, page.getByRole('button', { name: 'Add more licenses' }));
      await see(page, ADD_FORM);
    },
  },
  {
    name: 'sign-in-suspended-subscription-shows-why-without-add-form',
    title:
      'The admin of a suspended subscription sees that it is suspended and why, and no add-licences form',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, SUSPENDED_ADMIN);
      await see(page, {
        text: 'This subscription is suspended. Licenses cannot be added while it is suspended.',
      });
      await see(page, gone(ADD_FORM));
    },
  },
  {
    name: 'admin-signs-out',
    title:
      'The admin signs out: the session ends on the server, the token is removed and withdrawn, everything is forgotten, home',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      await actions.signOut(page, RECORDED);
      await see(page, EMAIL_FIELD);
      await see(page, gone(SIGN_IN));
    },
  },
  {
    name: 'sign-out-refused-by-the-server-still-signs-out',
    title:
      'Signing out when the server refuses it (the XSRF cookie is gone): only logged, the person is signed out all the same',
    async run({ page, open, context }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      // Some cookies were cleared: the session cookie is still sent, its XSRF token is not.
      for (const name of XSRF_COOKIE_NAMES) await context.clearCookies({ name });
      await actions.signOut(page, RECORDED);
      await recordedStep(page, 'log');
      await see(page, EMAIL_FIELD);
    },
  },
];
