import type { Action } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import {
  actionChannel,
  call,
  getContext,
  put,
  race,
  select,
  take,
  takeLatest,
} from 'redux-saga/effects';
import {
  DELEGATE_KINDS,
  DELEGATE_PATHS,
  type DelegateChangeRequest,
  type DelegateKind,
  type DelegateListResponse,
} from '../../../contract/api';
import { isValidDelegateEmail } from '../../../contract/email';
import { errorDialogShown } from '../../events/portalEvents';
import type { SagaContext } from '../../app/sagaContext';
import { readAnswer } from '../../answerChecks/readAnswer';
import {
  delegateErrorMessage,
  GENERIC_DELEGATE_ERROR,
  UNEXPECTED_MEMBERS_ANSWER,
} from './delegateError';
import { selectCustomerId } from './delegatesSelectors';
import {
  dialogClosed,
  dialogOpened,
  memberAdded,
  memberAddRequested,
  memberChangeFailed,
  memberDeleted,
  memberDeleteRequested,
  membersLoaded,
  membersLoadFailed,
} from './delegatesSlice';

// The delegate dialogs (docs/behaviour.md 4.17–4.20, errors 8.8 and 8.9); the endpoints are in
// docs/api.md, GET and POST /api/licence-delegate and /api/support-delegate.

const openedFor =
  (kind: DelegateKind) =>
  (action: Action): boolean =>
    dialogOpened.match(action) && action.payload.kind === kind;

const closedFor =
  (kind: DelegateKind) =>
  (action: Action): boolean =>
    dialogClosed.match(action) && action.payload.kind === kind;

function* fetchMembers(kind: DelegateKind): SagaIterator {
  const customerId: string | undefined = yield select(selectCustomerId);
  if (!customerId) {
    yield put(membersLoadFailed({ kind }));
    yield put(errorDialogShown({ message: GENERIC_DELEGATE_ERROR }));
    return;
  }
  const http: SagaContext['http'] = yield getContext('http');
  let answer: unknown;
  try {
    answer = yield call([http, http.get], DELEGATE_PATHS[kind], { customer: customerId });
  } catch (failure) {
    yield put(membersLoadFailed({ kind }));
    yield put(errorDialogShown({ message: delegateErrorMessage(failure) }));
    return;
  }
  const list: DelegateListResponse | null = yield call(readAnswer, 'delegateList', answer);
  if (list === null) {
    yield put(membersLoadFailed({ kind }));
    yield put(errorDialogShown({ message: UNEXPECTED_MEMBERS_ANSWER }));
    return;
  }
  yield put(membersLoaded({ kind, members: list.members }));
}

/** Opening a dialog loads its list; closing it drops a load still in flight. */
export function* loadMembers(action: ReturnType<typeof dialogOpened>): SagaIterator {
  const { kind } = action.payload;
  yield race({ loaded: call(fetchMembers, kind), closed: take(closedFor(kind)) });
}

type ChangeAction =
  ReturnType<typeof memberAddRequested> | ReturnType<typeof memberDeleteRequested>;

/** One add or delete; the list is updated locally on success (docs/behaviour.md 4). */
export function* changeMember(action: ChangeAction): SagaIterator {
  const { kind, email } = action.payload;
  const adding = memberAddRequested.match(action);
  // An add with an invalid address does nothing (docs/behaviour.md 5).
  if (adding && !isValidDelegateEmail(email)) return;
  const customerId: string | undefined = yield select(selectCustomerId);
  const http: SagaContext['http'] = yield getContext('http');
  const request: DelegateChangeRequest = {
    email,
    customerId: customerId ?? '',
    action: adding ? 'add' : 'delete',
  };
  try {
    if (!customerId) throw new Error(GENERIC_DELEGATE_ERROR);
    yield call([http, http.post], DELEGATE_PATHS[kind], request);
  } catch (failure) {
    yield put(errorDialogShown({ message: delegateErrorMessage(failure) }));
    // Any failure clears the input, 'Member already exists.' too (docs/behaviour.md 8.8).
    yield put(memberChangeFailed({ kind }));
    return;
  }
  yield put(adding ? memberAdded({ kind, email }) : memberDeleted({ kind, email }));
}

/** Adds and deletes run one after another, in the order they were asked for. */
export function* watchMemberChanges(): SagaIterator {
  const changes = yield actionChannel([memberAddRequested.type, memberDeleteRequested.type]);
  while (true) {
    const action: ChangeAction = yield take(changes);
    yield call(changeMember, action);
  }
}

export function* delegatesSaga(): SagaIterator {
  for (const kind of DELEGATE_KINDS) {
    // Reopening replaces a load still in flight.
    yield takeLatest(openedFor(kind), loadMembers);
  }
  yield call(watchMemberChanges);
}
