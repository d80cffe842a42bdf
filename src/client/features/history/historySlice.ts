import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HistoryEntry, HistoryKind } from '../../../contract/history';

// The 'Change History' dialog (admin menu): one page of GET /api/history at a time, newest first,
// paged by the server's cursor, filtered by kind; and its CSV download (docs/api.md).
export type HistoryLoad = 'idle' | 'loading' | 'ready' | 'failed';

export interface HistoryCsv {
  fileName: string;
  text: string;
}

export interface HistoryState {
  open: boolean;
  /** The kind filter; null shows every kind. */
  kind: HistoryKind | null;
  /** Which page is shown, 0 = the newest. */
  pageIndex: number;
  /** The cursor each page reached so far was asked with: null for the first. */
  cursors: (string | null)[];
  entries: HistoryEntry[];
  /** The server's cursor of the next (older) page; null on the last. */
  nextCursor: string | null;
  status: HistoryLoad;
  /** Why the page could not be loaded. */
  error: string | null;
  /** The CSV of the filtered list is being gathered (every page of the filter). */
  preparingCsv: boolean;
  /** A CSV gathered and waiting for the dialog to save it. */
  csv: HistoryCsv | null;
  /**
   * The page was opened from a mail's history link: the dialog opens once an administrator's
   * dashboard shows. Absent, not false, otherwise: the recorded scenarios' states have no such field.
   */
  linked?: true;
}

export const initialHistoryState: HistoryState = {
  open: false,
  kind: null,
  pageIndex: 0,
  cursors: [null],
  entries: [],
  nextCursor: null,
  status: 'idle',
  error: null,
  preparingCsv: false,
  csv: null,
};

const historySlice = createSlice({
  name: 'history',
  initialState: initialHistoryState,
  reducers: {
    historyOpened() {
      return { ...initialHistoryState, open: true, status: 'loading' };
    },
    historyClosed() {
      return initialHistoryState;
    },
    /** The page opened at the mails' history link (HISTORY_LINK, docs/notifications.md). */
    historyLinkFollowed(state) {
      state.linked = true;
    },
    kindChosen(state, action: PayloadAction<{ kind: HistoryKind | null }>) {
      state.kind = action.payload.kind;
      state.pageIndex = 0;
      state.cursors = [null];
      state.status = 'loading';
      state.error = null;
    },
    nextPageRequested(state) {
      // Only a page the server named exists; nothing to do on the last page or while loading.
      if (state.status !== 'ready' || state.nextCursor === null) return;
      state.pageIndex += 1;
      state.cursors = [...state.cursors.slice(0, state.pageIndex), state.nextCursor];
      state.status = 'loading';
    },
    previousPageRequested(state) {
      if (state.status === 'loading' || state.pageIndex === 0) return;
      state.pageIndex -= 1;
      state.status = 'loading';
      state.error = null;
    },
    /** 'Try again' after a failed load: the same page once more. */
    pageRetried(state) {
      if (state.status !== 'failed') return;
      state.status = 'loading';
      state.error = null;
    },
    pageLoaded(
      state,
      action: PayloadAction<{ entries: HistoryEntry[]; nextCursor: string | null }>,
    ) {
      state.entries = action.payload.entries;
      state.nextCursor = action.payload.nextCursor;
      state.status = 'ready';
      state.error = null;
    },
    pageLoadFailed(state, action: PayloadAction<{ message: string }>) {
      state.entries = [];
      state.nextCursor = null;
      state.status = 'failed';
      state.error = action.payload.message;
    },
    csvRequested(state) {
      state.preparingCsv = true;
    },
    csvReady(state, action: PayloadAction<HistoryCsv>) {
      state.preparingCsv = false;
      state.csv = action.payload;
    },
    /** The error dialog says why (errors slice). */
    csvFailed(state) {
      state.preparingCsv = false;
    },
    /** The dialog handed the CSV to the browser. */
    csvSaved(state) {
      state.csv = null;
    },
  },
});

export const {
  historyOpened,
  historyClosed,
  historyLinkFollowed,
  kindChosen,
  nextPageRequested,
  previousPageRequested,
  pageRetried,
  pageLoaded,
  pageLoadFailed,
  csvRequested,
  csvReady,
  csvFailed,
  csvSaved,
} = historySlice.actions;
export const historyReducer = historySlice.reducer;
