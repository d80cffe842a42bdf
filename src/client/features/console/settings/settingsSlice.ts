import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CustomerSettings,
  CustomerSettingsView,
  ResellerDefaults,
  ResellerDefaultsView,
} from '../../../../contract/customerSettings';

// The console's settings editors (docs/behaviour.md 10): one customer's settings in a dialog, and the
// reseller's defaults; each load and save, with the server's words when it refuses.

export type EditorStatus = 'idle' | 'loading' | 'ready' | 'saving' | 'failed';

export interface SettingsState {
  /** The customer whose dialog is open (as typed or chosen); null: closed. */
  customer: string | null;
  customerStatus: EditorStatus;
  customerView: CustomerSettingsView | null;
  customerError: string | null;
  defaultsStatus: EditorStatus;
  defaultsView: ResellerDefaultsView | null;
  defaultsError: string | null;
  /** Set by a save that went through, cleared by the next edit. */
  defaultsSaved: boolean;
}

const initialState: SettingsState = {
  customer: null,
  customerStatus: 'idle',
  customerView: null,
  customerError: null,
  defaultsStatus: 'idle',
  defaultsView: null,
  defaultsError: null,
  defaultsSaved: false,
};

const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    customerSettingsOpened(state, action: PayloadAction<string>) {
      state.customer = action.payload;
      state.customerStatus = 'loading';
      state.customerView = null;
      state.customerError = null;
    },
    customerSettingsLoaded(state, action: PayloadAction<CustomerSettingsView>) {
      state.customerStatus = 'ready';
      state.customerView = action.payload;
      state.customerError = null;
    },
    customerSettingsFailed(state, action: PayloadAction<string>) {
      state.customerStatus = 'failed';
      state.customerError = action.payload;
    },
    customerSettingsSaveRequested(state, _action: PayloadAction<CustomerSettings>) {
      state.customerStatus = 'saving';
      state.customerError = null;
    },
    customerSettingsClosed(state) {
      state.customer = null;
      state.customerStatus = 'idle';
      state.customerView = null;
      state.customerError = null;
    },
    defaultsRequested(state) {
      state.defaultsStatus = 'loading';
      state.defaultsError = null;
    },
    defaultsLoaded(state, action: PayloadAction<{ view: ResellerDefaultsView; saved: boolean }>) {
      state.defaultsStatus = 'ready';
      state.defaultsView = action.payload.view;
      state.defaultsSaved = action.payload.saved;
    },
    defaultsFailed(state, action: PayloadAction<string>) {
      state.defaultsStatus = 'failed';
      state.defaultsError = action.payload;
    },
    defaultsSaveRequested(state, _action: PayloadAction<ResellerDefaults>) {
      state.defaultsStatus = 'saving';
      state.defaultsError = null;
      state.defaultsSaved = false;
    },
  },
});

export const {
  customerSettingsOpened,
  customerSettingsLoaded,
  customerSettingsFailed,
  customerSettingsSaveRequested,
  customerSettingsClosed,
  defaultsRequested,
  defaultsLoaded,
  defaultsFailed,
  defaultsSaveRequested,
} = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
