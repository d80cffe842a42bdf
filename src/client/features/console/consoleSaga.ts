import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { API_PATHS, TOKEN_HEADER, type StaffIdentity } from '../../../contract/api';
import { SIGN_IN_SCOPES } from '../../../contract/limits';
import { readAnswer } from '../../answerChecks/readAnswer';
import { readFailure } from '../../services/httpFailure';
import type { Services } from '../../services/types';
import {
  consoleOpened,
  staffRefused,
  staffSignedIn,
  staffSignedOut,
  staffSignInFailed,
  staffSignInRequested,
  staffSignOutRequested,
} from './consoleSlice';

// The console's flows (docs/behaviour.md 10): on opening, the staff session the cookie may hold; the
// sign-in with the customers' popup; sign-out through the one sign-out route.

const HTTP_UNAUTHENTICATED = 401;
const HTTP_FORBIDDEN = 403;

/** A 403's words go on the refusal screen; anything else leaves the sign-in form, with its words. */
function* refusedOrFailed(failure: unknown): SagaIterator {
  const { status, message } = readFailure(failure);
  if (status === HTTP_FORBIDDEN) yield put(staffRefused(message ?? 'Access denied.'));
  else yield put(staffSignInFailed(status === HTTP_UNAUTHENTICATED ? null : (message ?? null)));
}

/** The identity answer, checked against the contract; null when it is not one. */
function* staffAnswer(answer: unknown): SagaIterator {
  const checked: StaffIdentity | null = yield call(readAnswer, 'staffIdentity', answer);
  return checked;
}

export function* openConsole(): SagaIterator {
  const http: Services['http'] = yield getContext('http');
  try {
    const answer: unknown = yield call([http, http.get], API_PATHS.staffSession);
    const staff: StaffIdentity | null = yield call(staffAnswer, answer);
    yield put(staff === null ? staffSignInFailed(null) : staffSignedIn(staff));
  } catch (failure) {
    yield call(refusedOrFailed, failure);
  }
}

export function* signInStaff({
  payload: email,
}: ReturnType<typeof staffSignInRequested>): SagaIterator {
  const identity: Services['identity'] = yield getContext('identity');
  const http: Services['http'] = yield getContext('http');
  const log: Services['log'] = yield getContext('log');
  let accessToken: string;
  try {
    ({ accessToken } = yield call([identity, identity.requestToken], email, SIGN_IN_SCOPES));
  } catch (failure) {
    // As for customers (docs/behaviour.md 8): the popup's failures are only logged.
    yield call([log, log.error], 'The identity provider gave no token.', failure);
    yield put(staffSignInFailed(null));
    return;
  }
  try {
    const answer: unknown = yield call(
      [http, http.get],
      API_PATHS.staffSignIn,
      { email },
      { [TOKEN_HEADER]: accessToken },
    );
    const staff: StaffIdentity | null = yield call(staffAnswer, answer);
    yield put(staff === null ? staffSignInFailed(null) : staffSignedIn(staff));
  } catch (failure) {
    yield call(refusedOrFailed, failure);
  }
}

export function* signOutStaff(): SagaIterator {
  const http: Services['http'] = yield getContext('http');
  const log: Services['log'] = yield getContext('log');
  try {
    yield call([http, http.post], API_PATHS.signOut, {});
  } catch (failure) {
    // The server clears the cookies whatever it could record (docs/api.md, POST /api/sign-out).
    yield call([log, log.error], 'Sign-out was not recorded.', failure);
  }
  yield put(staffSignedOut());
}

export function* consoleSaga(): SagaIterator {
  yield takeLatest(consoleOpened.type, openConsole);
  yield takeLeading(staffSignInRequested.type, signInStaff);
  yield takeLeading(staffSignOutRequested.type, signOutStaff);
}
