import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { API_PATHS } from '../../../../contract/api';
import type { LedgerPage } from '../../../../contract/ledger';
import type { ConsoleHttpService } from '../../../services/types';
import { checkedAnswer, failureWords } from '../consoleAnswers';
import { ledgerFailed, ledgerLoaded, ledgerQuery, ledgerRequested } from './ledgerSlice';

// The ledger's pages (docs/reseller-console.md, The ledger): the filters' newest page, or an older one.
export function* loadLedger({ payload }: ReturnType<typeof ledgerRequested>): SagaIterator {
  const http: ConsoleHttpService = yield getContext('http');
  const query = ledgerQuery(payload.filters);
  if (payload.cursor !== null) query.cursor = payload.cursor;
  try {
    const answer: unknown = yield call([http, http.get], API_PATHS.ledger, query);
    const page: LedgerPage = yield call(checkedAnswer, 'ledgerPage', answer);
    yield put(ledgerLoaded(page));
  } catch (failure) {
    yield put(ledgerFailed(failureWords(failure)));
  }
}

export function* ledgerSaga(): SagaIterator {
  yield takeLatest(ledgerRequested.type, loadLedger);
}
