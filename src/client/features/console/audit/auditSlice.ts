import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StaffAction } from '../../../../contract/staffActions';

// The audit trail's view (docs/behaviour.md 10): one page of staff actions, newest first, of every
// customer or of one, and the cursor of the older page.

export interface AuditState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Only this customer's actions; null: everyone's. */
  customerId: string | null;
  actions: StaffAction[];
  /** The cursor this page was read from (null: the newest), and the next older page's. */
  cursor: string | null;
  nextCursor: string | null;
  error: string | null;
}

const initialState: AuditState = {
  status: 'idle',
  customerId: null,
  actions: [],
  cursor: null,
  nextCursor: null,
  error: null,
};

const auditSlice = createSlice({
  name: 'audit',
  initialState,
  reducers: {
    auditRequested(
      state,
      action: PayloadAction<{ customerId: string | null; cursor: string | null }>,
    ) {
      state.status = 'loading';
      state.customerId = action.payload.customerId;
      state.cursor = action.payload.cursor;
      state.error = null;
    },
    auditLoaded(
      state,
      action: PayloadAction<{ actions: StaffAction[]; nextCursor: string | null }>,
    ) {
      state.status = 'ready';
      state.actions = action.payload.actions;
      state.nextCursor = action.payload.nextCursor;
    },
    auditFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { auditRequested, auditLoaded, auditFailed } = auditSlice.actions;
export const auditReducer = auditSlice.reducer;
