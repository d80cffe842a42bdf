import { PAGE_PATHS } from '../../../contract/pages';
import type { SagaIterator } from 'redux-saga';
import {
  call,
  getContext,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { API_PATHS, type AddLicenceRequest } from '../../../contract/api';
import type { SubscriptionInfo } from '../../../contract/subscription';
import {
  errorDialogShown,
  forbiddenErrorStored,
  subscriptionRequested,
} from '../../events/portalEvents';
import type { SagaContext } from '../../app/sagaContext';
import { loadAnswerChecks } from '../../answerChecks/readAnswer';
import { isHttpFailure } from '../../services/httpFailure';
import type { HttpFailure } from '../../services/types';
import { addLicencesErrorMessage } from './addLicencesError';
import { subscriptionFailureEntry, UNEXPECTED_SUBSCRIPTION_ANSWER } from './subscriptionFailure';
import { selectPrice, selectPurchase, selectUser } from './subscriptionSelectors';
import { subscriptionRequestFor } from './subscriptionRequest';
import { newTotal } from './seatCount';
import { readSubscriptionInfo } from './subscriptionShape';
import {
  addLicencesConfirmed,
  addLicencesFailed,
  addLicencesSkipped,
  addLicencesSucceeded,
  freshSubscriptionReceived,
  subscriptionFailed,
  subscriptionLoaded,
  successDialogClosed,
  type PriceState,
  type SubscriptionState,
} from './subscriptionSlice';

// The subscription fetch (docs/behaviour.md 4.2, 4.9), adding licences (4.15, 4.16, 8.7) and the
// subscription failure catalogue (8.1–8.4).

/** A 2xx answer that is not a subscription counts as a failure with a readable message. */
function unexpectedAnswer(status: number): HttpFailure {
  return { status, body: { error: { code: status, message: UNEXPECTED_SUBSCRIPTION_ANSWER } } };
}

/** Every failure removes the saved token, then the catalogue decides (docs/behaviour.md 8). */
export function* followSubscriptionFailure(failure: unknown): SagaIterator {
  const storage: SagaContext['storage'] = yield getContext('storage');
  const browser: SagaContext['browser'] = yield getContext('browser');
  const config: SagaContext['config'] = yield getContext('config');
  yield put(subscriptionFailed());
  yield call([storage, storage.removeTokenData]);
  const entry = subscriptionFailureEntry(failure);
  switch (entry.kind) {
    case 'notACustomer':
      yield call([browser, browser.assign], config.contactUrl);
      return;
    case 'insufficientScopes':
      yield call([browser, browser.navigate], PAGE_PATHS.home);
      yield call([browser, browser.reload]);
      return;
    case 'expiredToken':
      yield call([browser, browser.reload]);
      return;
    case 'forbidden':
      yield put(forbiddenErrorStored(entry.error));
      yield call([browser, browser.navigate], PAGE_PATHS.forbidden);
      return;
  }
}

export function* fetchSubscription(action: ReturnType<typeof subscriptionRequested>): SagaIterator {
  const http: SagaContext['http'] = yield getContext('http');
  const browser: SagaContext['browser'] = yield getContext('browser');
  // The checks' chunk loads while the request is in flight; a failed load counts when the answer is read.
  loadAnswerChecks().catch(() => undefined);
  let answer: unknown;
  try {
    answer = yield call([http, http.get], ...subscriptionRequestFor(action.payload));
  } catch (failure) {
    yield call(followSubscriptionFailure, failure);
    return;
  }
  const subscription: SubscriptionInfo | null = yield call(readSubscriptionInfo, answer);
  if (subscription === null) {
    yield call(followSubscriptionFailure, unexpectedAnswer(200));
    return;
  }
  yield put(subscriptionLoaded(subscription));
  yield call([browser, browser.navigate], PAGE_PATHS.licences);
}

async function answeredSubscription(answer: unknown): Promise<SubscriptionInfo | null> {
  if (typeof answer !== 'object' || answer === null) return null;
  return readSubscriptionInfo((answer as Record<string, unknown>).subscription);
}

/**
 * The purchase's body: the new total and the total the person saw, so a retried or stale purchase is
 * refused (409) instead of bought twice; the client's one place where `seatsToAdd` becomes the API's
 * totals (docs/api.md, POST /api/add-licence).
 */
function addLicenceRequest(
  user: SubscriptionInfo,
  seatsToAdd: number,
  price: PriceState,
): AddLicenceRequest {
  // The price version the dialog showed: the server refuses a purchase at another price (docs/api.md, Money).
  const priceVersion = price.preview?.priceVersion;
  return {
    customerId: user.customerId,
    subscriptionId: user.subscriptionId,
    numberOfSeats: newTotal(user.numberOfSeats, seatsToAdd),
    expectedNumberOfSeats: user.numberOfSeats,
    ...(priceVersion === undefined ? {} : { priceVersion }),
  };
}

/** The confirmed purchase of the seats the person asked to add (docs/behaviour.md 4.15, 4.16). */
export function* addLicences(): SagaIterator {
  const user: SubscriptionInfo | undefined = yield select(selectUser);
  const purchase: SubscriptionState['purchase'] = yield select(selectPurchase);
  const price: PriceState = yield select(selectPrice);
  const { seatsToAdd } = purchase;
  // The reducer moved a confirmed purchase to 'processing'; a confirm outside the dialog did not.
  if (purchase.status !== 'processing') return;
  if (!user || !Number.isInteger(seatsToAdd) || seatsToAdd <= 0) {
    // Nothing sensible to buy: the form comes back untouched.
    yield put(addLicencesSkipped());
    return;
  }
  const http: SagaContext['http'] = yield getContext('http');
  const request = addLicenceRequest(user, seatsToAdd, price);
  let answer: unknown;
  try {
    answer = yield call([http, http.post], API_PATHS.addLicence, request);
  } catch (failure) {
    yield put(errorDialogShown({ message: addLicencesErrorMessage(failure) }));
    yield put(addLicencesFailed());
    // A 409 after Google renewed the subscription's id carries the fresh view (docs/api.md).
    const fresh: SubscriptionInfo | null = isHttpFailure(failure)
      ? yield call(answeredSubscription, failure.body)
      : null;
    if (fresh !== null) yield put(freshSubscriptionReceived(fresh));
    return;
  }
  // The answer is not needed to go on; the subscription docs/api.md describes is used when it is whole.
  const answered: SubscriptionInfo | null = yield call(answeredSubscription, answer);
  const subscription = answered ?? {
    ...user,
    numberOfSeats: request.numberOfSeats,
  };
  yield put(addLicencesSucceeded(subscription));
}

/** 'Add Even More Licenses' or closing the success dialog reloads the page (docs/behaviour.md 2, docs/behaviour.md 4). */
export function* reloadAfterPurchase(): SagaIterator {
  const browser: SagaContext['browser'] = yield getContext('browser');
  yield call([browser, browser.reload]);
}

export function* subscriptionSaga(): SagaIterator {
  // A newer token replaces a fetch still in flight.
  yield takeLatest(subscriptionRequested.type, fetchSubscription);
  // Concurrent purchases are not allowed: a second confirm while one is sent is ignored.
  yield takeLeading(addLicencesConfirmed.type, addLicences);
  yield takeEvery(successDialogClosed.type, reloadAfterPurchase);
}
