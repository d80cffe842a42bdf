import {
  createContext,
  createElement,
  Fragment,
  useContext,
  useEffect,
  useLayoutEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  BrowserRouter,
  createPath,
  MemoryRouter,
  parsePath,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';

// Where the screen is: React Router's <BrowserRouter> (or <MemoryRouter> for tests and the scenario
// replay) renders it (./PortalRoutes.tsx), and the sagas, guards and recorder move and watch it through
// the navigate function React Router hands out (useNavigate), captured while the router is on screen.
// React Router's data router did the same with loaders, actions and fetchers the portal never uses, at
// two and a half times the code on every page (docs/performance.md).

export interface RouterState {
  location: Location;
}

export interface PortalRouter {
  /** Where the screen is now, or where a move made from outside React is taking it. */
  readonly state: RouterState;
  /** Moves to an in-app path as a link does: a new history entry, or the same one for the path shown. */
  navigate(path: string): void;
  /** Called after every move, the browser's back and forward included; returns the unsubscribe. */
  subscribe(listener: (state: RouterState) => void): () => void;
  /** React Router's router the routes render in, following this history. */
  Router(props: { children: ReactNode }): ReactNode;
  /** Stops following the router; the page never needs it, tests do. */
  dispose(): void;
}

/** The router the screen follows (./PortalRoutes.tsx), so a guard can tell whether the screen has moved on. */
export const PortalRouterContext = createContext<PortalRouter | null>(null);

const NEVER_MOVES = () => () => undefined;

/**
 * Whether the router has already left `path` while the page drawn for it is still on screen: a move
 * renders in a transition (./PortalRoutes.tsx), so the old page stays until the next one is ready.
 * Read in step with the move, so the old page never draws a state the move has made stale.
 */
export function useMovedOnFrom(path: string): boolean {
  const router = useContext(PortalRouterContext);
  const movedOn = () => router !== null && router.state.location.pathname !== path;
  // The pre-rendered home (../prerender) has no router: it never moves.
  return useSyncExternalStore(router?.subscribe ?? NEVER_MOVES, movedOn, movedOn);
}

type ReactRouter = (props: { children: ReactNode }) => ReactNode;

let movesMade = 0;

/** A location for `path` as React Router writes one, told apart from any other by its key. */
function locationOf(path: string): Location {
  movesMade += 1;
  return {
    pathname: '/',
    search: '',
    hash: '',
    ...parsePath(path),
    state: null,
    key: `portal-${movesMade}`,
  };
}

function portalRouterIn(start: string, ReactRouter: ReactRouter): PortalRouter {
  const listeners = new Set<(state: RouterState) => void>();
  let state: RouterState = { location: locationOf(start) };
  // React Router's navigate while the router is on screen; moves made before wait for it.
  let navigateNow: NavigateFunction | null = null;
  const waiting: { path: string; replace: boolean }[] = [];

  function moveTo(location: Location) {
    const moved = createPath(location) !== createPath(state.location);
    state = { location };
    if (moved) for (const listener of [...listeners]) listener(state);
  }

  /** Captures React Router's navigate and follows what React Router shows (back and forward too). */
  function Follow() {
    const navigate = useNavigate();
    const shown = useLocation();
    // After the router's own layout effect, where it starts listening to its history.
    useEffect(() => {
      navigateNow = navigate;
      for (const { path, replace } of waiting.splice(0)) navigate(path, { replace });
      return () => {
        if (navigateNow === navigate) navigateNow = null;
      };
    }, [navigate]);
    useLayoutEffect(() => {
      // React Router's own location replaces the one a move was given, once that move is shown.
      if (waiting.length === 0) moveTo(shown);
    }, [shown]);
    return null;
  }

  return {
    get state() {
      return state;
    },
    navigate(path) {
      // A link to the page already shown replaces its entry, as the browser's own links do: a reload
      // of the dashboard, which the subscription's answer sends to the dashboard, leaves one entry.
      const replace = path === createPath(state.location);
      moveTo(locationOf(path));
      if (navigateNow === null) waiting.push({ path, replace });
      else navigateNow(path, { replace });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    Router: ({ children }) =>
      createElement(
        ReactRouter,
        null,
        createElement(Follow),
        createElement(Fragment, null, children),
      ),
    dispose: () => {
      navigateNow = null;
      listeners.clear();
    },
  };
}

/** The browser's own history (the portal). */
export function createBrowserPortalRouter(): PortalRouter {
  return portalRouterIn(createPath(window.location), BrowserRouter);
}

/** A history in memory starting at `url` (tests and the scenario replay). */
export function createMemoryPortalRouter(url: string): PortalRouter {
  const InMemory: ReactRouter = ({ children }) =>
    createElement(MemoryRouter, { initialEntries: [url] }, children);
  return portalRouterIn(url, InMemory);
}
