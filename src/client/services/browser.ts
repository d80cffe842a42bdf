import type { BrowserService } from './types';

// In-app moves go through the router; leaving and reloading go through window.location.
export type Navigate = (path: string) => void;

export function createBrowserService(
  navigate: Navigate,
  location: Pick<Location, 'assign' | 'reload'> = window.location,
): BrowserService {
  return {
    navigate: (path) => navigate(path),
    assign: (url) => location.assign(url),
    reload: () => location.reload(),
  };
}
