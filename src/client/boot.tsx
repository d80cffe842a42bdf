import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readPortalConfig } from './app/config';
import { opensOnDashboard, waitForFirstScreen } from './app/firstScreen';
import { DASHBOARD_FIRST_SCREEN } from './app/parts';
import { createBrowserPortalRouter } from './app/portalRouter';
import { startPage } from './app/startPage';
import { createServices } from './services/createServices';
import type { Services } from './services/types';
import { PAGE_PATHS } from '../contract/pages';

// Boot: runtime configuration, router, services, store, then the first render (docs/behaviour.md 4.1–4.3).

export async function boot(root: HTMLElement) {
  const config = readPortalConfig();
  const router = createBrowserPortalRouter();
  let services: Services = createServices(config, (path) => router.navigate(path));
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

  // Rendered before its code is in, the dashboard would show the page's spinner for that moment, and
  // React keeps a fallback it has shown on screen for 300 ms at least; rendered before the answer's
  // check is in, its guard would find no subscription yet and go home (docs/performance.md).
  const dashboardFirst = opensOnDashboard(services.storage, window.location, Date.now());
  if (dashboardFirst) await waitForFirstScreen(DASHBOARD_FIRST_SCREEN);

  const reactRoot = createRoot(root);
  const render = () =>
    reactRoot.render(
      <StrictMode>
        <App store={store} router={router} config={config} />
      </StrictMode>,
    );
  // The home page, and the dashboard opened with a stored session, render in a transition, in slices
  // that yield to the browser (docs/performance.md); the dashboard's guard reads the state once that
  // render is on screen (./app/guards.tsx), so a subscription already in shows the dashboard first.
  // Elsewhere a guard may send the person home on the first render (docs/behaviour.md 2.2, 2.3), and
  // that must happen before the subscription started above can lead back: that render stays at once.
  if (window.location.pathname === PAGE_PATHS.home || dashboardFirst) startTransition(render);
  else render();
}
