import { LICENSES_DESTINATION } from '../../../contract/limits';

// The home route's `customer` query picks where sign-in leads (spec §2); licenses is the default (§9).
export function isLicensesDestination(destination: string): boolean {
  return destination === '' || destination === LICENSES_DESTINATION;
}

/** The destination named by a location's query string, e.g. '?customer=support' → 'support'. */
export function destinationFromSearch(search: string): string {
  return new URLSearchParams(search).get('customer') || LICENSES_DESTINATION;
}
