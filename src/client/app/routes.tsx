import { lazy, Suspense } from 'react';
import {
  createBrowserRouter,
  createMemoryRouter,
  Navigate,
  Outlet,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { PAGE_PATHS } from '../../contract/pages';
import { Spinner } from '../components/Spinner';
import { ErrorDialogs } from '../features/errors/ErrorDialogs';
import { HomePage } from '../pages/HomePage';
import { RequireStoredError, RequireUser } from './guards';
import type { PortalRouter } from './portalRouter';

// The routes of docs/behaviour.md 2 for React Router's data router; every screen but the home page is
// a lazy route in its own chunk, fetched ahead by webpack's prefetch hint (docs/performance.md).

const CrashScreen = lazy(() =>
  import(/* webpackChunkName: "crash" */ './CrashScreen').then((m) => ({ default: m.CrashScreen })),
);

/**
 * A screen's code that arrives within this time shows the screen with no spinner before it; a stalled
 * download shows the spinner instead of a blank page. A second, the limit under which a wait needs no
 * sign of progress, since the subscription is asked for only once the page's code runs (docs/performance.md).
 */
const PAGE_SPINNER_DELAY_MS = 1000;

function PageSpinner() {
  return <Spinner size="large" label="Loading the page" delayMs={PAGE_SPINNER_DELAY_MS} />;
}

function PortalLayout() {
  return (
    <>
      <Outlet />
      <ErrorDialogs />
    </>
  );
}

/** Whatever a screen throws ends on the crash screen, as a readable message instead of a blank page;
 * a move elsewhere shows the routes again, as the data router clears its errors. */
function Crash() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <CrashScreen error={error} />
    </Suspense>
  );
}

/** The routes and guards of docs/behaviour.md 2; anything else goes home (2.5). */
export const routes: RouteObject[] = [
  {
    path: PAGE_PATHS.home,
    element: <PortalLayout />,
    errorElement: <Crash />,
    // Shown while the first screen's code arrives, so a stalled download is never a blank page.
    HydrateFallback: PageSpinner,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: PAGE_PATHS.licences,
        element: (
          <RequireUser>
            <Outlet />
          </RequireUser>
        ),
        children: [
          {
            index: true,
            lazy: () =>
              import(
                /* webpackChunkName: "dashboard", webpackPrefetch: true */ '../pages/DashboardPage'
              ),
          },
        ],
      },
      {
        path: PAGE_PATHS.forbidden,
        element: (
          <RequireStoredError>
            <Outlet />
          </RequireStoredError>
        ),
        children: [
          {
            index: true,
            lazy: () =>
              import(
                /* webpackChunkName: "forbidden", webpackPrefetch: true */ '../pages/ForbiddenPage'
              ),
          },
        ],
      },
      {
        path: PAGE_PATHS.support,
        lazy: () =>
          import(/* webpackChunkName: "support", webpackPrefetch: true */ '../pages/SupportPage'),
      },
      // The reseller's staff only, in its own chunk, never prefetched by customers' pages.
      {
        path: PAGE_PATHS.reseller,
        lazy: () => import(/* webpackChunkName: "console" */ '../pages/ConsolePage'),
      },
      { path: '*', element: <Navigate to={PAGE_PATHS.home} replace /> },
    ],
  },
];

/** The browser's own history (the portal). */
export function createBrowserPortalRouter(): PortalRouter {
  return createBrowserRouter(routes);
}

/** A history in memory starting at `url` (tests and the scenario replay). */
export function createMemoryPortalRouter(url: string): PortalRouter {
  return createMemoryRouter(routes, { initialEntries: [url] });
}
