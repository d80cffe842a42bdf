// Keyboard-only help: reach a control with Tab alone, as a person without a mouse would.
import type { Locator, Page } from 'playwright-core';

/** More stops than any screen of the portal or the sandbox popup has. */
const MAX_TAB_STOPS = 40;

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus; fails if it is never reached. */
export async function tabTo(page: Page, target: Locator, what: string): Promise<void> {
  for (let stop = 0; stop < MAX_TAB_STOPS; stop += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  if (!(await isFocused(target))) {
    throw new Error(`${what} was not reached with ${MAX_TAB_STOPS} presses of Tab`);
  }
}
