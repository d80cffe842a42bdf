import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { API_PATHS, customerSettingsPath } from '../../../../contract/api';
import type { CustomerSettingsView } from '../../../../contract/customerSettings';
import {
  apiError,
  createFakeServices,
  ok,
  type FakeServicesOptions,
} from '../../../../testing/client/fakeServices';
import { RUN_MS } from '../../../../testing/client/sagaRun';
import { auditSaga } from '../audit/auditSaga';
import { consoleReducers } from '../consoleStore';
import { settingsSaga } from './settingsSaga';
import {
  customerSettingsLoaded,
  customerSettingsOpened,
  customerSettingsSaveRequested,
  defaultsSaveRequested,
} from './settingsSlice';

// The settings editors' flows (docs/behaviour.md 10) by what the staff member sees come of them.

const ACME: CustomerSettingsView = {
  customerId: 'C0acme001',
  customerDomain: 'acme.example',
  settings: { portalEnabled: true, seatCap: null, approvalAbove: null },
  effective: { portalEnabled: true, seatCap: 50, approvalAbove: null },
  updatedAt: null,
  updatedBy: null,
};
const EMPTY_AUDIT = { actions: [], nextCursor: null };
const reducer = combineReducers(consoleReducers);

function* sagas() {
  yield* settingsSaga();
  yield* auditSaga();
}

function run(options: FakeServicesOptions, state = reducer(undefined, { type: 'start' })) {
  const fake = createFakeServices(options);
  const saga = expectSaga(sagas).withReducer(reducer, state).provide(fake.provider);
  return { fake, saga };
}

/** The dialog of a customer typed as `typed`, its settings shown. */
function dialogOpen(typed: string) {
  return [customerSettingsOpened(typed), customerSettingsLoaded(ACME)].reduce(
    reducer,
    reducer(undefined, { type: 'start' }),
  );
}

it("opens a customer's settings typed by its domain", async () => {
  const { saga } = run({
    http: { [`GET ${customerSettingsPath('acme.example')}`]: ok(ACME) },
  });
  const { storeState } = await saga
    .dispatch(customerSettingsOpened('acme.example'))
    .silentRun(RUN_MS);
  expect(storeState.settings).toMatchObject({ customerStatus: 'ready', customerView: ACME });
});

it('saves the settings under the id the server named, closes the dialog and shows the new audit', async () => {
  const { fake, saga } = run(
    {
      http: {
        [`PUT ${customerSettingsPath('C0acme001')}`]: ok(ACME),
        [`GET ${API_PATHS.staffAudit}`]: ok(EMPTY_AUDIT),
      },
    },
    dialogOpen('acme.example'),
  );
  const changed = { portalEnabled: false, seatCap: 30, approvalAbove: null };
  const { storeState } = await saga
    .dispatch(customerSettingsSaveRequested(changed))
    .silentRun(RUN_MS);
  expect(fake.calls.http.map((call) => `${call.method} ${call.path}`)).toEqual([
    `PUT ${customerSettingsPath('C0acme001')}`,
    `GET ${API_PATHS.staffAudit}`,
  ]);
  expect(fake.calls.http[0]?.body).toEqual(changed);
  expect(storeState.settings).toMatchObject({ customer: null, customerStatus: 'idle' });
  expect(storeState.audit.status).toBe('ready');
});

it("keeps the dialog open with the server's words when it refuses the change", async () => {
  const refusal = 'Reseller support staff can only look; changes are for reseller admins.';
  const { saga } = run(
    {
      http: {
        [`PUT ${customerSettingsPath('C0acme001')}`]: apiError(403, 'PERMISSION_DENIED', refusal),
      },
    },
    dialogOpen('C0acme001'),
  );
  const { storeState } = await saga
    .dispatch(customerSettingsSaveRequested(ACME.settings))
    .silentRun(RUN_MS);
  expect(storeState.settings).toMatchObject({
    customer: 'C0acme001',
    customerStatus: 'failed',
    customerView: ACME,
    customerError: refusal,
  });
});

it('says so when the customer is unknown', async () => {
  const unknown = 'C0nobody9 is not a customer of this reseller.';
  const { saga } = run({
    http: { [`GET ${customerSettingsPath('C0nobody9')}`]: apiError(404, 'NOT_FOUND', unknown) },
  });
  const { storeState } = await saga.dispatch(customerSettingsOpened('C0nobody9')).silentRun(RUN_MS);
  expect(storeState.settings).toMatchObject({ customerView: null, customerError: unknown });
});

it('saves the defaults and shows them saved', async () => {
  const view = { defaults: { seatCap: 80, approvalAbove: 10 }, updatedAt: null, updatedBy: null };
  const { fake, saga } = run({
    http: {
      [`PUT ${API_PATHS.resellerDefaults}`]: ok(view),
      [`GET ${API_PATHS.staffAudit}`]: ok(EMPTY_AUDIT),
    },
  });
  const { storeState } = await saga
    .dispatch(defaultsSaveRequested(view.defaults))
    .silentRun(RUN_MS);
  expect(fake.calls.http[0]).toMatchObject({ method: 'PUT', body: view.defaults });
  expect(storeState.settings).toMatchObject({ defaultsView: view, defaultsSaved: true });
});
