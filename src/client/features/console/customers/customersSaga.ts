import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { API_PATHS } from '../../../../contract/api';
import type { CustomerListPage } from '../../../../contract/customerList';
import type { ConsoleHttpService, Query } from '../../../services/types';
import { checkedAnswer, failureWords } from '../consoleAnswers';
import { customersFailed, customersLoaded, customersRequested } from './customersSlice';

// The customers' pages (docs/api.md, GET /api/reseller/customers): the server searches, sorts and
// pages; a newer request replaces one still waiting, so the table shows the last thing asked.
export function* loadCustomers({ payload }: ReturnType<typeof customersRequested>): SagaIterator {
  const http: ConsoleHttpService = yield getContext('http');
  const query: Query = { sort: payload.sort, order: payload.order };
  const typed = payload.query.trim();
  if (typed !== '') query.query = typed;
  if (payload.pageToken !== null) query.pageToken = payload.pageToken;
  try {
    const answer: unknown = yield call([http, http.get], API_PATHS.customerList, query);
    const page: CustomerListPage = yield call(checkedAnswer, 'customerList', answer);
    yield put(customersLoaded(page));
  } catch (failure) {
    yield put(customersFailed(failureWords(failure)));
  }
}

export function* customersSaga(): SagaIterator {
  yield takeLatest(customersRequested.type, loadCustomers);
}
