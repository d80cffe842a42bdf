// How each caller of the authorization matrix gets (or fails to get) its credentials, on a portal
// of the in-process harness (src/testing/server/portalHarness.ts).
import { SESSION_COOKIE } from '../../../src/contract/api';
import { SESSION_LIFETIME_MS } from '../../../src/contract/limits';
import type { Browser, Portal } from '../../../src/testing/server/portalHarness';
import { ACME, FLEX, type Caller, type CustomerIds } from './authorizationMatrix';

export interface Credentials {
  browser: Browser;
  /** The caller's own address. */
  email: string;
  /** Its identity-provider token, as it would send it to subscription-info. */
  token: string | null;
  own: CustomerIds;
  foreign: CustomerIds;
}

/** How long before now the expired caller signed in: past the 59-minute session and the token. */
const EXPIRED_AGO_MS = SESSION_LIFETIME_MS + 60_000;

const acme = { own: ACME, foreign: FLEX };

async function signedIn(portal: Portal, email: string): Promise<Credentials> {
  const browser = await portal.signIn(email);
  const own = email.endsWith(`@${FLEX.domain}`) ? FLEX : ACME;
  return { browser, email, token: portal.token(email), own, foreign: own === ACME ? FLEX : ACME };
}

/** A member of the reseller's staff signed in to the console. */
async function staff(portal: Portal, email: string): Promise<Credentials> {
  return { browser: await portal.signInStaff(email), email, token: portal.token(email), ...acme };
}

/** The session cookie with its claims changed and its signature kept: no longer what was signed. */
export function tamperedSession(session: string, change: Record<string, unknown>): string {
  const [payload = '', signature = ''] = session.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
  const forged = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
  return `${forged}.${signature}`;
}

export const CALLER_SETUP: Record<Caller, (portal: Portal) => Promise<Credentials>> = {
  anonymous: async (portal) => ({
    browser: portal.browser(),
    email: 'admin@acme.example',
    token: null,
    ...acme,
  }),
  expired: async (portal) => {
    const now = portal.clock.now;
    portal.clock.now = now - EXPIRED_AGO_MS;
    try {
      return await signedIn(portal, 'admin@acme.example');
    } finally {
      portal.clock.now = now;
    }
  },
  tampered: async (portal) => {
    const admin = await signedIn(portal, 'admin@acme.example');
    admin.browser.cookies.set(
      SESSION_COOKIE,
      tamperedSession(admin.browser.session ?? '', {
        exp: portal.clock.now + 10 * SESSION_LIFETIME_MS,
      }),
    );
    return { ...admin, token: `${admin.token ?? ''}x` };
  },
  // Set up before 'admin': the admin signed in, then the account at the address was replaced.
  'replaced admin': async (portal) => {
    const replaced = await signedIn(portal, 'admin@acme.example');
    portal.sandbox.replaceAccount('admin@acme.example');
    return replaced;
  },
  'plain user': (portal) => signedIn(portal, 'staff@acme.example'),
  'licence delegate': (portal) => signedIn(portal, 'licences@acme.example'),
  'support delegate': (portal) => signedIn(portal, 'support@acme.example'),
  admin: (portal) => signedIn(portal, 'admin@acme.example'),
  'admin of another customer': (portal) => signedIn(portal, 'admin@flex.example'),
  'reseller admin': (portal) => staff(portal, 'ops@sandbox.example'),
  'reseller support': (portal) => staff(portal, 'desk@sandbox.example'),
  // Refused at the staff sign-in: a token and no session.
  'not reseller staff': async (portal) => ({
    browser: portal.browser(),
    email: 'nobody@sandbox.example',
    token: portal.token('nobody@sandbox.example'),
    ...acme,
  }),
};
