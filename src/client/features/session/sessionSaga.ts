import { PAGE_PATHS } from '../../../contract/pages';
import type { SagaIterator } from 'redux-saga';
import {
  call,
  fork,
  getContext,
  put,
  select,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { API_PATHS, type EmailValidatorResponse } from '../../../contract/api';
import { isValidHomeEmail } from '../../../contract/email';
import { SIGN_IN_SCOPES, TOKEN_LIFETIME_MS } from '../../../contract/limits';
import { subscriptionRequested } from '../../events/portalEvents';
import type { SagaContext } from '../../app/sagaContext';
import { loadAnswerChecks, readAnswer } from '../../answerChecks/readAnswer';
import type { IdentityToken, TokenData } from '../../services/types';
import { isLicenceDestination } from './destination';
import { isConsumerEmail } from './isConsumerDomain';
import { usableSession } from './storedSession';
import { selectDestination, selectSessionEmail } from './sessionSelectors';
import {
  appStarted,
  emailCheckStopped,
  emailConfirmed,
  emailSubmitted,
  signInEnded,
  signInRequested,
  signedOut,
  signOutRequested,
} from './sessionSlice';

// Start, home and sign-in (docs/behaviour.md 4.1–4.10); sign-out (4.24, docs/api.md, POST /api/sign-out).

/** With a signed-in person: load the licences, or leave for the help-desk portal (docs/behaviour.md 2, docs/behaviour.md 4). */
function* continueToDestination(token: string, email: string): SagaIterator {
  const destination: string = yield select(selectDestination);
  if (isLicenceDestination(destination)) {
    yield put(subscriptionRequested({ token, email }));
    return;
  }
  const browser: SagaContext['browser'] = yield getContext('browser');
  const config: SagaContext['config'] = yield getContext('config');
  yield call([browser, browser.assign], config.helpdeskUrl);
}

/** On load: a stored, unexpired token skips the home screen; anything else is removed (docs/behaviour.md 4). */
export function* boot(): SagaIterator {
  const storage: SagaContext['storage'] = yield getContext('storage');
  const clock: SagaContext['clock'] = yield getContext('clock');
  const tokenData: TokenData | null = yield call([storage, storage.getTokenData]);
  const now: number = yield call([clock, clock.now]);
  const email: string | null = yield call([storage, storage.getEmail]);
  const session = usableSession(tokenData, email, now);
  if (session === null) {
    // Expired, unreadable, or without the e-mail it was issued for: not a usable session.
    yield call([storage, storage.removeTokenData]);
    return;
  }
  yield call(continueToDestination, session.token, session.email);
}

/** Home e-mail: consumer domains leave at once; otherwise the validator decides (docs/behaviour.md 4, docs/behaviour.md 5, docs/behaviour.md 8). */
export function* checkEmail(action: ReturnType<typeof emailSubmitted>): SagaIterator {
  const { email } = action.payload;
  const config: SagaContext['config'] = yield getContext('config');
  const browser: SagaContext['browser'] = yield getContext('browser');
  const log: SagaContext['log'] = yield getContext('log');
  if (!isValidHomeEmail(email)) {
    yield put(emailCheckStopped());
    return;
  }
  if (isConsumerEmail(email)) {
    yield call([browser, browser.assign], config.contactUrl);
    yield put(emailCheckStopped());
    return;
  }
  const http: SagaContext['http'] = yield getContext('http');
  // The checks' chunk loads while the request is in flight; a failed load counts when the answer is read.
  loadAnswerChecks().catch(() => undefined);
  let answer: unknown;
  try {
    answer = yield call([http, http.get], API_PATHS.emailValidator, { email });
  } catch (failure) {
    yield call([log, log.error], 'The e-mail validator failed.', failure);
    yield put(emailCheckStopped());
    return;
  }
  const checked: EmailValidatorResponse | null = yield call(readAnswer, 'emailValidator', answer);
  if (checked === null) {
    yield call([log, log.error], 'The e-mail validator answered unexpectedly.', answer);
    yield put(emailCheckStopped());
    return;
  }
  if (!checked.isGoogleAccount) {
    yield call([browser, browser.assign], config.contactUrl);
    yield put(emailCheckStopped());
    return;
  }
  const storage: SagaContext['storage'] = yield getContext('storage');
  yield call([storage, storage.setEmail], email);
  yield put(emailConfirmed({ email }));
}

/** 'Sign in with Google': the provider's popup, the token saved with its expiry (docs/behaviour.md 4, docs/behaviour.md 9). */
export function* signIn(): SagaIterator {
  const identity: SagaContext['identity'] = yield getContext('identity');
  const storage: SagaContext['storage'] = yield getContext('storage');
  const clock: SagaContext['clock'] = yield getContext('clock');
  const log: SagaContext['log'] = yield getContext('log');
  const stateEmail: string = yield select(selectSessionEmail);
  const email: string = stateEmail || ((yield call([storage, storage.getEmail])) ?? '');
  let token: IdentityToken;
  try {
    token = yield call([identity, identity.requestToken], email, SIGN_IN_SCOPES);
  } catch (failure) {
    // Identity provider errors are only logged (docs/behaviour.md 8).
    yield call([log, log.error], 'Sign-in with the identity provider failed.', failure);
    yield put(signInEnded());
    return;
  }
  const now: number = yield call([clock, clock.now]);
  yield call([storage, storage.setTokenData], {
    token: token.accessToken,
    expiry: now + TOKEN_LIFETIME_MS,
  });
  yield put(signInEnded());
  yield call(continueToDestination, token.accessToken, email);
}

/**
 * 'Sign out': the server ends the session, the stored token goes, the provider withdraws it, the
 * state is forgotten and the person is home. A step that fails is logged and the rest still runs,
 * so nothing keeps the person signed in on this browser.
 */
export function* signOut(): SagaIterator {
  const http: SagaContext['http'] = yield getContext('http');
  const storage: SagaContext['storage'] = yield getContext('storage');
  const identity: SagaContext['identity'] = yield getContext('identity');
  const browser: SagaContext['browser'] = yield getContext('browser');
  const log: SagaContext['log'] = yield getContext('log');
  const tokenData: TokenData | null = yield call([storage, storage.getTokenData]);
  try {
    yield call([http, http.post], API_PATHS.signOut, {});
  } catch (failure) {
    yield call([log, log.error], 'Signing out on the server failed.', failure);
  }
  yield call([storage, storage.removeTokenData]);
  if (tokenData !== null && identity.revoke) {
    try {
      yield call([identity, identity.revoke], tokenData.token);
    } catch (failure) {
      yield call([log, log.error], 'The identity provider did not revoke the token.', failure);
    }
  }
  yield put(signedOut());
  yield call([browser, browser.navigate], PAGE_PATHS.home);
}

export function* sessionSaga(): SagaIterator {
  yield fork(watchEmailAndSignIn);
  // The stored session is looked at once per page load, however often the UI reports its start.
  yield take(appStarted.type);
  yield call(boot);
}

function* watchEmailAndSignIn(): SagaIterator {
  // A newer address replaces a check still in flight.
  yield takeLatest(emailSubmitted.type, checkEmail);
  // One popup at a time: clicks while it is open are ignored.
  yield takeLeading(signInRequested.type, signIn);
  // One sign-out at a time, however often the button is pressed.
  yield takeLeading(signOutRequested.type, signOut);
}
