// Opening the portal (docs/behaviour.md 4): with a stored token (good, expired, tampered), without
// one on a guarded page, and the support site.
import type { Page } from 'playwright-core';
import { TOKEN_LIFETIME_MS } from '../../src/contract/limits';
import * as actions from '../../test/e2e/support/pageActions';
import { ACME } from '../../test/e2e/support/sandbox';
import {
  DASHBOARD,
  EMAIL_FIELD,
  gone,
  quiet,
  recordedStep,
  see,
  signedInBefore,
  type Journey,
} from './recordedPage';

/** How long ago the 'expired token' journey's token expired. */
const EXPIRED_AGO_MS = 60_000;

async function storedToken(page: Page): Promise<string> {
  const stored = await actions.storedTokenData(page);
  if (!stored?.token) throw new Error('No token was stored by the sign-in');
  return stored.token;
}

export const startJourneys: Journey[] = [
  {
    name: 'start-with-stored-token-opens-dashboard',
    title: 'On load a stored, unexpired token loads the subscription with the saved e-mail',
    async run(session) {
      await (await signedInBefore(session, ACME.admin)).close();
      await session.open('/');
      await session.page.waitForURL('**/licenses');
      await see(session.page, DASHBOARD);
    },
  },
  {
    name: 'start-with-stored-token-support-destination-leaves-for-helpdesk',
    title: 'On load a stored token with ?customer=support leaves for the help-desk portal',
    async run(session) {
      await (await signedInBefore(session, ACME.admin)).close();
      await session.open('/?customer=support');
      await session.page.waitForURL('**/sandbox/helpdesk');
    },
  },
  {
    name: 'start-with-expired-token-removes-it',
    title: 'On load an expired stored token is removed and the home screen stays',
    async run(session) {
      const first = await signedInBefore(session, ACME.admin);
      const token = await storedToken(first);
      // The token was saved more than 59 minutes ago: its expiry is behind the clock.
      await actions.storeTokenData(first, { token, expiry: Date.now() - EXPIRED_AGO_MS });
      await first.close();
      await session.open('/');
      await see(session.page, EMAIL_FIELD);
    },
  },
  {
    name: 'start-with-tampered-token-reloads',
    title: 'On load a tampered token is refused (Expected OAuth 2 access token): removed, reload',
    async run(session) {
      const first = await signedInBefore(session, ACME.admin);
      const token = await storedToken(first);
      await actions.storeTokenData(first, {
        token: `${token}tampered`,
        expiry: Date.now() + TOKEN_LIFETIME_MS,
      });
      await first.close();
      await session.open('/');
      await recordedStep(session.page, 'reload');
    },
  },
  {
    name: 'start-without-token-on-forbidden-goes-home',
    title: 'Opening /forbidden with nothing stored: no error, so the guard sends the person home',
    async run({ page, open }) {
      await open('/forbidden');
      await page.waitForURL((url) => url.pathname === '/');
      await see(page, EMAIL_FIELD);
      await see(page, gone({ text: '403' }));
    },
  },
  {
    name: 'start-on-licenses-without-token-goes-home',
    title:
      'Opening /licenses with nothing stored: no subscription is held, so the guard sends the person home',
    async run({ page, open }) {
      await open('/licenses');
      await page.waitForURL((url) => url.pathname === '/');
      await see(page, EMAIL_FIELD);
      await see(page, gone(DASHBOARD));
    },
  },
  {
    name: 'start-on-support-shows-support-site',
    title: 'Opening /support shows the support site in its frame',
    async run({ page, open }) {
      await open('/support');
      await page.frameLocator('iframe[title="Support site"]').locator('body').waitFor();
      await quiet(page);
    },
  },
];
