import type { Scenario } from '../../scenarioFormat/scenario';

/** Where the page's recording lives in session storage, and the previous page's (a reload or a
 * departure ends a page, not the tab). */
export const SCENARIO_STORAGE_KEYS = {
  current: 'portal-scenario:current',
  previous: 'portal-scenario:previous',
} as const;

/** What session storage holds: the page's recording id with its scenario, secrets replaced. */
export interface StoredRecording {
  id: string;
  scenario: Scenario;
}
