import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, select, takeLatest } from 'redux-saga/effects';
import { API_PATHS } from '../../../contract/api';
import type { SubscriptionInfo } from '../../../contract/subscription';
import type { SagaContext } from '../../app/sagaContext';
import { readPricePreview } from './priceShape';
import { selectUser } from './subscriptionSelectors';
import { addLicencesRequested, pricePreviewFailed, pricePreviewLoaded } from './subscriptionSlice';

// The confirm dialog's price (docs/behaviour.md 4.15), computed by the server (docs/api.md,
// GET /api/price-preview); a failure only says the price could not be shown, never stops a purchase.

export function* fetchPricePreview(action: ReturnType<typeof addLicencesRequested>): SagaIterator {
  const user: SubscriptionInfo | undefined = yield select(selectUser);
  if (!user) {
    yield put(pricePreviewFailed());
    return;
  }
  const http: SagaContext['http'] = yield getContext('http');
  let answer: unknown;
  try {
    answer = yield call([http, http.get], API_PATHS.pricePreview, {
      customer: user.customerId,
      subscriptionId: user.subscriptionId,
      // The query keeps its name on the wire (docs/api.md, GET /api/price-preview).
      seats: String(action.payload.seatsToAdd),
    });
  } catch {
    yield put(pricePreviewFailed());
    return;
  }
  const price = readPricePreview(answer);
  yield put(price === undefined ? pricePreviewFailed() : pricePreviewLoaded(price));
}

export function* pricePreviewSaga(): SagaIterator {
  // Each opening of the confirm dialog asks for its own seats' price; a newer one replaces it.
  yield takeLatest(addLicencesRequested.type, fetchPricePreview);
}
