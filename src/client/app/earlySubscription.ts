import { destinationAt, isLicenceDestination } from '../features/session/destination';
import { usableSession } from '../features/session/storedSession';
import { subscriptionRequestFor } from '../features/subscription/subscriptionRequest';
import { getRequest, type PortalRequest } from '../services/http';
import type { StorageService } from '../services/types';

// A page opened with a usable stored session towards the licences asks for the subscription while its
// scripts are still arriving (docs/performance.md): the boot saga sends this very request once the
// portal runs (docs/behaviour.md 4.2), and the HTTP service hands it the answer already on its way.

/** A token this close to its expiry is left to the boot saga, which might find it expired by then. */
export const EARLY_EXPIRY_MARGIN_MS = 60_000;

/** The request the boot saga will send for this page, or null when it will send none. */
export function earlySubscriptionRequest(
  storage: Pick<StorageService, 'getTokenData' | 'getEmail'>,
  location: { pathname: string; search: string },
  now: number,
): PortalRequest | null {
  if (!isLicenceDestination(destinationAt(location))) return null;
  const session = usableSession(
    storage.getTokenData(),
    storage.getEmail(),
    now + EARLY_EXPIRY_MARGIN_MS,
  );
  return session === null ? null : getRequest(...subscriptionRequestFor(session));
}
