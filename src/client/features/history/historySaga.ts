import type { SagaIterator } from 'redux-saga';
import {
  call,
  getContext,
  put,
  race,
  select,
  take,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import { API_PATHS } from '../../../contract/api';
import type { HistoryEntry, HistoryKind, HistoryPage } from '../../../contract/history';
import { errorDialogShown } from '../../events/portalEvents';
import type { SagaContext } from '../../app/sagaContext';
import { readAnswer } from '../../answerChecks/readAnswer';
import type { Query } from '../../services/types';
import { historyCsv, historyCsvFileName } from './historyCsv';
import { historyErrorMessage, UNEXPECTED_HISTORY_ANSWER } from './historyError';
import { selectCustomerDomain, selectCustomerId, selectHistory } from './historySelectors';
import {
  csvFailed,
  csvReady,
  csvRequested,
  historyClosed,
  historyOpened,
  kindChosen,
  nextPageRequested,
  pageLoaded,
  pageLoadFailed,
  pageRetried,
  previousPageRequested,
  type HistoryState,
} from './historySlice';

// GET /api/history (docs/api.md): one page at a time for the dialog, every page for the CSV.
export const HISTORY_PAGE_SIZE = 20;
/** The largest page the server gives (docs/api.md), so the CSV takes as few requests as it can. */
export const HISTORY_CSV_PAGE_SIZE = 100;
/** A bound on the CSV's requests (100,000 entries), so a server that never ends cannot loop us. */
export const HISTORY_CSV_MAX_PAGES = 1_000;
export const CSV_TOO_LONG =
  'The change history is too long to download at once. Choose a kind of change and try again.';

class UnreadableAnswer extends Error {}

function historyQuery(
  customer: string,
  kind: HistoryKind | null,
  cursor: string | null,
  limit: number,
): Query {
  const query: Query = { customer, limit: String(limit) };
  if (kind !== null) query.kind = kind;
  if (cursor !== null) query.cursor = cursor;
  return query;
}

function* fetchPage(query: Query): SagaIterator<HistoryPage> {
  const http: SagaContext['http'] = yield getContext('http');
  const answer: unknown = yield call([http, http.get], API_PATHS.history, query);
  const page: HistoryPage | null = yield call(readAnswer, 'history', answer);
  if (page === null) throw new UnreadableAnswer(UNEXPECTED_HISTORY_ANSWER);
  return page;
}

const failureMessage = (failure: unknown) =>
  failure instanceof UnreadableAnswer ? failure.message : historyErrorMessage(failure);

/** The page the state asks for: the filter's kind and the cursor of the page shown. */
export function* loadPage(): SagaIterator {
  const history: HistoryState = yield select(selectHistory);
  // An action the reducer turned down (no next page, already loading) asks for nothing.
  if (!history.open || history.status !== 'loading') return;
  const customerId: string | undefined = yield select(selectCustomerId);
  const cursor = history.cursors[history.pageIndex] ?? null;
  try {
    if (!customerId) throw new Error(UNEXPECTED_HISTORY_ANSWER);
    const page: HistoryPage = yield call(
      fetchPage,
      historyQuery(customerId, history.kind, cursor, HISTORY_PAGE_SIZE),
    );
    yield put(pageLoaded(page));
  } catch (failure) {
    yield put(pageLoadFailed({ message: failureMessage(failure) }));
  }
}

/** Closing the dialog drops a load still in flight. */
function* loadPageUntilClosed(): SagaIterator {
  yield race({ loaded: call(loadPage), closed: take(historyClosed.type) });
}

/** Every page of the current filter, oldest last, as a CSV file for the dialog to save. */
export function* gatherCsv(): SagaIterator {
  const history: HistoryState = yield select(selectHistory);
  const customerId: string | undefined = yield select(selectCustomerId);
  const domain: string | undefined = yield select(selectCustomerDomain);
  const clock: SagaContext['clock'] = yield getContext('clock');
  const entries: HistoryEntry[] = [];
  let cursor: string | null = null;
  try {
    if (!customerId) throw new Error(UNEXPECTED_HISTORY_ANSWER);
    for (let pages = 0; ; pages += 1) {
      if (pages === HISTORY_CSV_MAX_PAGES) throw new UnreadableAnswer(CSV_TOO_LONG);
      const page: HistoryPage = yield call(
        fetchPage,
        historyQuery(customerId, history.kind, cursor, HISTORY_CSV_PAGE_SIZE),
      );
      entries.push(...page.entries);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
  } catch (failure) {
    yield put(csvFailed());
    yield put(errorDialogShown({ message: failureMessage(failure) }));
    return;
  }
  const now: number = yield call([clock, clock.now]);
  yield put(
    csvReady({
      fileName: historyCsvFileName(domain ?? 'portal', history.kind, now),
      text: historyCsv(entries),
    }),
  );
}

/** Closing the dialog drops a download still being gathered. */
function* gatherCsvUntilClosed(): SagaIterator {
  yield race({ gathered: call(gatherCsv), closed: take(historyClosed.type) });
}

export function* historySaga(): SagaIterator {
  // A newer choice (another page, another kind, reopened) replaces a load still in flight.
  yield takeLatest(
    [
      historyOpened.type,
      kindChosen.type,
      nextPageRequested.type,
      previousPageRequested.type,
      pageRetried.type,
    ],
    loadPageUntilClosed,
  );
  // One download at a time.
  yield takeLeading(csvRequested.type, gatherCsvUntilClosed);
}
