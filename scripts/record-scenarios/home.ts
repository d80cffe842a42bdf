// The home screen's journeys (docs/behaviour.md 4): the address typed, checked, and where it leads.
import { API_PATHS } from '../../src/contract/api';
import { UNAUTHENTICATED_RATE_LIMIT_MAX } from '../../src/server/limits';
import { ACME } from '../../test/e2e/support/sandbox';
import {
  button,
  enterEmail,
  fill,
  gone,
  recordedStep,
  see,
  SIGN_IN,
  type Journey,
} from './recordedPage';

/** A journey in which `email` is typed on the home screen and the portal leaves for the contact page. */
function leavesForContactPage(email: string): Journey['run'] {
  return async ({ page, open }) => {
    await open('/');
    await enterEmail(page, email);
    await page.waitForURL('**/sandbox/contact');
  };
}

export const homeJourneys: Journey[] = [
  {
    name: 'home-consumer-email-leaves-for-contact-page',
    title: 'A consumer (free webmail) address leaves for the contact page without any server check',
    run: leavesForContactPage('someone@gmail.com'),
  },
  {
    name: 'home-non-google-domain-leaves-for-contact-page',
    title: 'An address the validator says is not a Google account leaves for the contact page',
    run: leavesForContactPage('someone@not-google.example'),
  },
  {
    name: 'home-google-email-shows-sign-in',
    title: "A Google account address is saved and 'Sign in with Google' shows",
    async run({ page, open }) {
      await open('/');
      await see(page, { ...button('Next'), disabled: true });
      await enterEmail(page, ACME.admin);
      await see(page, { text: 'To continue, sign in with google:' });
      await see(page, SIGN_IN);
    },
  },
  {
    name: 'home-changing-confirmed-email-hides-sign-in',
    title: 'Editing the address after it was confirmed hides the sign-in button again',
    async run({ page, open }) {
      await open('/');
      await enterEmail(page, ACME.admin);
      await see(page, SIGN_IN);
      await fill(page, page.getByLabel('Email address'), ACME.staff);
      await see(page, gone(SIGN_IN));
      await see(page, { ...button('Next'), disabled: false });
    },
  },
  {
    name: 'email-validator-failure-is-only-logged',
    title: 'The e-mail validator fails (rate limited): only logged, the spinner stops',
    async run({ page, open, portal }) {
      // Another client used up the validator's allowance (it is rate-limited, docs/api.md).
      for (let attempt = 0; attempt < UNAUTHENTICATED_RATE_LIMIT_MAX; attempt += 1) {
        await fetch(`${portal.origin}${API_PATHS.emailValidator}?email=x%40acme.example`);
      }
      await open('/');
      await enterEmail(page, ACME.admin);
      await recordedStep(page, 'log');
      await see(page, gone({ text: 'Validating email' }));
      await see(page, { ...button('Next'), disabled: false });
      await see(page, gone(SIGN_IN));
    },
  },
];
