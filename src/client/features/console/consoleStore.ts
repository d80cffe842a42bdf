import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { ConsoleHttpService, Services } from '../../services/types';
import { auditSaga } from './audit/auditSaga';
import { auditReducer } from './audit/auditSlice';
import { consoleSaga } from './consoleSaga';
import { customersSaga } from './customers/customersSaga';
import { customersReducer } from './customers/customersSlice';
import { consoleReducer } from './consoleSlice';
import { ledgerSaga } from './ledger/ledgerSaga';
import { ledgerReducer } from './ledger/ledgerSlice';
import { settingsSaga } from './settings/settingsSaga';
import { settingsReducer } from './settings/settingsSlice';

// The console's own store, made by its lazy page: none of its code joins the customers' first load
// (docs/performance.md), and a staff session never shares state with a customer's.

/** The customers' services, with an http service that also PUTs (the console's settings). */
export type ConsoleServices = Services & { http: ConsoleHttpService };

export const consoleReducers = {
  console: consoleReducer,
  customers: customersReducer,
  settings: settingsReducer,
  audit: auditReducer,
  ledger: ledgerReducer,
};

export function makeConsoleStore(services: ConsoleServices) {
  const sagaMiddleware = createSagaMiddleware({ context: { ...services } });
  const store = configureStore({
    reducer: consoleReducers,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(consoleSaga);
  sagaMiddleware.run(customersSaga);
  sagaMiddleware.run(settingsSaga);
  sagaMiddleware.run(auditSaga);
  sagaMiddleware.run(ledgerSaga);
  return store;
}

export type ConsoleStore = ReturnType<typeof makeConsoleStore>;
export type ConsoleRootState = ReturnType<ConsoleStore['getState']>;
