import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { API_PATHS } from '../../../../contract/api';
import {
  apiError,
  createFakeServices,
  ok,
  type FakeServicesOptions,
} from '../../../../testing/client/fakeServices';
import { CUSTOMERS_PAGE } from '../../../../testing/sampleAnswers';
import { RUN_MS } from '../../../../testing/client/sagaRun';
import { UNREADABLE_ANSWER } from '../consoleAnswers';
import { consoleReducers } from '../consoleStore';
import { customersSaga } from './customersSaga';
import { customersRequested, FIRST_CUSTOMERS_SEARCH } from './customersSlice';

// The customers' list's flow (docs/reseller-console.md, Customers) by what the staff member sees.

const reducer = combineReducers(consoleReducers);

function run(options: FakeServicesOptions) {
  const fake = createFakeServices(options);
  const saga = expectSaga(customersSaga)
    .withReducer(reducer, reducer(undefined, { type: 'start' }))
    .provide(fake.provider);
  return { fake, saga };
}

it('asks the server for the search, sort and page, and shows its answer', async () => {
  const { fake, saga } = run({ http: { [`GET ${API_PATHS.customerList}`]: ok(CUSTOMERS_PAGE) } });
  const { storeState } = await saga
    .dispatch(
      customersRequested({ query: ' acme ', sort: 'seatsTotal', order: 'desc', pageToken: 'p2' }),
    )
    .silentRun(RUN_MS);
  expect(fake.calls.http).toEqual([
    expect.objectContaining({
      path: API_PATHS.customerList,
      query: { query: 'acme', sort: 'seatsTotal', order: 'desc', pageToken: 'p2' },
    }),
  ]);
  expect(storeState.customers).toMatchObject({ status: 'ready', page: CUSTOMERS_PAGE });
});

it("shows the server's words when it refuses, and refuses an answer the contract does not allow", async () => {
  const refused = run({
    http: {
      [`GET ${API_PATHS.customerList}`]: apiError(
        400,
        'INVALID_ARGUMENT',
        'The page token is bad.',
      ),
    },
  });
  const { storeState } = await refused.saga
    .dispatch(customersRequested(FIRST_CUSTOMERS_SEARCH))
    .silentRun(RUN_MS);
  expect(storeState.customers).toMatchObject({ status: 'failed', error: 'The page token is bad.' });

  const garbled = run({
    http: { [`GET ${API_PATHS.customerList}`]: ok({ ...CUSTOMERS_PAGE, total: 'many' }) },
  });
  const after = await garbled.saga
    .dispatch(customersRequested(FIRST_CUSTOMERS_SEARCH))
    .silentRun(RUN_MS);
  expect(after.storeState.customers).toMatchObject({ status: 'failed', error: UNREADABLE_ANSWER });
});
