import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { API_PATHS, customerSettingsPath } from '../../../../contract/api';
import type {
  CustomerSettingsView,
  ResellerDefaultsView,
} from '../../../../contract/customerSettings';
import type { ConsoleHttpService } from '../../../services/types';
import { auditRequested } from '../audit/auditSlice';
import { checkedAnswer, failureWords } from '../consoleAnswers';
import type { ConsoleRootState } from '../consoleStore';
import {
  customerSettingsClosed,
  customerSettingsFailed,
  customerSettingsLoaded,
  customerSettingsOpened,
  customerSettingsSaveRequested,
  defaultsFailed,
  defaultsLoaded,
  defaultsRequested,
  defaultsSaveRequested,
} from './settingsSlice';

// The settings editors' side effects (docs/behaviour.md 10): read a customer's settings when its
// dialog opens, replace them on save and close it; the same for the defaults. A save reloads the
// audit trail, which now has the change.

function* reloadAudit(): SagaIterator {
  const customerId: string | null = yield select(
    (state: ConsoleRootState) => state.audit.customerId,
  );
  yield put(auditRequested({ customerId, cursor: null }));
}

export function* loadCustomerSettings({
  payload: customer,
}: ReturnType<typeof customerSettingsOpened>): SagaIterator {
  const http: ConsoleHttpService = yield getContext('http');
  try {
    const answer: unknown = yield call([http, http.get], customerSettingsPath(customer));
    const view: CustomerSettingsView = yield call(checkedAnswer, 'customerSettings', answer);
    yield put(customerSettingsLoaded(view));
  } catch (failure) {
    yield put(customerSettingsFailed(failureWords(failure)));
  }
}

export function* saveCustomerSettings({
  payload: settings,
}: ReturnType<typeof customerSettingsSaveRequested>): SagaIterator {
  const http: ConsoleHttpService = yield getContext('http');
  const view: CustomerSettingsView | null = yield select(
    (state: ConsoleRootState) => state.settings.customerView,
  );
  if (view === null) return;
  try {
    // The id the server answered with, whatever was typed (a domain).
    yield call([http, http.put], customerSettingsPath(view.customerId), settings);
    yield put(customerSettingsClosed());
    yield call(reloadAudit);
  } catch (failure) {
    yield put(customerSettingsFailed(failureWords(failure)));
  }
}

export function* loadDefaults(): SagaIterator {
  const http: ConsoleHttpService = yield getContext('http');
  try {
    const answer: unknown = yield call([http, http.get], API_PATHS.resellerDefaults);
    const view: ResellerDefaultsView = yield call(checkedAnswer, 'resellerDefaults', answer);
    yield put(defaultsLoaded({ view, saved: false }));
  } catch (failure) {
    yield put(defaultsFailed(failureWords(failure)));
  }
}

export function* saveDefaults({
  payload: defaults,
}: ReturnType<typeof defaultsSaveRequested>): SagaIterator {
  const http: ConsoleHttpService = yield getContext('http');
  try {
    const answer: unknown = yield call([http, http.put], API_PATHS.resellerDefaults, defaults);
    const view: ResellerDefaultsView = yield call(checkedAnswer, 'resellerDefaults', answer);
    yield put(defaultsLoaded({ view, saved: true }));
    yield call(reloadAudit);
  } catch (failure) {
    yield put(defaultsFailed(failureWords(failure)));
  }
}

export function* settingsSaga(): SagaIterator {
  yield takeLatest(customerSettingsOpened.type, loadCustomerSettings);
  yield takeLeading(customerSettingsSaveRequested.type, saveCustomerSettings);
  yield takeLatest(defaultsRequested.type, loadDefaults);
  yield takeLeading(defaultsSaveRequested.type, saveDefaults);
}
