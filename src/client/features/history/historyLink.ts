import { OPEN_QUERY, PAGE_PATHS } from '../../../contract/pages';

// The mails' link to the change history (HISTORY_LINK, docs/notifications.md): the home route with
// `?open=history`, which survives sign-in as the destination query does (docs/behaviour.md 2).

/** Whether the opening page is the history link, e.g. '/?open=history'. */
export function isHistoryLink(location: { pathname: string; search: string }): boolean {
  if (location.pathname !== PAGE_PATHS.home) return false;
  return new URLSearchParams(location.search).get(OPEN_QUERY) === 'history';
}
