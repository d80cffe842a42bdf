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
