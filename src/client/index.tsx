import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { readPortalConfig } from './app/config';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { appStarted } from './features/session/sessionSlice';
import { setUpScenarioRecording } from './recording/scenarioRecording';
import { createServices } from './services/createServices';

// Boot: runtime configuration, router, services, store, then the first render (spec §4 On load).
const CUSTOMER_QUERY = 'customer';

function showBootFailure(root: HTMLElement, error: unknown) {
  const heading = document.createElement('h1');
  heading.textContent = 'The portal could not start';
  const detail = document.createElement('p');
  detail.textContent = error instanceof Error ? error.message : String(error);
  root.replaceChildren(heading, detail);
}

function boot(root: HTMLElement) {
  const config = readPortalConfig();
  const router = createBrowserRouter(routes);
  const services = createServices(config, (path) => {
    void router.navigate(path);
  });
  // Scenario recording (issue 4): with the record flag or configuration, services and store are watched.
  const recording = setUpScenarioRecording(config, services);
  const store = makeStore({
    context: { ...recording.services, config },
    middleware: recording.middleware,
  });

  // The `customer` query of the home route picks the destination after sign-in (spec §2 Home).
  const onHome = window.location.pathname === '/';
  const query = new URLSearchParams(window.location.search).get(CUSTOMER_QUERY);
  store.dispatch(appStarted({ destination: onHome ? (query ?? '') : '' }));

  createRoot(root).render(
    <StrictMode>
      <App store={store} router={router} config={config} />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) {
  try {
    boot(root);
  } catch (error) {
    showBootFailure(root, error);
  }
}
