// Holds the portal's answers to one API path until released, so a waiting state (spinner, loader)
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
