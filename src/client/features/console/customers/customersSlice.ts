import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CustomerListPage,
  CustomerSortField,
  SortOrder,
} from '../../../../contract/customerList';

// The customers' list (docs/reseller-console.md, Customers): the search, the sort and the page the
// server answered, with its tokens for the pages beside it.

/** What the table asks the server for; pageToken null: the first page of the search. */
export interface CustomersSearch {
  query: string;
  sort: CustomerSortField;
  order: SortOrder;
  pageToken: string | null;
}

export interface CustomersState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  search: CustomersSearch;
  page: CustomerListPage | null;
  error: string | null;
}

export const FIRST_CUSTOMERS_SEARCH: CustomersSearch = {
  query: '',
  sort: 'domain',
  order: 'asc',
  pageToken: null,
};

const initialState: CustomersState = {
  status: 'idle',
  search: FIRST_CUSTOMERS_SEARCH,
  page: null,
  error: null,
};

const customersSlice = createSlice({
  name: 'customers',
  initialState,
  reducers: {
    customersRequested(state, action: PayloadAction<CustomersSearch>) {
      state.status = 'loading';
      state.search = action.payload;
      state.error = null;
    },
    customersLoaded(state, action: PayloadAction<CustomerListPage>) {
      state.status = 'ready';
      state.page = action.payload;
    },
    customersFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
});

export const { customersRequested, customersLoaded, customersFailed } = customersSlice.actions;
export const customersReducer = customersSlice.reducer;
