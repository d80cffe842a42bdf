// The recorder's side of a journey (docs/scenarios.md, With the script): the recorded page's pace,
// the screen checks it writes down, and the states a journey needs made from outside the page.
// What the person does is test/e2e/support/pageActions.ts, shared with the browser tests.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SCENARIO_STORAGE_KEYS } from '../../src/client/recording/recordingStorage';
import { sessionCookieNames, XSRF_HEADER } from '../../src/contract/api';
import type { Scenario, ScopeRef, ScreenCheck } from '../../src/scenarioFormat/scenario';
import * as actions from '../../test/e2e/support/pageActions';
import type { PortalProcess } from '../../src/testing/server/portalProcess';

const POLL_MS = 50;
/** The recording is taken once nothing new was written for this long. */
const QUIET_MS = 400;
const QUIET_TIMEOUT_MS = 15_000;
export const STEP_TIMEOUT_MS = 15_000;
/** The XSRF cookie under either name: __Host- in google mode, plain in the sandbox over http. */
export const XSRF_COOKIE_NAMES = [true, false].map((secure) => sessionCookieNames(secure).xsrf);

export interface Session {
  portal: PortalProcess;
  browser: Browser;
  context: BrowserContext;
  /** The recorded page. */
  page: Page;
  /** Opens the portal at `url` (recording is on for every page of this server). */
  open(url: string): Promise<void>;
}

export interface Journey {
  name: string;
  title: string;
  run(session: Session): Promise<void>;
  /** Also recorded in google mode against the fake Google, as google-<name>. */
  inGoogleMode?: true;
  /** Set on the google-mode copy. */
  provider?: 'google';
}

/** Waits until the recording has not grown for QUIET_MS (session storage survives leaving). */
export async function quiet(page: Page): Promise<void> {
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
export async function see(page: Page, check: ScreenCheck): Promise<void> {
  await page.waitForFunction((wanted) => window.portalScenario?.shows(wanted) === true, check, {
    polling: POLL_MS,
    timeout: STEP_TIMEOUT_MS,
  });
  await quiet(page);
  await page.evaluate((wanted) => window.portalScenario?.see(wanted), check);
}

/** The recorded page's pace: every act waits for the recording to settle (as replay waits for the
 * screen), the confirm dialog's question and what the person looked for are recorded as seen. */
export const RECORDED: actions.Pace = {
  beforeAct: quiet,
  confirmShown: (page, seatsToAdd) =>
    see(page, {
      text: `Are you sure you want to add ${seatsToAdd} licenses?`,
      within: actions.dialogRef(actions.DIALOGS.confirmAdd),
    }),
  seen: see,
};

export const dialog = actions.dialogRef;
export const button = (name: string, within?: ScopeRef): ScreenCheck => ({
  target: within ? { role: 'button', name, within } : { role: 'button', name },
});
export const gone = (check: ScreenCheck): ScreenCheck => ({ ...check, absent: true });

export const SIGN_IN = button('Sign in with Google');
export const DASHBOARD: ScreenCheck = { target: { role: 'region', name: 'Total Licenses' } };
export const ADD_FORM: ScreenCheck = { target: { role: 'spinbutton', name: 'Add Licenses' } };
export const DELEGATE_MENU = button('Delegate access menu');
export const EMAIL_FIELD: ScreenCheck = { target: { role: 'textbox', name: 'Email address' } };
export const SESSION_EXPIRED =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';

/** A click, typing or key press on the recorded page, once its recording has settled. */
export async function click(page: Page, target: Locator): Promise<void> {
  await quiet(page);
  await target.click();
}

export async function fill(page: Page, target: Locator, text: string): Promise<void> {
  await quiet(page);
  await target.fill(text);
}

export async function press(page: Page, target: Locator, key: string): Promise<void> {
  await quiet(page);
  await target.press(key);
}

export const enterEmail = (page: Page, email: string) => actions.enterEmail(page, email, RECORDED);

export async function signIn(
  page: Page,
  email: string,
  answer: actions.PopupAnswer = 'allow',
): Promise<void> {
  await enterEmail(page, email);
  await see(page, SIGN_IN);
  await actions.answerPopup(page, answer, RECORDED);
}

export async function signInToDashboard(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await actions.waitForDashboard(page);
  await see(page, DASHBOARD);
}

/** A journey that opens the portal at `url`, signs in to the dashboard as `email`, then goes on. */
export function onDashboard(
  email: string,
  then: (session: Session) => Promise<void>,
  url = '/',
): Journey['run'] {
  return async (session) => {
    await session.open(url);
    await signInToDashboard(session.page, email);
    await then(session);
  };
}

/** A journey that signs in to the dashboard as `email` from `url` and sees each of `checks`. */
export const dashboardShows = (email: string, checks: ScreenCheck[], url = '/'): Journey['run'] =>
  onDashboard(
    email,
    async ({ page }) => {
      for (const check of checks) await see(page, check);
    },
    url,
  );

/** Signs in on a page that is not recorded (the journey's first tab). */
async function signInUnrecorded(page: Page, email: string): Promise<void> {
  await actions.signIn(page, email);
  await actions.waitForDashboard(page);
}

/** The same or another person in another browser (own cookies and storage, so the recorded
 * page's session and XSRF cookie stay its own), calling the API as the portal would. */
export async function otherTab(session: Session, email: string) {
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

/** `email` changes something in another tab, then closes it (its answer is not looked at). */
export async function postFromOtherTab(
  session: Session,
  email: string,
  pathName: string,
  body: unknown,
): Promise<void> {
  const tab = await otherTab(session, email);
  await tab.post(pathName, body);
  await tab.close();
}

/** A first tab signs in (not recorded), so the recorded page starts with a stored session. */
export async function signedInBefore(session: Session, email: string): Promise<Page> {
  const first = await session.context.newPage();
  await first.goto(`${session.portal.origin}/`);
  await signInUnrecorded(first, email);
  return first;
}

/** Waits until this tab's recordings hold a step of the kind (a reload may come before any wait,
 * and wipes the page's scripts, so this polls from outside). */
export async function recordedStep(
  page: Page,
  kind: Scenario['steps'][number]['kind'],
): Promise<void> {
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
