// The store of the bench's reference and floor apps (docs/performance.md): @reduxjs/toolkit with the
// redux-saga middleware running one saga, as the portal's store is set up.
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';

export function referenceStore() {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: { reference: (state: number = 0) => state },
    middleware: (getDefault) => getDefault().concat(sagaMiddleware),
  });
  sagaMiddleware.run(function* reference() {
    yield* [];
  });
  return store;
}
