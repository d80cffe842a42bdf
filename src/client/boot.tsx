import { startTransition, StrictMode } from 'react';
import { PAGE_PATHS } from '../contract/pages';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readPortalConfig } from './app/config';
import { createBrowserPortalRouter } from './app/routes';
import { startPage } from './app/startPage';
import { keepFocusAcrossReplacement } from './prerender/keepFocus';
import { createServices } from './services/createServices';
import type { Services } from './services/types';

// Boot: runtime configuration, router, services, store, then the first render (docs/behaviour.md 4.1–4.3).

function showBootFailure(root: HTMLElement, error: unknown) {
  const heading = document.createElement('h1');
  heading.textContent = 'The portal could not start';
  const detail = document.createElement('p');
  detail.textContent = error instanceof Error ? error.message : String(error);
  root.replaceChildren(heading, detail);
}

async function start(root: HTMLElement) {
  const config = readPortalConfig();
  const router = createBrowserPortalRouter();
  let services: Services = createServices(config, router);
  let middleware: Parameters<typeof startPage>[0]['middleware'] = [];
  // The scenario recorder is its own chunk, loaded only when the server allows recording
  // (PORTAL_RECORDING, docs/scenarios.md); without it the page never fetches or runs it.
  if (config.recording === true) {
    const { setUpScenarioRecording } = await import(
      /* webpackChunkName: "recorder" */ './recording/scenarioRecording'
    );
    ({ services, middleware } = setUpScenarioRecording(config, services, router));
  }
  const store = startPage({ config, services, middleware, location: window.location });
  const reactRoot = createRoot(root);
  const render = () =>
    reactRoot.render(
      <StrictMode>
        <App store={store} router={router} config={config} />
      </StrictMode>,
    );
  // The home page and the dashboard render in a transition, in slices that yield to the browser
  // (docs/performance.md). Elsewhere a guard may send the person home on the first render (docs/behaviour.md
  // 2.2, 2.3), which must happen before a stored session's subscription can lead back: that render stays at once.
  const { pathname } = window.location;
  if (pathname === PAGE_PATHS.home || pathname === PAGE_PATHS.licences) startTransition(render);
  else render();
}

/** Starts the portal on the page's root element, where the pre-rendered home page may stand. */
export async function boot() {
  const root = document.getElementById('root');
  if (root === null) return;
  // The live page replaces the pre-rendered one: a field already focused keeps its focus (docs/performance.md).
  keepFocusAcrossReplacement(root);
  await start(root).catch((error: unknown) => showBootFailure(root, error));
}
