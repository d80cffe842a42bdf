// What a person does, in the words of the screens: the browser tests and the scenario recorder
// (scripts/record-scenarios/) both act through these.
import type { Locator, Page } from 'playwright-core';
import { DIRECTORY_SCOPE } from '../../../src/contract/limits';
import type { ScopeRef, ScreenCheck } from '../../../src/scenarioFormat/scenario';

export const TOKEN_DATA_KEY = 'tokenData';

export interface StoredTokenData {
  token: string;
  expiry: number;
}

export const emailInput = (page: Page) => page.getByLabel('Email address');
export const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });
export const signInButton = (page: Page) =>
  page.getByRole('button', { name: 'Sign in with Google' });

/**
 * How the person acts. The browser tests act at once; the recorder first lets its recording settle,
 * so each act is written down after everything the previous one caused, and records what the
 * person looked at.
 */
export interface Pace {
  /** Runs before each click, typing and key press on the portal's page. */
  beforeAct(page: Page): Promise<void>;
  /** The 'Confirm Adding Licenses' dialog is up, before its 'Add Licenses' is pressed. */
  confirmShown(page: Page, seatsToAdd: number): Promise<void>;
  /** The person saw `check` hold (the action already waited for it); the recorder writes it down. */
  seen(page: Page, check: ScreenCheck): Promise<void>;
}

export const AT_ONCE: Pace = {
  beforeAct: async () => undefined,
  confirmShown: (page) => animationsDone(page),
  seen: async () => undefined,
};

/** The titles of the portal's dialogs, as people (and screen readers) find them. */
export const DIALOGS = {
  confirmAdd: 'Confirm Adding Licenses',
  addedLicences: 'Licenses Added Succesfully!',
  error: 'Oops! An Error Occurred.',
  history: 'Change History',
} as const;

/** A dialog as a screen check names it. */
export const dialogRef = (name: string): ScopeRef => ({ role: 'dialog', name });

/** Types `text` into `field`, then presses `button`, each once the pace allows. */
async function typeThenPress(
  page: Page,
  field: Locator,
  text: string,
  button: Locator,
  pace: Pace,
): Promise<void> {
  await pace.beforeAct(page);
  await field.fill(text);
  await pace.beforeAct(page);
  await button.click();
}

export async function enterEmail(page: Page, email: string, pace: Pace = AT_ONCE): Promise<void> {
  await typeThenPress(page, emailInput(page), email, nextButton(page), pace);
}

export type PopupAnswer = 'allow' | 'allow-without-directory' | 'cancel';

/** 'Sign in with Google', then the sandbox popup: Allow (with or without the directory scope) or Cancel. */
export async function answerPopup(
  page: Page,
  answer: PopupAnswer = 'allow',
  pace: Pace = AT_ONCE,
): Promise<Page> {
  await pace.beforeAct(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), signInButton(page).click()]);
  await popup.waitForLoadState();
  if (answer === 'allow-without-directory') await popup.getByLabel(DIRECTORY_SCOPE).uncheck();
  await popup.getByRole('button', { name: answer === 'cancel' ? 'Cancel' : 'Allow' }).click();
  return popup;
}

export async function signIn(page: Page, email: string, answer?: PopupAnswer): Promise<Page> {
  await enterEmail(page, email);
  return answerPopup(page, answer);
}

/** The dashboard is up once both figures show. */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.waitForURL('**/licenses');
  await page.getByRole('region', { name: 'Total Licenses' }).waitFor();
}

export async function signInToDashboard(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await signIn(page, email);
  await waitForDashboard(page);
}

/** The number shown under a figure's title ('Total Licenses', 'Licenses Assigned'). */
export async function figure(page: Page, title: string): Promise<number> {
  const region = page.getByRole('region', { name: title });
  const text = await region.locator('.ant-statistic-content').innerText();
  return Number(text.replace(/[^0-9]/g, ''));
}

export async function storedTokenData(page: Page): Promise<StoredTokenData | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), TOKEN_DATA_KEY);
  return raw === null ? null : (JSON.parse(raw) as StoredTokenData);
}

export async function storeTokenData(page: Page, data: StoredTokenData): Promise<void> {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: TOKEN_DATA_KEY,
    value: JSON.stringify(data),
  });
}

/** The delegate dialogs: the menu item that opens each and its title. */
export const DELEGATE_DIALOGS = {
  licence: { menuItem: 'Delegate Licenses Access', title: 'License Management Access' },
  support: { menuItem: 'Delegate Support Access', title: 'Support Access' },
} as const;

/** The admin's 'Delegate access menu', then its item `menuItem`. */
export async function chooseFromAdminMenu(
  page: Page,
  menuItem: string,
  pace: Pace = AT_ONCE,
): Promise<void> {
  await pace.beforeAct(page);
  await page.getByRole('button', { name: 'Delegate access menu' }).click();
  await pace.beforeAct(page);
  await page.getByRole('menuitem', { name: menuItem }).click();
}

export async function openDelegateDialog(
  page: Page,
  title: string,
  menuItem: string,
  pace: Pace = AT_ONCE,
) {
  await chooseFromAdminMenu(page, menuItem, pace);
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog
    .getByRole('status', { name: 'Loading delegated email addresses' })
    .waitFor({ state: 'detached' });
  // A click while antd still zooms the dialog in can land beside its button on a loaded machine.
  await animationsDone(page);
  return dialog;
}

/**
 * Waits until no finite CSS animation or transition runs (antd fades and zooms dialogs and menus);
 * a spinner's endless rotation does not count.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** Types the count and presses 'Add Licenses'; returns the confirm dialog once it is up. */
export async function askForLicences(
  page: Page,
  seatsToAdd: number,
  pace: Pace = AT_ONCE,
): Promise<Locator> {
  const field = page.getByLabel('Add Licenses');
  const add = page.getByRole('button', { name: 'Add Licenses' });
  await typeThenPress(page, field, String(seatsToAdd), add, pace);
  const confirm = page.getByRole('dialog', { name: DIALOGS.confirmAdd });
  await confirm.waitFor();
  return confirm;
}

/** Types the count, 'Add Licenses', and 'Add Licenses' again in the confirm dialog once it is up. */
export async function addLicences(
  page: Page,
  seatsToAdd: number,
  pace: Pace = AT_ONCE,
): Promise<void> {
  const confirm = await askForLicences(page, seatsToAdd, pace);
  await pace.confirmShown(page, seatsToAdd);
  await pace.beforeAct(page);
  await confirm.getByRole('button', { name: 'Add Licenses' }).click();
}

/** 'Cancel' in the confirm dialog, once it has zoomed in; waits until it has gone. */
export async function cancelAddingLicences(page: Page, pace: Pace = AT_ONCE): Promise<void> {
  const confirm = page.getByRole('dialog', { name: DIALOGS.confirmAdd });
  await animationsDone(page);
  await pace.beforeAct(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'hidden' });
}

/** Types the address in an open delegate dialog and presses its 'Add'. */
export async function addDelegate(
  page: Page,
  dialog: Locator,
  email: string,
  pace: Pace = AT_ONCE,
): Promise<void> {
  const field = dialog.getByLabel('Enter Email Address');
  const add = dialog.getByRole('button', { name: 'Add', exact: true });
  await typeThenPress(page, field, email, add, pace);
}

/** Presses 'Delete <email>' in an open delegate dialog. */
export async function deleteDelegate(
  page: Page,
  dialog: Locator,
  email: string,
  pace: Pace = AT_ONCE,
): Promise<void> {
  await pace.beforeAct(page);
  await dialog.getByRole('button', { name: `Delete ${email}` }).click();
}

/** Presses a dialog's 'CLOSE' and waits until the dialog has gone. */
export async function closeDialog(
  page: Page,
  dialog: Locator,
  pace: Pace = AT_ONCE,
): Promise<void> {
  await pace.beforeAct(page);
  await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Waits until the error dialog shows `message` (or is up, when none is given); returns it. */
export async function errorDialogShows(
  page: Page,
  message?: string,
  pace: Pace = AT_ONCE,
): Promise<Locator> {
  const error = page.getByRole('dialog', { name: DIALOGS.error });
  await error.waitFor();
  if (message !== undefined) await error.getByText(message, { exact: true }).waitFor();
  await pace.seen(
    page,
    message === undefined
      ? { target: dialogRef(DIALOGS.error) }
      : { text: message, within: dialogRef(DIALOGS.error) },
  );
  return error;
}

/** The error dialog shows `message`; 'CLOSE' closes it. */
export async function closeErrorDialog(
  page: Page,
  message?: string,
  pace: Pace = AT_ONCE,
): Promise<void> {
  await closeDialog(page, await errorDialogShows(page, message, pace), pace);
  await pace.seen(page, { target: dialogRef(DIALOGS.error), absent: true });
}

/** The admin menu's 'Change History'; returns the dialog once it is up. */
export async function openChangeHistory(page: Page, pace: Pace = AT_ONCE): Promise<Locator> {
  await chooseFromAdminMenu(page, DIALOGS.history, pace);
  const history = page.getByRole('dialog', { name: DIALOGS.history });
  await history.waitFor();
  return history;
}

/** 'Sign out', then the home page. */
export async function signOut(page: Page, pace: Pace = AT_ONCE): Promise<void> {
  await pace.beforeAct(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Polls until `check` holds (it is re-run, so it may read the page); fails after `timeoutMs`. */
export async function eventually(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const pollMs = 50;
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
