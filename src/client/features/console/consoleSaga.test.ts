import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { API_PATHS, TOKEN_HEADER } from '../../../contract/api';
import {
  apiError,
  createFakeServices,
  FAKE_ACCESS_TOKEN,
  ok,
  type FakeServicesOptions,
} from '../../../testing/client/fakeServices';
import { RUN_MS } from '../../../testing/client/sagaRun';
import { consoleSaga } from './consoleSaga';
import {
  consoleOpened,
  consoleReducer,
  staffSignedIn,
  staffSignInRequested,
  staffSignOutRequested,
} from './consoleSlice';

// The console's flows (docs/behaviour.md 10) by what the staff member sees come of them.

const NOT_STAFF =
  'Your account is neither a reseller admin nor reseller support staff, so the reseller console is not open to it.';
const OPS = { email: 'ops@sandbox.example', role: 'admin' };

const reducer = combineReducers({ console: consoleReducer });

function run(options: FakeServicesOptions, state = reducer(undefined, { type: 'start' })) {
  const fake = createFakeServices(options);
  const saga = expectSaga(consoleSaga).withReducer(reducer, state).provide(fake.provider);
  return { fake, saga };
}

it('shows a live staff session on opening, without the popup (10.2)', async () => {
  const { fake, saga } = run({ http: { [`GET ${API_PATHS.staffSession}`]: ok(OPS) } });
  const { storeState } = await saga.dispatch(consoleOpened()).silentRun(RUN_MS);
  expect(storeState.console).toMatchObject({ status: 'signedIn', staff: OPS });
  expect(fake.calls.identity).toEqual([]);
});

it('shows the sign-in form when there is no staff session (10.2)', async () => {
  const { saga } = run({
    http: { [`GET ${API_PATHS.staffSession}`]: apiError(401, 'UNAUTHENTICATED', 'no session') },
  });
  const { storeState } = await saga.dispatch(consoleOpened()).silentRun(RUN_MS);
  expect(storeState.console).toMatchObject({ status: 'signedOut', staff: null, message: null });
});

it('signs in with the popup, the address as hint and the token in its header (10.3)', async () => {
  const { fake, saga } = run({ http: { [`GET ${API_PATHS.staffSignIn}`]: ok(OPS) } });
  const { storeState } = await saga
    .dispatch(staffSignInRequested('ops@sandbox.example'))
    .silentRun(RUN_MS);
  expect(fake.calls.identity[0]?.hint).toBe('ops@sandbox.example');
  expect(fake.calls.http).toEqual([
    {
      method: 'GET',
      path: API_PATHS.staffSignIn,
      query: { email: 'ops@sandbox.example' },
      headers: { [TOKEN_HEADER]: FAKE_ACCESS_TOKEN },
    },
  ]);
  expect(storeState.console).toMatchObject({ status: 'signedIn', staff: OPS });
});

it('shows the 403 screen with the server’s reason for someone in neither group (10.5)', async () => {
  const { saga } = run({
    http: { [`GET ${API_PATHS.staffSignIn}`]: apiError(403, 'PERMISSION_DENIED', NOT_STAFF) },
  });
  const { storeState } = await saga
    .dispatch(staffSignInRequested('nobody@sandbox.example'))
    .silentRun(RUN_MS);
  expect(storeState.console).toMatchObject({ status: 'refused', staff: null, message: NOT_STAFF });
});

it('leaves the form as it was when the popup is closed (10.3)', async () => {
  const { fake, saga } = run({ identity: { error: 'popup_closed' } });
  const { storeState } = await saga
    .dispatch(staffSignInRequested('ops@sandbox.example'))
    .silentRun(RUN_MS);
  expect(fake.calls.http).toEqual([]);
  expect(storeState.console).toMatchObject({ status: 'signedOut', message: null });
});

it('signs out through the one sign-out route and shows the form (10.4)', async () => {
  const signedIn = reducer(
    undefined,
    staffSignedIn({ email: 'ops@sandbox.example', role: 'admin' }),
  );
  const { fake, saga } = run(
    { http: { [`POST ${API_PATHS.signOut}`]: { status: 204, body: null } } },
    signedIn,
  );
  const { storeState } = await saga.dispatch(staffSignOutRequested()).silentRun(RUN_MS);
  expect(fake.calls.http.map((call) => `${call.method} ${call.path}`)).toEqual([
    `POST ${API_PATHS.signOut}`,
  ]);
  expect(storeState.console).toMatchObject({ status: 'signedOut', staff: null });
});
