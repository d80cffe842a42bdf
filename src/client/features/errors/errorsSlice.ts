import { createSlice } from '@reduxjs/toolkit';
import {
  errorDialogShown,
  forbiddenErrorStored,
  type StoredError,
} from '../../events/portalEvents';

// The stored error for /forbidden (docs/behaviour.md 3.1) and the one error dialog (docs/behaviour.md 2).
export interface ErrorsState {
  isForbidden: boolean;
  stored: StoredError | null;
  /** Message of the 'Oops! An Error Occurred.' dialog, or null when closed. */
  dialogMessage: string | null;
}

export const initialErrorsState: ErrorsState = {
  isForbidden: false,
  stored: null,
  dialogMessage: null,
};

const errorsSlice = createSlice({
  name: 'errors',
  initialState: initialErrorsState,
  reducers: {
    errorDialogClosed(state) {
      state.dialogMessage = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(forbiddenErrorStored, (state, action) => {
        state.isForbidden = true;
        state.stored = action.payload;
      })
      .addCase(errorDialogShown, (state, action) => {
        state.dialogMessage = action.payload.message;
      });
  },
});

export const { errorDialogClosed } = errorsSlice.actions;
export const errorsReducer = errorsSlice.reducer;
