import { PAGE_PATHS } from '../../contract/pages';
import { usableSession } from '../features/session/storedSession';
import type { StorageService } from '../services/types';

// What a page load shows first, known before the first render (docs/performance.md).

/**
 * /licenses opened with a stored session the boot saga signs in with (docs/behaviour.md 4.1, 4.2): its
 * first screen is the dashboard, whose code index.html already fetches beside the page's scripts.
 */
export function opensOnDashboard(
  storage: Pick<StorageService, 'getTokenData' | 'getEmail'>,
  location: { pathname: string },
  now: number,
): boolean {
  return (
    location.pathname === PAGE_PATHS.licences &&
    usableSession(storage.getTokenData(), storage.getEmail(), now) !== null
  );
}

/**
 * How long the first render waits for the dashboard's code. React holds a Suspense spinner it has shown
 * for 300 ms at least, so code that arrives within that time shows the dashboard no later than the
 * spinner would; a download that stalls gets the page's spinner instead of a blank page.
 */
const DASHBOARD_CODE_WAIT_MS = 300;

/**
 * Settles once the code of every part the first screen draws with is in, a download failed, or `ms`
 * passed, whichever is first.
 */
export function waitForFirstScreen(
  parts: readonly { preload: () => Promise<unknown> }[],
  ms: number = DASHBOARD_CODE_WAIT_MS,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    Promise.all(parts.map((part) => part.preload()))
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}
