import { createContext, useContext, useSyncExternalStore } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
  type Navigator,
} from 'react-router-dom';

// Where the screen is: a history (the browser's, or one in memory for tests and the scenario replay)
// that the sagas move, the recorder watches and React Router's <Router> renders (./PortalRoutes.tsx).
// React Router's data router did the same with loaders, actions and fetchers the portal never uses, at
// two and a half times the code on every page (docs/performance.md).

export interface RouterState {
  location: Location;
}

export interface PortalRouter {
  /** Where the screen is now. */
  readonly state: RouterState;
  /** Moves to an in-app path as a link does: a new history entry. */
  navigate(path: string): void;
  /** Called after every move, the browser's back and forward included; returns the unsubscribe. */
  subscribe(listener: (state: RouterState) => void): () => void;
  /** What <Router> and <Navigate> move through. */
  readonly navigator: Navigator;
  /** Stops following the history (the back and forward buttons); the page never needs it, tests do. */
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

type History = ReturnType<typeof createBrowserHistory>;

function portalRouterOver(history: History): PortalRouter {
  const listeners = new Set<(state: RouterState) => void>();
  let state: RouterState = { location: history.location };
  // A history takes one listener: this one tells every subscriber.
  const unlisten = history.listen(({ location }) => {
    state = { location };
    for (const listener of [...listeners]) listener(state);
  });
  return {
    get state() {
      return state;
    },
    navigate: (path) => history.push(path),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigator: history,
    dispose: () => {
      unlisten();
      listeners.clear();
    },
  };
}

/** The browser's own history (the portal). */
export function createBrowserPortalRouter(): PortalRouter {
  return portalRouterOver(createBrowserHistory({ v5Compat: true }));
}

/** A history in memory starting at `url` (tests and the scenario replay). */
export function createMemoryPortalRouter(url: string): PortalRouter {
  return portalRouterOver(createMemoryHistory({ initialEntries: [url], v5Compat: true }));
}
