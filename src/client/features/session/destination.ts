import { LICENSES_DESTINATION } from '../../../contract/limits';
import { DESTINATION_QUERY, PAGE_PATHS } from '../../../contract/pages';

// The home route's `customer` query picks where sign-in leads (docs/behaviour.md 2); licenses is the default (docs/behaviour.md 9).
export function isLicenceDestination(destination: string): boolean {
  return destination === '' || destination === LICENSES_DESTINATION;
}

/** The destination the opening page names: the home route's `customer` query, e.g.
 * '/?customer=support' → 'support'; '' (which leads to licenses) when absent or on another route. */
export function destinationAt(location: { pathname: string; search: string }): string {
  if (location.pathname !== PAGE_PATHS.home) return '';
  return new URLSearchParams(location.search).get(DESTINATION_QUERY) ?? '';
}
