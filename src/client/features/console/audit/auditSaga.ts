import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { API_PATHS } from '../../../../contract/api';
import type { AuditPage } from '../../../../contract/staffActions';
import type { ConsoleHttpService, Query } from '../../../services/types';
import { checkedAnswer, failureWords } from '../consoleAnswers';
import { auditFailed, auditLoaded, auditRequested } from './auditSlice';

// The audit trail's pages (docs/behaviour.md 10): the newest first, one customer's when filtered.
export function* loadAudit({ payload }: ReturnType<typeof auditRequested>): SagaIterator {
  const http: ConsoleHttpService = yield getContext('http');
  const query: Query = {};
  if (payload.customerId !== null) query.customerId = payload.customerId;
  if (payload.cursor !== null) query.cursor = payload.cursor;
  try {
    const answer: unknown = yield call([http, http.get], API_PATHS.staffAudit, query);
    const page: AuditPage = yield call(checkedAnswer, 'auditPage', answer);
    yield put(auditLoaded(page));
  } catch (failure) {
    yield put(auditFailed(failureWords(failure)));
  }
}

export function* auditSaga(): SagaIterator {
  yield takeLatest(auditRequested.type, loadAudit);
}
