import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootReducer, type RootState } from './rootReducer';
import { rootSaga } from './rootSaga';
import type { SagaContext } from './sagaContext';

export interface MakeStoreOptions {
  context: SagaContext;
  preloadedState?: Partial<RootState>;
  /** Runs before the saga middleware, e.g. the scenario recorder watching every action. */
  middleware?: readonly Middleware[];
}

/** The store factory: the app, component tests and scenario recording each make their own. */
export function makeStore({ context, preloadedState, middleware = [] }: MakeStoreOptions) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(...middleware, sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
