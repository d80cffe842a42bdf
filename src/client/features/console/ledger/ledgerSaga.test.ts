import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { API_PATHS } from '../../../../contract/api';
import type { LedgerPage } from '../../../../contract/ledger';
import {
  apiError,
  createFakeServices,
  ok,
  type FakeServicesOptions,
} from '../../../../testing/client/fakeServices';
import { RUN_MS } from '../../../../testing/client/sagaRun';
import { sampleCharge } from '../../../../testing/sampleAnswers';
import { UNREADABLE_ANSWER } from '../consoleAnswers';
import { consoleReducers } from '../consoleStore';
import { ledgerSaga } from './ledgerSaga';
import { ledgerCsvUrl, ledgerRequested, NO_LEDGER_FILTERS } from './ledgerSlice';

// The ledger's pages (docs/reseller-console.md, The ledger) by what the staff member sees of them.

const reducer = combineReducers(consoleReducers);
const PAGE: LedgerPage = {
  rows: [
    {
      id: '7',
      at: '2030-01-10T12:00:00.000Z',
      customerId: 'C0acme001',
      customerDomain: 'acme.example',
      kind: 'licences',
      state: 'done',
      actor: 'admin@acme.example',
      requestId: 'req-1',
      skuName: 'Google Workspace Business Standard',
      before: 20,
      after: 22,
      charge: sampleCharge(),
      action: null,
      member: null,
    },
  ],
  nextCursor: 'aDEuNw',
};

function run(http: FakeServicesOptions['http']) {
  const fake = createFakeServices({ http });
  const saga = expectSaga(ledgerSaga)
    .withReducer(reducer, reducer(undefined, { type: 'start' }))
    .provide(fake.provider);
  return { fake, saga };
}

const FILTERS = { customerId: 'C0acme001', from: '2030-01-01', to: null, state: 'failed' as const };

it('reads the page of the filters set, and shows its rows and the older page', async () => {
  const { fake, saga } = run({ [`GET ${API_PATHS.ledger}`]: ok(PAGE) });
  const { storeState } = await saga
    .dispatch(ledgerRequested({ filters: FILTERS, cursor: 'aDEuOQ' }))
    .silentRun(RUN_MS);
  expect(fake.calls.http[0]?.query).toEqual({
    customerId: 'C0acme001',
    from: '2030-01-01',
    state: 'failed',
    cursor: 'aDEuOQ',
  });
  expect(storeState.ledger).toMatchObject({
    status: 'ready',
    rows: PAGE.rows,
    nextCursor: 'aDEuNw',
    filters: FILTERS,
  });
});

it("shows the server's words when it refuses the filters", async () => {
  const words = "Field 'from' must be before 'to'.";
  const { saga } = run({ [`GET ${API_PATHS.ledger}`]: apiError(400, 'INVALID_ARGUMENT', words) });
  const { storeState } = await saga
    .dispatch(ledgerRequested({ filters: NO_LEDGER_FILTERS, cursor: null }))
    .silentRun(RUN_MS);
  expect(storeState.ledger).toMatchObject({ status: 'failed', error: words });
});

it('refuses an answer the contract does not describe', async () => {
  const { saga } = run({
    [`GET ${API_PATHS.ledger}`]: ok({ rows: [{ id: 7 }], nextCursor: null }),
  });
  const { storeState } = await saga
    .dispatch(ledgerRequested({ filters: NO_LEDGER_FILTERS, cursor: null }))
    .silentRun(RUN_MS);
  expect(storeState.ledger).toMatchObject({ status: 'failed', error: UNREADABLE_ANSWER, rows: [] });
});

it("downloads the CSV of the filters set, every page of it, from the server's route", () => {
  expect(ledgerCsvUrl(FILTERS)).toBe(
    '/api/reseller/ledger?customerId=C0acme001&from=2030-01-01&state=failed&format=csv',
  );
  expect(ledgerCsvUrl(NO_LEDGER_FILTERS)).toBe('/api/reseller/ledger?format=csv');
});
