import { all } from 'redux-saga/effects';

// Features' watchers are spawned here (session, subscription, delegates) as they are written.
export function* rootSaga() {
  yield all([]);
}
