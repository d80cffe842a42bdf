import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { readPortalConfig } from './app/config';
import { routes } from './app/routes';
import { startPage } from './app/startPage';
import { createServices } from './services/createServices';
import type { Services } from './services/types';

// Boot: runtime configuration, router, services, store, then the first render (docs/behaviour.md 4 On load).

export async function boot(root: HTMLElement) {
  const config = readPortalConfig();
  const router = createBrowserRouter(routes);
  let services: Services = createServices(config, (path) => {
    void router.navigate(path);
  });
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

  // A transition renders in slices that yield to the browser, not in one long task (docs/performance.md).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App store={store} router={router} config={config} />
      </StrictMode>,
    );
  });
}
