import { attempt } from '../services/attempt';
import type { Middleware } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { XSRF_COOKIE } from '../../contract/api';
import type { PortalConfig } from '../../contract/config';
import { createRedaction, type RedactOptions } from '../../scenarioFormat/redaction';
import type { Scenario, ScreenCheck } from '../../scenarioFormat/scenario';
import { holds, observe } from '../../scenarioFormat/screen';
import { readCookie } from '../services/http';
import { EMAIL_KEY, TOKEN_DATA_KEY } from '../services/storage';
import type { Services } from '../services/types';
import { watchPersonEvents } from './personEvents';
import { RecordingControl } from './RecordingControl';
import { SCENARIO_STORAGE_KEYS, type StoredRecording } from './recordingStorage';
import { createScenarioRecorder } from './scenarioRecorder';

// Recording in the running portal (docs/scenarios.md, Recording): only when the server's
// PORTAL_RECORDING=true put `recording: true` in the page's configuration, and this module is only
// loaded then. It wraps the services, watches the store, the router and the person's events, keeps
// the scenario (secrets replaced) in session storage, where it survives the reload or departure
// that ends many sessions, offers it as a file, and hands it to scripts through window.portalScenario.

export const RECORDED_WITH = 'the portal in a browser (PORTAL_RECORDING=true)';
/** Marks the recorder's own panel, whose clicks are not the portal's. */
const PANEL_ATTRIBUTE = 'data-scenario-recorder';

/** What the recording script reads and calls. */
export interface ScenarioRecordingHandle {
  id: string;
  current(title?: string, options?: RedactOptions): Scenario;
  download(title?: string, options?: RedactOptions): void;
  /** Whether the screen shows what the check says, right now (nothing is recorded). */
  shows(check: ScreenCheck): boolean;
  /** Checks the screen now and records the check; throws when the screen does not show it. */
  see(check: ScreenCheck): void;
}

declare global {
  interface Window {
    portalScenario?: ScenarioRecordingHandle;
  }
}

/** The router's side the recorder watches: where the screen is, and when that changes. */
export interface LocationSource {
  state: { location: { pathname: string; search: string } };
  subscribe(
    listener: (state: { location: { pathname: string; search: string } }) => void,
  ): () => void;
}

export interface ScenarioRecordingSetUp {
  services: Services;
  middleware: Middleware[];
  /** Stops watching the page and removes the panel (the browser never needs it; tests do). */
  dispose(): void;
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

/** The page's XSRF cookie, kept under the format's one name, XSRF-TOKEN (docs/scenarios.md). */
export function scriptReadableCookies(
  cookieText: string,
  xsrfCookie: string = XSRF_COOKIE,
): Record<string, string> {
  const xsrf = readCookie(cookieText, xsrfCookie);
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

const pathOf = (location: { pathname: string; search: string }) =>
  `${location.pathname}${location.search}`;

/** With recording off in the configuration, the services come back untouched. */
/** The panel's one choice covers both kinds of personal data (docs/scenarios.md). */
function pseudonyms(pseudonymise: boolean): RedactOptions {
  return { pseudonymiseEmails: pseudonymise, pseudonymiseIds: pseudonymise };
}

export function setUpScenarioRecording(
  config: PortalConfig,
  services: Services,
  router: LocationSource,
): ScenarioRecordingSetUp {
  if (config.recording !== true) return { services, middleware: [], dispose: () => undefined };

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
  const recorder = createScenarioRecorder({
    config,
    url: pathOf(router.state.location),
    localStorage: startingLocalStorage(),
    readCookies: () => scriptReadableCookies(document.cookie, config.xsrfCookie),
    startedAt,
    recordedWith: RECORDED_WITH,
    onChange() {
      // The tab's own copy keeps what the page showed, so each download chooses its pseudonyms.
      const stored: StoredRecording = {
        id,
        scenario: recorder.scenario(undefined, pseudonyms(false)),
      };
      attempt(
        () => window.sessionStorage.setItem(SCENARIO_STORAGE_KEYS.current, JSON.stringify(stored)),
        undefined,
      );
      for (const listener of listeners) listener();
    },
  });

  let shownPath = pathOf(router.state.location);
  const stopRouter = router.subscribe((state) => {
    const path = pathOf(state.location);
    if (path === shownPath) return;
    shownPath = path;
    recorder.routeChanged(path);
  });

  const host = document.createElement('div');
  host.setAttribute(PANEL_ATTRIBUTE, '');
  document.body.appendChild(host);
  const stopEvents = watchPersonEvents(window, {
    ignore: (element) => host.contains(element),
    onEvent: (event) => recorder.userEvent(event),
  });

  window.portalScenario = {
    id,
    current: (title, options) => recorder.scenario(title, options),
    download: (title, options) => downloadScenario(recorder.scenario(title, options), id),
    shows: (check) => holds(document.body, check),
    see(check) {
      if (!holds(document.body, check)) {
        const seen = JSON.stringify(observe(document.body, check));
        throw new Error(`The screen does not show ${JSON.stringify(check)}; it shows ${seen}`);
      }
      recorder.screenChecked(check);
    },
  };

  // The previous page's copy was stored with its own secrets replaced; the option adds pseudonyms.
  const previousScenario = (pseudonymise: boolean) =>
    previous ? createRedaction().apply(previous.scenario, pseudonyms(pseudonymise)) : null;
  const panel = createRoot(host);
  panel.render(
    <RecordingControl
      subscribe={(listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      }}
      stepCount={() => recorder.stepCount()}
      onDownload={(pseudonymise) =>
        downloadScenario(recorder.scenario(undefined, pseudonyms(pseudonymise)), id)
      }
      onDownloadPrevious={
        previous
          ? (pseudonymise) => {
              const scenario = previousScenario(pseudonymise);
              if (scenario) downloadScenario(scenario, previous.id);
            }
          : undefined
      }
    />,
  );

  return {
    services: recorder.wrapServices(services),
    middleware: [recorder.middleware],
    dispose() {
      stopEvents();
      stopRouter();
      panel.unmount();
      host.remove();
      delete window.portalScenario;
    },
  };
}
