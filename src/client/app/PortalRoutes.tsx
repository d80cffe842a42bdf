import { Component, Suspense, type ReactNode } from 'react';
import { useLocation, useRoutes, type Location } from 'react-router-dom';
import { CrashScreen } from './parts';
import { PortalRouterContext, type PortalRouter } from './portalRouter';
import { routes } from './routes';

interface CrashBoundaryProps {
  location: Location;
  children: ReactNode;
}

interface CrashBoundaryState {
  /** What the screen threw, and where the screen was then: a move elsewhere shows the routes again. */
  crash: { error: unknown; at: Location | null } | null;
}

/**
 * Whatever a screen throws ends on the crash screen, as a readable message instead of a blank page;
 * React itself reports the error on the console.
 */
class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  override state: CrashBoundaryState = { crash: null };

  static getDerivedStateFromError(error: unknown): CrashBoundaryState {
    return { crash: { error, at: null } };
  }

  static getDerivedStateFromProps(
    props: CrashBoundaryProps,
    { crash }: CrashBoundaryState,
  ): CrashBoundaryState | null {
    if (crash === null) return null;
    if (crash.at === null) return { crash: { ...crash, at: props.location } };
    return props.location === crash.at ? null : { crash: null };
  }

  override render() {
    const { crash } = this.state;
    if (crash === null) return this.props.children;
    return (
      <Suspense fallback={null}>
        <CrashScreen error={crash.error} />
      </Suspense>
    );
  }
}

/** The routes where React Router is, inside the crash boundary that a move elsewhere resets. */
function Routes() {
  const location = useLocation();
  return <CrashBoundary location={location}>{useRoutes(routes)}</CrashBoundary>;
}

/**
 * The routes of ./routes.tsx at the router's location. React Router renders a move in a transition,
 * so a screen being drawn is never torn down half-way; a move made while the first render was still
 * being drawn is shown once it commits (./portalRouter.ts).
 */
export function PortalRoutes({ router }: { router: PortalRouter }) {
  return (
    <PortalRouterContext.Provider value={router}>
      <router.Router>
        <Routes />
      </router.Router>
    </PortalRouterContext.Provider>
  );
}
