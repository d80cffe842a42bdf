import type { SagaIterator } from 'redux-saga';
import { all, spawn } from 'redux-saga/effects';
import { delegatesSaga } from '../features/delegates/delegatesSaga';
import { historySaga } from '../features/history/historySaga';
import { sessionSaga } from '../features/session/sessionSaga';
import { pricePreviewSaga } from '../features/subscription/pricePreviewSaga';
import { subscriptionSaga } from '../features/subscription/subscriptionSaga';

// Each feature runs on its own: a failure in one never stops the others (spawn, not fork).
export function* rootSaga(): SagaIterator {
  yield all([
    spawn(sessionSaga),
    spawn(subscriptionSaga),
    spawn(pricePreviewSaga),
    spawn(delegatesSaga),
    spawn(historySaga),
  ]);
}
