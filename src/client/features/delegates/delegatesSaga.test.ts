import { API_PATHS } from '../../../contract/api';
import { ERROR_TEXT } from '../../../contract/errors';
import { errorDialogShown } from '../../events/portalEvents';
import type { RootState } from '../../app/rootReducer';
import {
  apiError,
  networkFailure,
  ok,
  type FakeHttpAnswer,
  type FakeServicesOptions,
} from '../../../testing/client/fakeServices';
import { RUN_MS, runSaga } from '../../../testing/client/sagaRun';
import { signedInState } from '../../../testing/client/state';
import { GENERIC_DELEGATE_ERROR, UNEXPECTED_MEMBERS_ANSWER } from './delegateError';
import { delegatesSaga } from './delegatesSaga';
import {
  dialogClosed,
  dialogOpened,
  inputChanged,
  memberAdded,
  memberAddRequested,
  memberChangeFailed,
  memberDeleted,
  memberDeleteRequested,
  membersLoaded,
  membersLoadFailed,
} from './delegatesSlice';

const LICENCE_LIST = `GET ${API_PATHS.licenceDelegate}`;
const LICENCE_CHANGE = `POST ${API_PATHS.licenceDelegate}`;
const SUPPORT_LIST = `GET ${API_PATHS.supportDelegate}`;
const SUPPORT_CHANGE = `POST ${API_PATHS.supportDelegate}`;

/** An admin of acme.example with the licence dialog open on the given members. */
function adminState(members: string[] = [], input = ''): RootState {
  const state = signedInState();
  return {
    ...state,
    delegates: {
      ...state.delegates,
      licence: { open: true, status: 'ready', members, input },
    },
  };
}

const run = (options: FakeServicesOptions, state: RootState = adminState()) =>
  runSaga(delegatesSaga, options, state);

describe('loading a delegate list (docs/behaviour.md 4.17–4.20, docs/api.md)', () => {
  it.each([
    ['licence', API_PATHS.licenceDelegate, LICENCE_LIST],
    ['support', API_PATHS.supportDelegate, SUPPORT_LIST],
  ] as const)('loads the %s list for the customer on open', async (kind, path, route) => {
    const { fake, saga } = run({
      http: { [route]: ok({ members: ['b@acme.example', 'a@acme.example'] }) },
    });
    const { storeState } = await saga
      .dispatch(dialogOpened({ kind }))
      .put(membersLoaded({ kind, members: ['b@acme.example', 'a@acme.example'] }))
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([
      { method: 'GET', path, query: { customer: 'C0acme001' }, headers: undefined },
    ]);
    expect(storeState.delegates[kind]).toMatchObject({
      open: true,
      status: 'ready',
      members: ['a@acme.example', 'b@acme.example'],
    });
  });

  it('shows the error dialog with error.error.message when the load fails', async () => {
    const { saga } = run({
      http: { [LICENCE_LIST]: apiError(403, 'PERMISSION_DENIED', 'Only admins may do this.') },
    });
    const { storeState } = await saga
      .dispatch(dialogOpened({ kind: 'licence' }))
      .put(membersLoadFailed({ kind: 'licence' }))
      .put(errorDialogShown({ message: 'Only admins may do this.' }))
      .silentRun(RUN_MS);
    expect(storeState.delegates.licence.status).toBe('ready');
    expect(storeState.errors.dialogMessage).toBe('Only admins may do this.');
  });

  it('shows a readable message when the list answer is not a list', async () => {
    const { saga } = run({ http: { [SUPPORT_LIST]: ok({ members: 'everyone' }) } });
    await saga
      .dispatch(dialogOpened({ kind: 'support' }))
      .put(membersLoadFailed({ kind: 'support' }))
      .put(errorDialogShown({ message: UNEXPECTED_MEMBERS_ANSWER }))
      .silentRun(RUN_MS);
  });

  it('drops a load still in flight when the dialog closes', async () => {
    const { saga } = run({
      http: { [LICENCE_LIST]: () => new Promise<FakeHttpAnswer>(() => undefined) },
    });
    const { storeState } = await saga
      .dispatch(dialogOpened({ kind: 'licence' }))
      .dispatch(dialogClosed({ kind: 'licence' }))
      .not.put.actionType(membersLoaded.type)
      .not.put.actionType(errorDialogShown.type)
      .silentRun(RUN_MS);
    expect(storeState.delegates.licence.open).toBe(false);
  });
});

describe('adding and deleting delegates (docs/behaviour.md 4, docs/behaviour.md 5, docs/behaviour.md 8)', () => {
  it('adds: posts the e-mail, appends, sorts and clears the input', async () => {
    const { fake, saga } = run(
      { http: { [LICENCE_CHANGE]: ok({ members: [] }) } },
      adminState(['b@acme.example', 'd@acme.example'], 'c@acme.example'),
    );
    const { storeState } = await saga
      .dispatch(memberAddRequested({ kind: 'licence', email: 'c@acme.example' }))
      .put(memberAdded({ kind: 'licence', email: 'c@acme.example' }))
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([
      {
        method: 'POST',
        path: API_PATHS.licenceDelegate,
        body: { email: 'c@acme.example', customerId: 'C0acme001', action: 'add' },
      },
    ]);
    expect(storeState.delegates.licence.members).toEqual([
      'b@acme.example',
      'c@acme.example',
      'd@acme.example',
    ]);
    expect(storeState.delegates.licence.input).toBe('');
    expect(storeState.delegates.changing).toBe(false);
  });

  it('deletes: posts action delete and removes the member locally', async () => {
    const state = adminState(['a@acme.example', 'b@acme.example']);
    state.delegates = {
      ...state.delegates,
      support: { open: true, status: 'ready', members: ['s@acme.example'], input: '' },
    };
    const { fake, saga } = run({ http: { [SUPPORT_CHANGE]: ok({ members: [] }) } }, state);
    const { storeState } = await saga
      .dispatch(memberDeleteRequested({ kind: 'support', email: 's@acme.example' }))
      .put(memberDeleted({ kind: 'support', email: 's@acme.example' }))
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([
      {
        method: 'POST',
        path: API_PATHS.supportDelegate,
        body: { email: 's@acme.example', customerId: 'C0acme001', action: 'delete' },
      },
    ]);
    expect(storeState.delegates.support.members).toEqual([]);
    expect(storeState.delegates.licence.members).toEqual(['a@acme.example', 'b@acme.example']);
    expect(storeState.delegates.changing).toBe(false);
  });

  it.each(['', 'no-at-sign', 'a@b', 'two words@acme.example', 'a@acme .example'])(
    'does nothing at all for the invalid address %p',
    async (email) => {
      const state = adminState(['a@acme.example'], email);
      const { fake, saga } = run({}, state);
      const { storeState } = await saga
        .dispatch(memberAddRequested({ kind: 'licence', email }))
        .not.put.actionType(memberAdded.type)
        .not.put.actionType(memberChangeFailed.type)
        .not.put.actionType(errorDialogShown.type)
        .silentRun(RUN_MS);
      expect(fake.calls.http).toEqual([]);
      expect(storeState).toEqual(state);
    },
  );

  it("shows 'Member already exists.' and clears the input", async () => {
    const { saga } = run(
      {
        http: {
          [LICENCE_CHANGE]: apiError(409, 'ALREADY_EXISTS', ERROR_TEXT.memberAlreadyExists),
        },
      },
      adminState(['a@acme.example'], 'a@acme.example'),
    );
    const { storeState } = await saga
      .dispatch(memberAddRequested({ kind: 'licence', email: 'a@acme.example' }))
      .put(errorDialogShown({ message: 'Member already exists.' }))
      .put(memberChangeFailed({ kind: 'licence' }))
      .silentRun(RUN_MS);
    expect(storeState.delegates.licence).toMatchObject({ members: ['a@acme.example'], input: '' });
    expect(storeState.delegates.changing).toBe(false);
    expect(storeState.errors.dialogMessage).toBe('Member already exists.');
  });

  it.each([
    [
      'error.error.message first',
      {
        status: 404,
        body: { error: { message: 'Resource Not Found: memberKey' }, error_description: 'ignored' },
      },
      'Resource Not Found: memberKey',
    ],
    [
      'then error_description',
      { status: 401, body: { error: 'invalid_token', error_description: 'The token expired.' } },
      'The token expired.',
    ],
    ['then a generic text for a network failure', networkFailure, GENERIC_DELEGATE_ERROR],
    [
      'then a generic text for an HTML page',
      { status: 502, body: '<html/>' },
      GENERIC_DELEGATE_ERROR,
    ],
  ])('reads the message from %s and clears the input', async (_name, answer, message) => {
    const { saga } = run(
      { http: { [LICENCE_CHANGE]: answer } },
      adminState(['x@acme.example'], 'x@acme.example'),
    );
    const { storeState } = await saga
      .dispatch(memberDeleteRequested({ kind: 'licence', email: 'x@acme.example' }))
      .put(errorDialogShown({ message }))
      .not.put.actionType(memberDeleted.type)
      .silentRun(RUN_MS);
    expect(storeState.delegates.licence).toMatchObject({ members: ['x@acme.example'], input: '' });
    expect(storeState.delegates.changing).toBe(false);
  });

  it('runs changes one after another in the order asked', async () => {
    const { fake, saga } = run(
      { http: { [LICENCE_CHANGE]: ok({ members: [] }) } },
      adminState(['a@acme.example']),
    );
    const { storeState } = await saga
      .dispatch(inputChanged({ kind: 'licence', value: 'b@acme.example' }))
      .dispatch(memberAddRequested({ kind: 'licence', email: 'b@acme.example' }))
      .dispatch(memberDeleteRequested({ kind: 'licence', email: 'a@acme.example' }))
      .silentRun(RUN_MS);
    expect(fake.calls.http.map((call) => call.body)).toEqual([
      { email: 'b@acme.example', customerId: 'C0acme001', action: 'add' },
      { email: 'a@acme.example', customerId: 'C0acme001', action: 'delete' },
    ]);
    expect(storeState.delegates.licence.members).toEqual(['b@acme.example']);
  });
});
