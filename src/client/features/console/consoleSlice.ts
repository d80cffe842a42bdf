import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StaffIdentity } from '../../../contract/api';

// The reseller console's own state (docs/behaviour.md 10): who of the staff is signed in, or why not.
// It lives in the console's own store, apart from the customers' (features/console/consoleStore.ts).

export type ConsoleStatus =
  'checking' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut' | 'refused';

export interface ConsoleState {
  status: ConsoleStatus;
  staff: StaffIdentity | null;
  /** The server's words: why this person may not use the console (the 403 screen), or why sign-in failed. */
  message: string | null;
}

const initialState: ConsoleState = { status: 'checking', staff: null, message: null };

const consoleSlice = createSlice({
  name: 'console',
  initialState,
  reducers: {
    consoleOpened(state) {
      state.status = 'checking';
    },
    staffSignInRequested(state, _action: PayloadAction<string>) {
      state.status = 'signingIn';
      state.message = null;
    },
    staffSignedIn(state, action: PayloadAction<StaffIdentity>) {
      state.status = 'signedIn';
      state.staff = action.payload;
      state.message = null;
    },
    staffRefused(state, action: PayloadAction<string>) {
      state.status = 'refused';
      state.staff = null;
      state.message = action.payload;
    },
    staffSignInFailed(state, action: PayloadAction<string | null>) {
      state.status = 'signedOut';
      state.staff = null;
      state.message = action.payload;
    },
    staffSignOutRequested(state) {
      state.status = 'signingOut';
    },
    staffSignedOut() {
      return { ...initialState, status: 'signedOut' as const };
    },
  },
});

export const {
  consoleOpened,
  staffSignInRequested,
  staffSignedIn,
  staffRefused,
  staffSignInFailed,
  staffSignOutRequested,
  staffSignedOut,
} = consoleSlice.actions;
export const consoleReducer = consoleSlice.reducer;
