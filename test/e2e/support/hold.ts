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

/** Holds the portal's own entry script (main.<hash>.js) until released: what runs before it shows. */
export async function holdMainScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => /^\/js\/main\.[0-9a-f]+\.js$/.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
