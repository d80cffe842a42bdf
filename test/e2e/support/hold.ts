// Holds the portal's answers to one API path, or one of its scripts, until released, so a waiting
// state stays on screen long enough to be checked. The request still reaches the real server afterwards.
import type { Page } from 'playwright-core';

/** Holds every request to a matching URL (with `method`, when given) until the returned release. */
async function holdMatching(
  page: Page,
  matches: (url: URL) => boolean,
  method?: string,
): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route) => {
    if (method !== undefined && route.request().method() !== method) return route.fallback();
    await released;
    await route.continue();
  });
  return release;
}

export function holdRequests(page: Page, pathName: string, method: string): Promise<() => void> {
  return holdMatching(page, (url) => url.pathname === pathName, method);
}

/** Holds one of the portal's scripts (`<name>.<hash>.js`, e.g. main or dashboard) until released. */
export function holdScript(page: Page, name: string): Promise<() => void> {
  const file = new RegExp(`^/js/${name}\\.[0-9a-f]+\\.js$`);
  return holdMatching(page, (url) => file.test(url.pathname));
}
