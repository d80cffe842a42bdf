import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { delegatesReducer } from '../features/delegates/delegatesSlice';
import { errorsReducer } from '../features/errors/errorsSlice';
import { historyReducer } from '../features/history/historySlice';
import { sessionReducer, signedOut } from '../features/session/sessionSlice';
import { subscriptionReducer } from '../features/subscription/subscriptionSlice';

const featureReducers = combineReducers({
  session: sessionReducer,
  subscription: subscriptionReducer,
  delegates: delegatesReducer,
  errors: errorsReducer,
  history: historyReducer,
});

export type RootState = ReturnType<typeof featureReducers>;

/** Every feature's reducer; sign-out forgets everything the signed-in person saw. */
export function rootReducer(
  state: Partial<RootState> | undefined,
  action: UnknownAction,
): RootState {
  return featureReducers(signedOut.match(action) ? undefined : state, action);
}
