import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The stored error for /forbidden (spec §3 Stored error, §3 isForbidden) and the one error dialog (§2).
export interface StoredError {
  message: string;
  details: string;
}

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
    forbiddenErrorStored(state, action: PayloadAction<StoredError>) {
      state.isForbidden = true;
      state.stored = action.payload;
    },
    errorDialogShown(state, action: PayloadAction<{ message: string }>) {
      state.dialogMessage = action.payload.message;
    },
    errorDialogClosed(state) {
      state.dialogMessage = null;
    },
  },
});

export const { forbiddenErrorStored, errorDialogShown, errorDialogClosed } = errorsSlice.actions;
export const errorsReducer = errorsSlice.reducer;
