import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { selectHasStoredError } from '../features/errors/errorsSelectors';
import { selectUser } from '../features/subscription/subscriptionSelectors';
import { useAppSelector } from './hooks';

// Route guards of docs/behaviour.md 2: anything not allowed goes back to the home route.

/** /licenses: only while the state holds a user (docs/behaviour.md 2, docs/behaviour.md 6). */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  return user ? children : <Navigate to="/" replace />;
}

/** /forbidden: only while an error is stored (docs/behaviour.md 2, docs/behaviour.md 4). */
export function RequireStoredError({ children }: { children: ReactNode }) {
  const stored = useAppSelector(selectHasStoredError);
  return stored ? children : <Navigate to="/" replace />;
}
