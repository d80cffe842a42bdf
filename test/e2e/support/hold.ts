// Holds the portal's answers to one API path (or its entry script) until released, so a waiting state
// stays on screen long enough to be checked. The request still reaches the real server afterwards.
import type { Page } from 'playwright-core';

export async function holdRequests(
  page: Page,
  pathName: string,
  method: string,
): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === pathName,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      await released;
      await route.continue();
    },
  );
  return release;
}

/** Holds one of the portal's scripts (`<name>.<hash>.js`, e.g. main or dashboard) until released. */
export async function holdScript(page: Page, name: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const file = new RegExp(`^/js/${name}\\.[0-9a-f]+\\.js$`);
  await page.route(
    (url) => file.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** Holds the portal's own entry script until released: what runs before it shows. */
export const holdMainScript = (page: Page) => holdScript(page, 'main');
