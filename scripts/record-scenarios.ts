// `npm run scenarios:record [--keep-personal-data] [journey …]` (docs/scenarios.md, Recording):
// drives the real portal (PORTAL_RECORDING=true) in headless Chromium against the sandbox through
// scripted journeys, as a person would, and writes each recording to
// src/scenarios/library/<name>.json. Every journey gets a freshly seeded sandbox (its own server
// and data directory), so recordings never depend on the order they were made in.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  SCENARIO_STORAGE_KEYS,
  type StoredRecording,
} from '../src/client/recording/recordingStorage';
import { API_PATHS, sessionCookieNames, XSRF_HEADER } from '../src/contract/api';
import { TOKEN_LIFETIME_MS } from '../src/contract/limits';
import { UNAUTHENTICATED_RATE_LIMIT_MAX } from '../src/server/limits';
import { fakeGoogleEnv, startFakeGoogle } from '../src/testing/fakeGoogle';
import type { Scenario, ScopeRef, ScreenCheck } from '../src/scenarioFormat/scenario';
import { createRedaction } from '../src/scenarioFormat/redaction';
import { parseScenario } from '../src/scenarios/validateScenario';
import * as shared from '../test/e2e/support/actions';
import { launchChromium } from '../test/support/chromium';
import { buildClientInto, startPortal, type Portal } from '../test/support/portalProcess';

const root = path.resolve(__dirname, '..');
const libraryDir = path.join(root, 'src', 'scenarios', 'library');
const clientIndex = path.join(root, 'dist', 'client', 'index.html');
// Generous: start.js first rebuilds the server when its sources changed.
const SERVER_READY_TIMEOUT_MS = 180_000;
const POLL_MS = 50;
/** The recording is taken once nothing new was written for this long. */
const QUIET_MS = 400;
const QUIET_TIMEOUT_MS = 15_000;
const STEP_TIMEOUT_MS = 15_000;
/** How long ago the 'expired token' journey's token expired. */
const EXPIRED_AGO_MS = 60_000;
const RECORDED_WITH = 'the sandbox, driven by scripts/record-scenarios.ts in headless Chromium';
const RECORDED_WITH_FAKE_GOOGLE =
  'google mode against the fake Google (as npm run start:fake-google runs it), driven by scripts/record-scenarios.ts in headless Chromium';
/** The XSRF cookie under either name: __Host- in google mode, plain in the sandbox over http. */
const XSRF_COOKIE_NAMES = [true, false].map((secure) => sessionCookieNames(secure).xsrf);
/** How files name the fake Google's origin (its port changes from run to run). */
const FAKE_GOOGLE_ORIGIN = 'http://fake-google.test/';
const SESSION_SECRET_BYTES = 48;

const ACME = {
  admin: 'admin@acme.example',
  licences: 'licences@acme.example',
  support: 'support@acme.example',
  staff: 'staff@acme.example',
};

// ---------------------------------------------------------------------------------------------
// The portal: built as `npm start` builds it, served on a free port with a fresh sandbox.

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** dist/client when it is newer than the client's sources, else a fresh build in a temp folder
 * (never overwriting dist/client, which other tools may be serving). */
function clientDir(workDir: string): string {
  const sources = ['src/client', 'src/contract', 'src/scenarioFormat', 'public'].map((folder) =>
    newestMtime(path.join(root, folder)),
  );
  if (existsSync(clientIndex) && statSync(clientIndex).mtimeMs > Math.max(...sources)) {
    return path.dirname(clientIndex);
  }
  return buildClientInto(path.join(workDir, 'client'));
}

// ---------------------------------------------------------------------------------------------
// What a person does, in the words of the screens. Each act waits until the page is quiet, as
// replay does before each recorded event, so both see the same steps before it.

interface Session {
  portal: Portal;
  browser: Browser;
  context: BrowserContext;
  /** The recorded page. */
  page: Page;
  /** Opens the portal at `url` (recording is on for every page of this server). */
  open(url: string): Promise<void>;
}

/** Waits until the recording has not grown for QUIET_MS (session storage survives leaving). */
async function quiet(page: Page): Promise<void> {
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  let last = '';
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = await page
      .evaluate(
        (keys) =>
          `${sessionStorage.getItem(keys.current)?.length ?? 0}/${sessionStorage.getItem(keys.previous)?.length ?? 0}`,
        SCENARIO_STORAGE_KEYS,
      )
      .catch(() => last);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits for what the person looks for, lets the page settle, then records the check. */
async function see(page: Page, check: ScreenCheck): Promise<void> {
  await page.waitForFunction((wanted) => window.portalScenario?.shows(wanted) === true, check, {
    polling: POLL_MS,
    timeout: STEP_TIMEOUT_MS,
  });
  await quiet(page);
  await page.evaluate((wanted) => window.portalScenario?.see(wanted), check);
}

const dialog = (name: string): ScopeRef => ({ role: 'dialog', name });
const button = (name: string, within?: ScopeRef): ScreenCheck => ({
  target: within ? { role: 'button', name, within } : { role: 'button', name },
});
const gone = (check: ScreenCheck): ScreenCheck => ({ ...check, absent: true });

async function click(page: Page, target: Locator): Promise<void> {
  await quiet(page);
  await target.click();
}

async function fill(page: Page, target: Locator, text: string): Promise<void> {
  await quiet(page);
  await target.fill(text);
}

async function press(page: Page, target: Locator, key: string): Promise<void> {
  await quiet(page);
  await target.press(key);
}

/** The recorded page's pace: every act waits for the recording to settle, and the confirm dialog's
 * question is recorded as seen. */
const RECORDED: shared.Pace = {
  beforeAct: quiet,
  confirmShown: (page, seats) =>
    see(page, {
      text: `Are you sure you want to add ${seats} licenses?`,
      within: dialog('Confirm Adding Licenses'),
    }),
};

const enterEmail = (page: Page, email: string) => shared.enterEmail(page, email, RECORDED);

async function signIn(
  page: Page,
  email: string,
  answer: shared.PopupAnswer = 'allow',
): Promise<void> {
  await enterEmail(page, email);
  await see(page, button('Sign in with Google'));
  await shared.answerPopup(page, answer, RECORDED);
}

async function signInToDashboard(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await shared.waitForDashboard(page);
  await see(page, { target: { role: 'region', name: 'Total Licenses' } });
}

/** Signs in on a page that is not recorded (the journey's first tab). */
async function signInUnrecorded(page: Page, email: string): Promise<void> {
  await shared.signIn(page, email);
  await shared.waitForDashboard(page);
}

/** The same or another person in another browser (own cookies and storage, so the recorded
 * page's session and XSRF cookie stay its own), calling the API as the portal would. */
async function otherTab(session: Session, email: string) {
  const context = await session.browser.newContext();
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  await page.goto(`${session.portal.origin}/`);
  await signInUnrecorded(page, email);
  return {
    async post(pathName: string, body: unknown): Promise<number> {
      return page.evaluate(
        async ({ pathName, body, cookies, header }) => {
          const xsrf = document.cookie
            .split(';')
            .map((part) => part.trim().split('='))
            .find(([name]) => cookies.includes(name ?? ''))?.[1];
          const response = await fetch(pathName, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              [header]: decodeURIComponent(xsrf ?? ''),
            },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        { pathName, body, cookies: XSRF_COOKIE_NAMES, header: XSRF_HEADER },
      );
    },
    close: () => context.close(),
  };
}

function openDelegateDialog(page: Page, kind: keyof typeof shared.DELEGATE_DIALOGS) {
  const { menuItem, title } = shared.DELEGATE_DIALOGS[kind];
  return shared.openDelegateDialog(page, title, menuItem, RECORDED);
}

async function addDelegate(page: Page, kind: 'licence' | 'support', email: string) {
  const opened = await openDelegateDialog(page, kind);
  await fill(page, opened.getByLabel('Enter Email Address'), email);
  await click(page, opened.getByRole('button', { name: 'Add', exact: true }));
  return opened;
}

const ERROR_DIALOG = 'Oops! An Error Occurred.';
const HISTORY_DIALOG = 'Change History';

async function openChangeHistory(page: Page) {
  await click(page, page.getByRole('button', { name: 'Delegate access menu' }));
  await click(page, page.getByRole('menuitem', { name: 'Change History' }));
  const history = page.getByRole('dialog', { name: HISTORY_DIALOG });
  await history.waitFor();
  return history;
}

/** The error dialog shows `message`; CLOSE closes it. */
async function closeErrorDialog(page: Page, message?: string): Promise<void> {
  const error = page.getByRole('dialog', { name: ERROR_DIALOG });
  await error.waitFor();
  await see(
    page,
    message ? { text: message, within: dialog(ERROR_DIALOG) } : { target: dialog(ERROR_DIALOG) },
  );
  await click(page, error.getByRole('button', { name: 'CLOSE', exact: true }));
  await error.waitFor({ state: 'hidden' });
  await see(page, gone({ target: dialog(ERROR_DIALOG) }));
}

const addLicences = (page: Page, seats: number) => shared.addLicences(page, seats, RECORDED);

/** Waits until this tab's recordings hold a step of the kind (a reload may come before any wait,
 * and wipes the page's scripts, so this polls from outside). */
async function recordedStep(page: Page, kind: Scenario['steps'][number]['kind']): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = await page
      .evaluate(
        ({ keys, marker }) =>
          [keys.current, keys.previous].some((key) =>
            (sessionStorage.getItem(key) ?? '').includes(marker),
          ),
        { keys: SCENARIO_STORAGE_KEYS, marker: `"kind":"${kind}"` },
      )
      .catch(() => false);
    if (found) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`No ${kind} step was recorded within ${STEP_TIMEOUT_MS} ms`);
}

async function storedToken(page: Page): Promise<string> {
  const stored = await shared.storedTokenData(page);
  if (!stored?.token) throw new Error('No token was stored by the sign-in');
  return stored.token;
}

/** A first tab signs in (not recorded), so the recorded page starts with a stored session. */
async function signedInBefore(session: Session, email: string): Promise<Page> {
  const first = await session.context.newPage();
  await first.goto(`${session.portal.origin}/`);
  await signInUnrecorded(first, email);
  return first;
}

// ---------------------------------------------------------------------------------------------
// The journeys: every flow of docs/behaviour.md 4 and branch of 8, each role of 6.

interface Journey {
  name: string;
  title: string;
  run(session: Session): Promise<void>;
  /** Also recorded in google mode against the fake Google, as google-<name>. */
  inGoogleMode?: true;
  /** Set on the google-mode copy. */
  provider?: 'google';
}

const SIGN_IN = button('Sign in with Google');
const DASHBOARD: ScreenCheck = { target: { role: 'region', name: 'Total Licenses' } };
const ADD_FORM: ScreenCheck = { target: { role: 'spinbutton', name: 'Add Licenses' } };
const DELEGATE_MENU = button('Delegate access menu');
const EMAIL_FIELD: ScreenCheck = { target: { role: 'textbox', name: 'Email address' } };
const SUCCESS_DIALOG = 'Licenses Added Succesfully!';

const journeys: Journey[] = [
  {
    name: 'home-consumer-email-leaves-for-contact-page',
    title: 'A consumer (free webmail) address leaves for the contact page without any server check',
    async run({ page, open }) {
      await open('/');
      await enterEmail(page, 'someone@gmail.com');
      await page.waitForURL('**/sandbox/contact');
    },
  },
  {
    name: 'home-non-google-domain-leaves-for-contact-page',
    title: 'An address the validator says is not a Google account leaves for the contact page',
    async run({ page, open }) {
      await open('/');
      await enterEmail(page, 'someone@not-google.example');
      await page.waitForURL('**/sandbox/contact');
    },
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
      await signInToDashboard(page, 'admin@flex.example');
      await see(page, { target: { role: 'link', name: 'Learn more in the Help Center' } });
      await see(page, gone(ADD_FORM));
    },
  },
  {
    name: 'sign-in-without-subscription-is-forbidden',
    title: 'A customer without a Workspace subscription: token removed, error stored, /forbidden',
    async run({ page, open }) {
      await open('/');
      await signIn(page, 'admin@nosub.example');
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
      await signIn(page, 'someone@stranger.example');
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
      await shared.storeTokenData(first, { token, expiry: Date.now() - EXPIRED_AGO_MS });
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
      await shared.storeTokenData(first, {
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
  {
    name: 'admin-adds-licences-and-reloads',
    inGoogleMode: true,
    title:
      "The admin adds 3 licences: confirm, 'Licenses Added Succesfully!', and the page reloads",
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      await addLicences(page, 3);
      const success = page.getByRole('dialog', { name: SUCCESS_DIALOG });
      await success.waitFor();
      await see(page, { target: dialog(SUCCESS_DIALOG) });
      await quiet(page);
      await Promise.all([
        page.waitForEvent('load'),
        success.getByRole('button', { name: 'Add Even More Licenses' }).click(),
      ]);
    },
  },
  {
    name: 'admin-cancels-adding-licences',
    title: 'The admin asks for 5 licences and cancels in the confirm dialog: nothing is sent',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      await fill(page, page.getByLabel('Add Licenses'), '5');
      await click(page, page.getByRole('button', { name: 'Add Licenses' }));
      const confirm = page.getByRole('dialog', { name: 'Confirm Adding Licenses' });
      await confirm.waitFor();
      await click(page, confirm.getByRole('button', { name: 'Cancel' }));
      await confirm.waitFor({ state: 'hidden' });
      await see(page, gone({ target: dialog('Confirm Adding Licenses') }));
    },
  },
  {
    name: 'licence-delegate-adds-licences',
    title: "A licence delegate adds 2 licences and sees 'Licenses Added Succesfully!'",
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.licences);
      await addLicences(page, 2);
      await page.getByRole('dialog', { name: SUCCESS_DIALOG }).waitFor();
      await see(page, {
        text: 'Your new total amount of licenses will be billed to your account.',
        within: dialog(SUCCESS_DIALOG),
      });
    },
  },
  {
    name: 'add-licences-error-after-another-tab-bought-more',
    title:
      'Adding licences on a stale page (another tab raised the total): refused, the error dialog says the total changed',
    async run(session) {
      const { page, open } = session;
      await open('/');
      await signInToDashboard(page, ACME.admin);
      const tab = await otherTab(session, ACME.admin);
      await tab.post(API_PATHS.addLicence, {
        customerId: 'C0acme001',
        subscriptionId: 'sub-acme-001',
        numberOfSeats: 45,
      });
      await tab.close();
      await addLicences(page, 10);
      await closeErrorDialog(
        page,
        'The total number of licenses changed from 20 to 45 while you were adding licenses. Reload the page and try again.',
      );
    },
  },
  {
    name: 'add-licences-refused-after-licence-access-removed',
    title: 'A licence delegate removed by the admin meanwhile is refused when adding licences',
    async run(session) {
      const { page, open } = session;
      await open('/');
      await signInToDashboard(page, ACME.licences);
      const admin = await otherTab(session, ACME.admin);
      await admin.post(API_PATHS.licenceDelegate, {
        email: ACME.licences,
        customerId: 'C0acme001',
        action: 'delete',
      });
      await admin.close();
      await addLicences(page, 1);
      await closeErrorDialog(page, 'Only an administrator or a licence delegate can add licences.');
    },
  },
  ...(['licence', 'support'] as const).flatMap((kind): Journey[] => {
    const present = kind === 'licence' ? ACME.licences : ACME.support;
    const label = kind === 'licence' ? 'licence' : 'support';
    const within = dialog(shared.DELEGATE_DIALOGS[kind].title);
    return [
      {
        name: `admin-opens-${label}-delegates-and-closes`,
        title: `The admin opens the ${label} delegate dialog, sees the list and closes it`,
        async run({ page, open }) {
          await open('/');
          await signInToDashboard(page, ACME.admin);
          const opened = await openDelegateDialog(page, kind);
          await see(page, { text: present, within });
          await click(page, opened.getByRole('button', { name: 'CLOSE', exact: true }));
          await opened.waitFor({ state: 'hidden' });
          await see(page, gone({ target: within }));
        },
      },
      {
        name: `admin-adds-${label}-delegate`,
        title: `The admin adds a ${label} delegate: appended, sorted, input cleared`,
        ...(kind === 'licence' ? { inGoogleMode: true as const } : {}),
        async run({ page, open }) {
          await open('/');
          await signInToDashboard(page, ACME.admin);
          await addDelegate(page, kind, 'ann@acme.example');
          await see(page, { text: 'ann@acme.example', within });
          await see(page, button('Delete ann@acme.example', within));
        },
      },
      {
        name: `admin-adds-existing-${label}-delegate-fails`,
        title: `Adding a ${label} delegate who is already there: 'Member already exists.', input cleared`,
        async run({ page, open }) {
          await open('/');
          await signInToDashboard(page, ACME.admin);
          await addDelegate(page, kind, present);
          await closeErrorDialog(page, 'Member already exists.');
        },
      },
      {
        name: `admin-deletes-${label}-delegate`,
        title: `The admin deletes a ${label} delegate: removed from the list`,
        async run({ page, open }) {
          await open('/');
          await signInToDashboard(page, ACME.admin);
          const opened = await openDelegateDialog(page, kind);
          await click(page, opened.getByRole('button', { name: `Delete ${present}` }));
          await opened.getByText(present).waitFor({ state: 'detached' });
          await see(page, gone(button(`Delete ${present}`, within)));
        },
      },
      {
        name: `admin-deletes-${label}-delegate-removed-in-another-tab`,
        title: `Deleting a ${label} delegate another tab already removed: 'Resource Not Found: memberKey'`,
        async run(session) {
          const { page, open } = session;
          await open('/');
          await signInToDashboard(page, ACME.admin);
          const opened = await openDelegateDialog(page, kind);
          const tab = await otherTab(session, ACME.admin);
          await tab.post(
            kind === 'licence' ? API_PATHS.licenceDelegate : API_PATHS.supportDelegate,
            { email: present, customerId: 'C0acme001', action: 'delete' },
          );
          await tab.close();
          await click(page, opened.getByRole('button', { name: `Delete ${present}` }));
          await closeErrorDialog(page, 'Resource Not Found: memberKey');
        },
      },
    ];
  }),
  {
    name: 'admin-adds-invalid-delegate-address-does-nothing',
    title: 'An address without a dotted domain keeps Add disabled, and Enter sends nothing',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      const opened = await openDelegateDialog(page, 'licence');
      const within = dialog(shared.DELEGATE_DIALOGS.licence.title);
      await fill(page, opened.getByLabel('Enter Email Address'), 'ann@acme');
      await see(page, { ...button('Add', within), disabled: true });
      await press(page, opened.getByLabel('Enter Email Address'), 'Enter');
      await see(page, gone(button('Delete ann@acme', within)));
      await click(page, opened.getByRole('button', { name: 'CLOSE', exact: true }));
      await opened.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'admin-opens-delegates-after-session-expired-sees-error',
    title:
      'The session cookie is gone (it expired): opening a delegate list shows the error dialog and no addresses',
    async run({ page, open, context }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      // What 59 minutes do to the browser: the session cookies are no longer sent.
      await context.clearCookies();
      await click(page, page.getByRole('button', { name: 'Delegate access menu' }));
      await click(
        page,
        page.getByRole('menuitem', { name: shared.DELEGATE_DIALOGS.licence.menuItem }),
      );
      await closeErrorDialog(
        page,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
      const within = dialog(shared.DELEGATE_DIALOGS.licence.title);
      await see(page, { text: 'Nobody has this access yet', within });
    },
  },
  {
    name: 'admin-signs-out',
    title:
      'The admin signs out: the session ends on the server, the token is removed and withdrawn, everything is forgotten, home',
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      await click(page, page.getByRole('button', { name: 'Sign out' }));
      await page.waitForURL((url) => url.pathname === '/');
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
      await click(page, page.getByRole('button', { name: 'Sign out' }));
      await page.waitForURL((url) => url.pathname === '/');
      await recordedStep(page, 'log');
      await see(page, EMAIL_FIELD);
    },
  },
  {
    name: 'sign-in-nearly-full-customer-sees-usage-warning',
    title:
      "The admin of a nearly full subscription (23 of 25 assigned) is warned, and 'Add more licenses' leads to the form",
    async run({ page, open }) {
      await open('/');
      await signInToDashboard(page, 'admin@full.example');
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
      await signInToDashboard(page, 'admin@paused.example');
      await see(page, {
        text: 'This subscription is suspended. Licenses cannot be added while it is suspended.',
      });
      await see(page, gone(ADD_FORM));
    },
  },
  {
    name: 'admin-reads-change-history-pages-filters-and-downloads',
    title:
      'The admin reads the Change History: newest first, the next and previous page, a filter by kind, the CSV download',
    async run(session) {
      const { page, open } = session;
      // Twenty-three changes made beforehand in another tab: more than one page of twenty.
      const tab = await otherTab(session, ACME.admin);
      await tab.post(API_PATHS.addLicence, {
        customerId: 'C0acme001',
        subscriptionId: 'sub-acme-001',
        numberOfSeats: 21,
        expectedNumberOfSeats: 20,
      });
      for (let round = 0; round < 11; round += 1) {
        for (const action of ['add', 'delete']) {
          await tab.post(API_PATHS.supportDelegate, {
            email: 'ann@acme.example',
            customerId: 'C0acme001',
            action,
          });
        }
      }
      await tab.close();
      await open('/');
      await signInToDashboard(page, ACME.admin);
      const history = await openChangeHistory(page);
      const within = dialog(HISTORY_DIALOG);
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
      await click(page, history.getByRole('button', { name: 'CLOSE', exact: true }));
      await history.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'admin-opens-change-history-after-session-expired-sees-error',
    title:
      "The session cookie is gone (it expired): the Change History says why it cannot be loaded, and 'Try again' asks again",
    async run({ page, open, context }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      await context.clearCookies();
      const history = await openChangeHistory(page);
      const refused =
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
      await see(page, { text: refused, within: dialog(HISTORY_DIALOG) });
      await click(page, history.getByRole('button', { name: 'Try again' }));
      await see(page, { text: refused, within: dialog(HISTORY_DIALOG) });
      await click(page, history.getByRole('button', { name: 'CLOSE', exact: true }));
      await history.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'admin-downloads-change-history-after-session-expired-sees-error',
    title:
      'The session cookie is gone (it expired) before the CSV download: the error dialog says why and nothing is saved',
    async run({ page, open, context }) {
      await open('/');
      await signInToDashboard(page, ACME.admin);
      const history = await openChangeHistory(page);
      await see(page, { text: 'No changes recorded', within: dialog(HISTORY_DIALOG) });
      await context.clearCookies();
      await click(page, history.getByRole('button', { name: 'Download CSV' }));
      await closeErrorDialog(
        page,
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
      await click(page, history.getByRole('button', { name: 'CLOSE', exact: true }));
      await history.waitFor({ state: 'hidden' });
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

/** The google-mode copies: the same person, the same screens, the real Google provider in the
 * server talking to the fake Google (docs/scenarios.md, Google mode). */
const googleJourneys: Journey[] = journeys
  .filter((journey) => journey.inGoogleMode)
  .map((journey) => ({
    ...journey,
    name: `google-${journey.name}`,
    title: `${journey.title} (google mode, fake Google)`,
    provider: 'google',
  }));
const allJourneys = [...journeys, ...googleJourneys];

// ---------------------------------------------------------------------------------------------
// Recording one journey.

/** The first recording made since `openedAt`: the opened page's, even when a reload started another. */
async function readRecording(page: Page, openedAt: number): Promise<Scenario> {
  const stored = await page.evaluate(
    (keys) => [sessionStorage.getItem(keys.current), sessionStorage.getItem(keys.previous)],
    SCENARIO_STORAGE_KEYS,
  );
  const recordings = stored
    .flatMap((raw) => (raw === null ? [] : [JSON.parse(raw) as StoredRecording]))
    .map((recording) => recording.scenario)
    .filter((scenario) => scenario.start.clock.start >= openedAt)
    .sort((a, b) => a.start.clock.start - b.start.clock.start);
  const first = recordings[0];
  if (!first) throw new Error('The recording of this journey was not found in session storage');
  return first;
}

interface RecordOptions {
  /** Pseudonymise addresses and ids (docs/scenarios.md); the demo data is kept only when asked. */
  pseudonymise: boolean;
}

async function record(
  browser: Browser,
  workDir: string,
  client: string,
  journey: Journey,
  options: RecordOptions,
) {
  // Google mode: a fresh fake Google per journey, and the portal pointed at it as
  // `npm run start:fake-google` does.
  const fake =
    journey.provider === 'google' ? await startFakeGoogle({ dns: true, dnsPort: 0 }) : null;
  const portal = await startPortal({
    via: 'start',
    clientDir: client,
    dataDir: path.join(workDir, `data-${journey.name}`),
    readyTimeoutMs: SERVER_READY_TIMEOUT_MS,
    env: {
      ...(fake ? fakeGoogleEnv(fake, randomBytes(SESSION_SECRET_BYTES).toString('base64url')) : {}),
      PORTAL_RECORDING: 'true',
    },
  }).catch(async (error: unknown) => {
    await fake?.close();
    throw error;
  });
  const context = await browser.newContext();
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    const page = await context.newPage();
    let openedAt: number | null = null;
    const session: Session = {
      portal,
      browser,
      context,
      page,
      async open(url) {
        // The page may leave at once (a stored session for the help desk), so nothing is awaited here.
        openedAt = Date.now();
        await page.goto(`${portal.origin}${url}`);
      },
    };
    await journey.run(session);
    await quiet(page);
    if (openedAt === null) throw new Error('The journey never opened the portal with recording on');
    // The page already replaced the secrets; pseudonyms are added here unless the data is kept.
    const recorded = createRedaction().apply(await readRecording(page, openedAt), {
      pseudonymiseEmails: options.pseudonymise,
      pseudonymiseIds: options.pseudonymise,
    });
    const scenario: Scenario = {
      $schema: '../../scenarioFormat/scenario.schema.json',
      ...(fake ? withStableFakeOrigin(recorded, fake.rootUrl) : recorded),
      title: journey.title,
      recordedWith: fake ? RECORDED_WITH_FAKE_GOOGLE : RECORDED_WITH,
    };
    const file = path.join(libraryDir, `${journey.name}.json`);
    parseScenario(scenario, file);
    writeFileSync(file, `${JSON.stringify(scenario, null, 2)}\n`);
    console.log(`recorded ${path.relative(root, file)} (${scenario.steps.length} steps)`);
  } finally {
    await context.close();
    await portal.stop();
    await fake?.close();
  }
}

/** The fake Google listens on a free port; files name it by one origin, so a new recording of the
 * same journey differs only where the portal's behaviour did. */
function withStableFakeOrigin(scenario: Scenario, rootUrl: string): Scenario {
  const text = JSON.stringify(scenario).split(rootUrl).join(FAKE_GOOGLE_ORIGIN);
  return JSON.parse(text) as Scenario;
}

async function main() {
  const args = process.argv.slice(2);
  const options: RecordOptions = { pseudonymise: !args.includes('--keep-personal-data') };
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const chosen =
    wanted.length === 0
      ? allJourneys
      : allJourneys.filter((journey) => wanted.includes(journey.name));
  if (chosen.length === 0) throw new Error(`No journey is named ${wanted.join(', ')}`);
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-scenarios-'));
  mkdirSync(libraryDir, { recursive: true });
  const browser = await launchChromium();
  const failures: string[] = [];
  try {
    const client = clientDir(workDir);
    for (const journey of chosen) {
      try {
        await record(browser, workDir, client, journey, options);
      } catch (error) {
        failures.push(journey.name);
        console.error(
          `FAILED ${journey.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  } finally {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`${failures.length} journey(s) failed: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
