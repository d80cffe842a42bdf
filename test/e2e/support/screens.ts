// What the page draws, screen by screen, for journeys about what shows before what.
import type { Page } from 'playwright-core';

/** Every screen the page draws, in order, with the path it was drawn at. */
export async function watchScreens(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { drawnScreens: seen });
    // The first that matches names the screen: the home page keeps its field while its spinner shows.
    const screens: [string, string][] = [
      ['dashboard', 'section[aria-label="Total Licenses"]'],
      ['spinner', '[role=status]'],
      ['home', 'input[type=email]'],
    ];
    new MutationObserver(() => {
      const screen = screens.find(([, selector]) => document.querySelector(`#root ${selector}`));
      if (screen === undefined) return;
      const entry = `${screen[0]} at ${window.location.pathname}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { drawnScreens: string[] }).drawnScreens);
}
