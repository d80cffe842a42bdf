import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Services } from '../../services/types';
import { consoleSaga } from './consoleSaga';
import { consoleReducer } from './consoleSlice';

// The console's own store, made by its lazy page: none of its code joins the customers' first load
// (docs/performance.md), and a staff session never shares state with a customer's.

export function makeConsoleStore(services: Services) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...services } });
  const store = configureStore({
    reducer: { console: consoleReducer },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(consoleSaga);
  return store;
}

export type ConsoleStore = ReturnType<typeof makeConsoleStore>;
export type ConsoleRootState = ReturnType<ConsoleStore['getState']>;
