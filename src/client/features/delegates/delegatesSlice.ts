import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DelegateKind } from '../../../contract/api';
import { isValidDelegateEmail } from '../../../contract/email';

// 'License Management Access' and 'Support Access' dialogs (docs/behaviour.md 2.6, docs/behaviour.md 4.17–4.20).
export type DelegateListStatus = 'idle' | 'loading' | 'ready';

export interface DelegateListState {
  open: boolean;
  status: DelegateListStatus;
  members: string[];
  /** The 'Enter Email Address' field, cleared by the sagas after an add and on add errors. */
  input: string;
}

export interface DelegatesState {
  licence: DelegateListState;
  support: DelegateListState;
  /** The full-screen loader during add and delete. */
  changing: boolean;
}

const closedList: DelegateListState = { open: false, status: 'idle', members: [], input: '' };

export const initialDelegatesState: DelegatesState = {
  licence: closedList,
  support: closedList,
  changing: false,
};

type Kind = { kind: DelegateKind };

const sortMembers = (members: string[]) => [...members].sort((a, b) => a.localeCompare(b));

const delegatesSlice = createSlice({
  name: 'delegates',
  initialState: initialDelegatesState,
  reducers: {
    /** Opening a dialog loads its list. */
    dialogOpened(state, action: PayloadAction<Kind>) {
      state[action.payload.kind] = { ...closedList, open: true, status: 'loading' };
    },
    dialogClosed(state, action: PayloadAction<Kind>) {
      state[action.payload.kind] = closedList;
    },
    membersLoaded(state, action: PayloadAction<Kind & { members: string[] }>) {
      const list = state[action.payload.kind];
      list.status = 'ready';
      list.members = sortMembers(action.payload.members);
    },
    membersLoadFailed(state, action: PayloadAction<Kind>) {
      state[action.payload.kind].status = 'ready';
    },
    inputChanged(state, action: PayloadAction<Kind & { value: string }>) {
      state[action.payload.kind].input = action.payload.value;
    },
    memberAddRequested(state, action: PayloadAction<Kind & { email: string }>) {
      // An add with an invalid address does nothing (docs/behaviour.md 5), so no loader either.
      if (isValidDelegateEmail(action.payload.email)) state.changing = true;
    },
    /** Local update (docs/behaviour.md 4): appended, sorted, input cleared. */
    memberAdded(state, action: PayloadAction<Kind & { email: string }>) {
      const list = state[action.payload.kind];
      list.members = sortMembers([...list.members, action.payload.email]);
      list.input = '';
      state.changing = false;
    },
    memberDeleteRequested(state, _action: PayloadAction<Kind & { email: string }>) {
      state.changing = true;
    },
    /** Local update (docs/behaviour.md 4): removed. */
    memberDeleted(state, action: PayloadAction<Kind & { email: string }>) {
      const list = state[action.payload.kind];
      list.members = list.members.filter((member) => member !== action.payload.email);
      state.changing = false;
    },
    /** Add or delete failed: the field is cleared; the error dialog shows why (errors slice). */
    memberChangeFailed(state, action: PayloadAction<Kind>) {
      state[action.payload.kind].input = '';
      state.changing = false;
    },
  },
});

export const {
  dialogOpened,
  dialogClosed,
  membersLoaded,
  membersLoadFailed,
  inputChanged,
  memberAddRequested,
  memberAdded,
  memberDeleteRequested,
  memberDeleted,
  memberChangeFailed,
} = delegatesSlice.actions;
export const delegatesReducer = delegatesSlice.reducer;
