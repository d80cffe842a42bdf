import { PAGE_PATHS } from '../../contract/pages';
import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { HomePage } from '../pages/HomePage';
import { DialogHost } from './DialogHost';
import { RequireStoredError, RequireUser } from './guards';
// Route-level code splitting, so the first page loads fast: only the home page is in the initial chunk.
import { DashboardPage, ForbiddenPage, SupportPage } from './parts';

function PortalLayout() {
  return (
    <>
      <Suspense fallback={<Spinner size="large" label="Loading the page" />}>
        <Outlet />
      </Suspense>
      <DialogHost />
    </>
  );
}

/** The routes and guards of docs/behaviour.md 2; anything else goes home (2.5). A screen that throws
 * ends on the crash screen (./PortalRoutes.tsx). */
export const routes: RouteObject[] = [
  {
    path: PAGE_PATHS.home,
    element: <PortalLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: PAGE_PATHS.licences,
        element: (
          <RequireUser>
            <DashboardPage />
          </RequireUser>
        ),
      },
      {
        path: PAGE_PATHS.forbidden,
        element: (
          <RequireStoredError>
            <ForbiddenPage />
          </RequireStoredError>
        ),
      },
      { path: PAGE_PATHS.support, element: <SupportPage /> },
      { path: '*', element: <Navigate to={PAGE_PATHS.home} replace /> },
    ],
  },
];
