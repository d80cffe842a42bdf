// The portal's pages (docs/behaviour.md 2): the client's routes, and the paths the server serves the
// app at.
export const PAGE_PATHS = {
  home: '/',
  licences: '/licenses',
  forbidden: '/forbidden',
  support: '/support',
  /** The reseller's console, for its staff (docs/behaviour.md 10). */
  reseller: '/reseller',
} as const;

/** The home route's query that picks where sign-in leads (docs/behaviour.md 2.1). */
export const DESTINATION_QUERY = 'customer';

/**
 * The home route's query that opens a dialog once the dashboard shows; `history` opens the change
 * history, for an administrator (docs/behaviour.md 4.28). The mails link to HISTORY_LINK.
 */
export const OPEN_QUERY = 'open';
export const HISTORY_LINK = `${PAGE_PATHS.home}?${OPEN_QUERY}=history`;
