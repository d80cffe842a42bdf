import { useContext, useEffect, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { PAGE_PATHS } from '../../contract/pages';
import { selectHasStoredError } from '../features/errors/errorsSelectors';
import { selectUser } from '../features/subscription/subscriptionSelectors';
import { useAppSelector } from './hooks';
import { headingFor, PortalRouterContext } from './portalRouter';
import type { RootState } from './rootReducer';

// Route guards of docs/behaviour.md 2: anything not allowed goes back to the home route.

/**
 * Goes home once this render is on screen, unless by then the page has moved on or the state
 * allows it after all: the subscription the boot saga loads, or the failure screen it leads to, can
 * arrive between this render and its effect (docs/behaviour.md 4.2, 4.22).
 */
function LeaveForHome({ allows }: { allows: (state: RootState) => boolean }) {
  const store = useStore<RootState>();
  const router = useContext(PortalRouterContext);
  const shown = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // The history's key tells one move from another, a move still fetching its screen's code included.
    const movedOn = router !== null && headingFor(router).key !== shown.key;
    if (movedOn || allows(store.getState())) return;
    navigate(PAGE_PATHS.home, { replace: true });
  }, [allows, navigate, router, shown, store]);
  return null;
}

const holdsUser = (state: RootState) => Boolean(selectUser(state));

/** /licenses: only while the state holds a user (docs/behaviour.md 2, docs/behaviour.md 6). */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  return user ? children : <LeaveForHome allows={holdsUser} />;
}

/** /forbidden: only while an error is stored (docs/behaviour.md 2, docs/behaviour.md 4). */
export function RequireStoredError({ children }: { children: ReactNode }) {
  const stored = useAppSelector(selectHasStoredError);
  return stored ? children : <LeaveForHome allows={selectHasStoredError} />;
}
