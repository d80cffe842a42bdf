import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DataRouter } from 'react-router-dom';

// Where the screen is: React Router's data router over ./routes.tsx; sagas move it with its documented
// navigate (../services/browser.ts), the recorder and the replay follow it with its subscribe.

export type PortalRouter = DataRouter;

/** The router the screen follows, so a page can tell whether a move has begun (./App.tsx). */
export const PortalRouterContext = createContext<PortalRouter | null>(null);

/** Where the router is going, or is, once a move has begun: the next screen's code may still be on its way. */
export function headingFor(router: PortalRouter) {
  return router.state.navigation.location ?? router.state.location;
}

const NEVER_MOVES = () => () => undefined;

/**
 * Whether the router has already left `path` while the page drawn for it is still on screen: the old
 * page stays until the next one's code is in, and must not draw a state the move has made stale.
 */
export function useMovedOnFrom(path: string): boolean {
  const router = useContext(PortalRouterContext);
  const movedOn = () => router !== null && headingFor(router).pathname !== path;
  // The pre-rendered home (../prerender) has no router: it never moves.
  return useSyncExternalStore(router?.subscribe ?? NEVER_MOVES, movedOn, movedOn);
}
