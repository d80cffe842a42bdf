import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { LICENSES_DESTINATION } from '../../../contract/limits';

// Home screen and sign-in (docs/behaviour.md 2.1, docs/behaviour.md 4.1–4.10).
export type EmailCheck = 'idle' | 'validating' | 'confirmed';

export interface SessionState {
  /** From the home route's `customer` query; licenses unless another value is given (docs/behaviour.md 2, docs/behaviour.md 9). */
  destination: string;
  /** The e-mail the person entered and that was confirmed as a Google account. */
  email: string;
  emailCheck: EmailCheck;
  signingIn: boolean;
  /** 'Sign out' was pressed and the sign-out saga is at work. */
  signingOut: boolean;
}

export const initialSessionState: SessionState = {
  destination: LICENSES_DESTINATION,
  email: '',
  emailCheck: 'idle',
  signingIn: false,
  signingOut: false,
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The app started on some route with some `customer` query. */
    appStarted(state, action: PayloadAction<{ destination: string }>) {
      state.destination = action.payload.destination || LICENSES_DESTINATION;
    },
    emailSubmitted(state, action: PayloadAction<{ email: string }>) {
      state.email = action.payload.email;
      state.emailCheck = 'validating';
    },
    emailConfirmed(state, action: PayloadAction<{ email: string }>) {
      state.email = action.payload.email;
      state.emailCheck = 'confirmed';
    },
    /** The check ended without confirming (invalid, validator failed, or the person is sent away). */
    emailCheckStopped(state) {
      state.emailCheck = 'idle';
    },
    /** The person edited a confirmed address: it is no longer confirmed, so sign-in hides. */
    confirmedEmailEdited(state) {
      state.emailCheck = 'idle';
    },
    signInRequested(state) {
      state.signingIn = true;
    },
    signInEnded(state) {
      state.signingIn = false;
    },
    /** 'Sign out' on a signed-in screen. */
    signOutRequested(state) {
      state.signingOut = true;
    },
    /** The session is over: the root reducer starts every slice afresh (app/rootReducer.ts). */
    signedOut() {},
  },
});

export const {
  appStarted,
  emailSubmitted,
  emailConfirmed,
  emailCheckStopped,
  confirmedEmailEdited,
  signInRequested,
  signInEnded,
  signOutRequested,
  signedOut,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
