import type { Middleware } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { XSRF_COOKIE } from '../../contract/api';
import type { PortalConfig } from '../../contract/config';
import type { Scenario } from '../../scenarios/scenario';
import { readCookie } from '../services/http';
import { EMAIL_KEY, TOKEN_DATA_KEY } from '../services/storage';
import type { Services } from '../services/types';
import {
  isRecordingRequested,
  type StoredRecording,
  SCENARIO_STORAGE_KEYS,
  urlWithoutRecordFlag,
} from './recordingFlag';
import { RecordingControl } from './RecordingControl';
import { createScenarioRecorder } from './scenarioRecorder';

// Switches recording on in the running portal: wraps the services, watches the store, keeps the
// scenario in session storage (it survives the reload or departure that ends many sessions), offers
// it as a file, and hands it to the recording script through window.portalScenario.

export const RECORDED_WITH = 'the portal in a browser (record flag or configuration)';

/** What the recording script reads. */
export interface ScenarioRecordingHandle {
  id: string;
  current(title?: string): Scenario;
  download(title?: string): void;
}

declare global {
  interface Window {
    portalScenario?: ScenarioRecordingHandle;
  }
}

export interface ScenarioRecordingSetUp {
  services: Services;
  middleware: Middleware[];
}

function attempt<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}

function readStoredRecording(key: string): StoredRecording | null {
  const raw = attempt(() => window.sessionStorage.getItem(key), null);
  return raw === null ? null : attempt(() => JSON.parse(raw) as StoredRecording, null);
}

function downloadScenario(scenario: Scenario, id: string) {
  const blob = new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `scenario-${id}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

function scriptReadableCookies(): Record<string, string> {
  const xsrf = readCookie(document.cookie, XSRF_COOKIE);
  return xsrf === null ? {} : { [XSRF_COOKIE]: xsrf };
}

function startingLocalStorage(): Scenario['start']['localStorage'] {
  const entries: Scenario['start']['localStorage'] = {};
  const email = attempt(() => window.localStorage.getItem(EMAIL_KEY), null);
  const tokenData = attempt(() => window.localStorage.getItem(TOKEN_DATA_KEY), null);
  if (email !== null) entries.email = email;
  if (tokenData !== null) entries.tokenData = tokenData;
  return entries;
}

/** With recording off, the services come back untouched and no middleware is added. */
export function setUpScenarioRecording(
  config: PortalConfig,
  services: Services,
): ScenarioRecordingSetUp {
  if (!isRecordingRequested(config, window.location.search)) return { services, middleware: [] };

  const startedAt = Date.now();
  const id = `${startedAt}-${Math.random().toString(36).slice(2, 8)}`;
  const previous = readStoredRecording(SCENARIO_STORAGE_KEYS.current);
  if (previous) {
    attempt(
      () => window.sessionStorage.setItem(SCENARIO_STORAGE_KEYS.previous, JSON.stringify(previous)),
      undefined,
    );
  }
  const listeners = new Set<() => void>();
  let steps = 0;
  const recorder = createScenarioRecorder({
    config,
    url: urlWithoutRecordFlag(window.location.pathname, window.location.search),
    localStorage: startingLocalStorage(),
    readCookies: scriptReadableCookies,
    startedAt,
    recordedWith: RECORDED_WITH,
    onChange(scenario) {
      steps = scenario.steps.length;
      const stored: StoredRecording = { id, scenario };
      attempt(
        () => window.sessionStorage.setItem(SCENARIO_STORAGE_KEYS.current, JSON.stringify(stored)),
        undefined,
      );
      for (const listener of listeners) listener();
    },
  });

  window.portalScenario = {
    id,
    current: (title) => recorder.scenario(title),
    download: (title) => downloadScenario(recorder.scenario(title), id),
  };

  const host = document.createElement('div');
  document.body.appendChild(host);
  createRoot(host).render(
    <RecordingControl
      subscribe={(listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      }}
      stepCount={() => steps}
      onDownload={() => downloadScenario(recorder.scenario(), id)}
      onDownloadPrevious={
        previous ? () => downloadScenario(previous.scenario, previous.id) : undefined
      }
    />,
  );

  return { services: recorder.wrapServices(services), middleware: [recorder.middleware] };
}
