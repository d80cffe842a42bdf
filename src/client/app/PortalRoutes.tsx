import {
  Component,
  startTransition,
  Suspense,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';
import { Router, useRoutes, type Location } from 'react-router-dom';
import { CrashScreen } from './parts';
import { PortalRouterContext, type PortalRouter, type RouterState } from './portalRouter';
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

function Routes() {
  return useRoutes(routes);
}

/**
 * The routes of ./routes.tsx at the router's location. A move renders in a transition, as React
 * Router's own routers do, so a screen being drawn is never torn down half-way.
 */
export function PortalRoutes({ router }: { router: PortalRouter }) {
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    const show = (state: RouterState) => {
      startTransition(() => setLocation(state.location));
    };
    const unsubscribe = router.subscribe(show);
    // The home page's first render is a transition that yields to the browser: a stored session's
    // subscription can move the router before it commits, and that move is shown now.
    if (router.state.location !== location) show(router.state);
    return unsubscribe;
    // Subscribed once per router; `location` is what its first render showed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [router]);
  return (
    <PortalRouterContext.Provider value={router}>
      <Router location={location} navigator={router.navigator}>
        <CrashBoundary location={location}>
          <Routes />
        </CrashBoundary>
      </Router>
    </PortalRouterContext.Provider>
  );
}
