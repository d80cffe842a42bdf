import type { PortalConfig } from '../../contract/config';
import type { Scenario } from '../../scenarios/scenario';

// Recording is switched on by the `record` query flag or by the runtime configuration (issue 4).
export const RECORD_QUERY_FLAG = 'record';
const OFF_VALUES = new Set(['0', 'false', 'off', 'no']);

export function isRecordingRequested(config: PortalConfig, search: string): boolean {
  if (config.recording === true) return true;
  const flag = new URLSearchParams(search).get(RECORD_QUERY_FLAG);
  return flag !== null && !OFF_VALUES.has(flag.toLowerCase());
}

/** The page's path and query as the portal sees them: the record flag is not one of its inputs. */
export function urlWithoutRecordFlag(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete(RECORD_QUERY_FLAG);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** Where the page's recording lives in session storage, and the previous page's (a reload or a
 * departure ends a page, not the tab). */
export const SCENARIO_STORAGE_KEYS = {
  current: 'portal-scenario:current',
  previous: 'portal-scenario:previous',
} as const;

/** What session storage holds: the page's recording id with its scenario. */
export interface StoredRecording {
  id: string;
  scenario: Scenario;
}
