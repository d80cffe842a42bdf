import { combineReducers } from '@reduxjs/toolkit';
import { delegatesReducer } from '../features/delegates/delegatesSlice';
import { errorsReducer } from '../features/errors/errorsSlice';
import { sessionReducer } from '../features/session/sessionSlice';
import { subscriptionReducer } from '../features/subscription/subscriptionSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  subscription: subscriptionReducer,
  delegates: delegatesReducer,
  errors: errorsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
