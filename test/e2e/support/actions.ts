// What a person does, in the words of the screens: the browser tests and the scenario recorder
// (scripts/record-scenarios.ts) both act through these.
import type { Page } from 'playwright-core';
import { DIRECTORY_SCOPE } from '../../../src/contract/limits';

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
  confirmShown(page: Page, seats: number): Promise<void>;
}

export const AT_ONCE: Pace = {
  beforeAct: async () => undefined,
  confirmShown: (page) => animationsDone(page),
};

export async function enterEmail(page: Page, email: string, pace: Pace = AT_ONCE): Promise<void> {
  await pace.beforeAct(page);
  await emailInput(page).fill(email);
  await pace.beforeAct(page);
  await nextButton(page).click();
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

export async function openDelegateDialog(
  page: Page,
  title: string,
  menuItem: string,
  pace: Pace = AT_ONCE,
) {
  await pace.beforeAct(page);
  await page.getByRole('button', { name: 'Delegate access menu' }).click();
  await pace.beforeAct(page);
  await page.getByRole('menuitem', { name: menuItem }).click();
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

/** Types the count, 'Add Licenses', and 'Add Licenses' again in the confirm dialog once it is up. */
export async function addLicences(page: Page, seats: number, pace: Pace = AT_ONCE): Promise<void> {
  await pace.beforeAct(page);
  await page.getByLabel('Add Licenses').fill(String(seats));
  await pace.beforeAct(page);
  await page.getByRole('button', { name: 'Add Licenses' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Adding Licenses' });
  await confirm.waitFor();
  await pace.confirmShown(page, seats);
  await pace.beforeAct(page);
  await confirm.getByRole('button', { name: 'Add Licenses' }).click();
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
