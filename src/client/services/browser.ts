import { createPath, type DataRouter } from 'react-router-dom';
import type { BrowserService } from './types';

// In-app moves go through the router's navigate; leaving and reloading go through window.location.

export function createBrowserService(
  router: Pick<DataRouter, 'navigate' | 'state'>,
  location: Pick<Location, 'assign' | 'reload'> = window.location,
): BrowserService {
  return {
    // A move to the page already shown replaces its entry, as the browser's own links do: a reload
    // of the dashboard, which the subscription's answer sends to the dashboard, leaves one entry.
    navigate: (path) =>
      void router.navigate(path, { replace: path === createPath(router.state.location) }),
    assign: (url) => location.assign(url),
    reload: () => location.reload(),
  };
}
