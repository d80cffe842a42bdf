import { API_PATHS } from '../../../contract/api';
import type { PricePreview } from '../../../contract/prices';
import { rootReducer } from '../../app/rootReducer';
import { apiError, ok, type FakeServicesOptions } from '../../../testing/client/fakeServices';
import { RUN_MS, runSaga } from '../../../testing/client/sagaRun';
import { signedInState } from '../../../testing/client/state';
import { samplePricePreview } from '../../../testing/sampleAnswers';
import { pricePreviewSaga } from './pricePreviewSaga';
import {
  addLicencesCancelled,
  addLicencesRequested,
  pricePreviewLoaded,
} from './subscriptionSlice';

// The confirm dialog's price (docs/behaviour.md 4.15): asked when the dialog opens, shown when the
// server answers, and a failure that only says so (docs/api.md, GET /api/price-preview).

const PRICE_PREVIEW = `GET ${API_PATHS.pricePreview}`;
const PREVIEW: PricePreview = samplePricePreview();

const run = (options: FakeServicesOptions) => runSaga(pricePreviewSaga, options, signedInState());

it('asks for the seats in the dialog and shows the answered price', async () => {
  const { fake, saga } = run({ http: { [PRICE_PREVIEW]: ok({ price: PREVIEW }) } });
  const { storeState } = await saga
    .dispatch(addLicencesRequested({ seatsToAdd: 2 }))
    .silentRun(RUN_MS);
  expect(fake.calls.http).toEqual([
    {
      method: 'GET',
      path: API_PATHS.pricePreview,
      query: { customer: 'C0acme001', subscriptionId: 'sub-acme-001', seats: '2' },
      headers: undefined,
    },
  ]);
  expect(storeState.subscription.price).toEqual({ status: 'shown', preview: PREVIEW });
  expect(storeState.subscription.purchase.status).toBe('confirming');
});

it('shows no price when none is configured', async () => {
  const { saga } = run({ http: { [PRICE_PREVIEW]: ok({ price: null }) } });
  const { storeState } = await saga
    .dispatch(addLicencesRequested({ seatsToAdd: 2 }))
    .silentRun(RUN_MS);
  expect(storeState.subscription.price).toEqual({ status: 'shown', preview: null });
});

it.each([
  ['a 503', apiError(503, 'UNAVAILABLE', 'The portal is busy.')],
  ['an answer that is no preview', ok({ price: { plan: 'ANNUAL_MONTHLY_PAY', currency: 'EUR' } })],
])(
  'says the price could not be shown after %s, and the dialog stays open',
  async (_case, answer) => {
    const { saga } = run({ http: { [PRICE_PREVIEW]: answer } });
    const { storeState } = await saga
      .dispatch(addLicencesRequested({ seatsToAdd: 2 }))
      .silentRun(RUN_MS);
    expect(storeState.subscription.price).toEqual({ status: 'failed', preview: null });
    expect(storeState.subscription.purchase).toEqual({ status: 'confirming', seatsToAdd: 2 });
  },
);

it('drops a late answer once the dialog was cancelled', () => {
  const cancelled = [
    addLicencesRequested({ seatsToAdd: 2 }),
    addLicencesCancelled(),
    pricePreviewLoaded(PREVIEW),
  ].reduce((state, action) => rootReducer(state, action), signedInState());
  expect(cancelled.subscription.price).toBeUndefined();
});
