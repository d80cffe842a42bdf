import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { API_PATHS } from '../../../../contract/api';
import type { LedgerPage, LedgerRow, LedgerState } from '../../../../contract/ledger';
import type { Query } from '../../../services/types';

// The ledger's view (docs/reseller-console.md, The ledger): one page of every customer's changes,
// newest first, under the filters last applied, and the cursor of the older page.

export interface LedgerFilters {
  customerId: string | null;
  /** Days, YYYY-MM-DD (UTC), both taken in whole (docs/api.md, GET /api/reseller/ledger). */
  from: string | null;
  to: string | null;
  state: LedgerState | null;
}

export const NO_LEDGER_FILTERS: LedgerFilters = {
  customerId: null,
  from: null,
  to: null,
  state: null,
};

export interface LedgerViewState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  filters: LedgerFilters;
  rows: LedgerRow[];
  /** The cursor this page was read from (null: the newest), and the next older page's. */
  cursor: string | null;
  nextCursor: string | null;
  error: string | null;
}

const initialState: LedgerViewState = {
  status: 'idle',
  filters: NO_LEDGER_FILTERS,
  rows: [],
  cursor: null,
  nextCursor: null,
  error: null,
};

/** The filters as the route's query: only those set. */
export function ledgerQuery(filters: LedgerFilters): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value !== '') query[name] = value;
  }
  return query;
}

/** The CSV of every row under the filters: the same route, `format=csv`. */
export function ledgerCsvUrl(filters: LedgerFilters): string {
  return `${API_PATHS.ledger}?${new URLSearchParams({ ...ledgerQuery(filters), format: 'csv' })}`;
}

const ledgerSlice = createSlice({
  name: 'ledger',
  initialState,
  reducers: {
    ledgerRequested(
      state,
      action: PayloadAction<{ filters: LedgerFilters; cursor: string | null }>,
    ) {
      state.status = 'loading';
      state.filters = action.payload.filters;
      state.cursor = action.payload.cursor;
      state.error = null;
    },
    ledgerLoaded(state, action: PayloadAction<LedgerPage>) {
      state.status = 'ready';
      state.rows = action.payload.rows;
      state.nextCursor = action.payload.nextCursor;
    },
    ledgerFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { ledgerRequested, ledgerLoaded, ledgerFailed } = ledgerSlice.actions;
export const ledgerReducer = ledgerSlice.reducer;
