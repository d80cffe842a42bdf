import { licenceEntries } from '../../../testing/sampleAnswers';
import {
  csvFailed,
  csvReady,
  csvRequested,
  csvSaved,
  historyClosed,
  historyOpened,
  historyReducer,
  initialHistoryState,
  kindChosen,
  nextPageRequested,
  pageLoaded,
  pageLoadFailed,
  pageRetried,
  previousPageRequested,
  type HistoryState,
} from './historySlice';

const opened = () => historyReducer(initialHistoryState, historyOpened());
const ready = (state: HistoryState, nextCursor: string | null) =>
  historyReducer(state, pageLoaded({ entries: licenceEntries(2), nextCursor }));

describe('history reducer', () => {
  it('starts closed and opens on the first page, loading, with every kind', () => {
    expect(initialHistoryState).toMatchObject({ open: false, status: 'idle', kind: null });
    expect(opened()).toMatchObject({
      open: true,
      status: 'loading',
      kind: null,
      pageIndex: 0,
      cursors: [null],
    });
  });

  it('walks forward by the server cursor and back by the cursors it kept', () => {
    const first = ready(opened(), 'c1');
    const second = historyReducer(first, nextPageRequested());
    expect(second).toMatchObject({ pageIndex: 1, cursors: [null, 'c1'], status: 'loading' });
    const third = historyReducer(ready(second, 'c2'), nextPageRequested());
    expect(third).toMatchObject({ pageIndex: 2, cursors: [null, 'c1', 'c2'] });
    const back = historyReducer(ready(third, null), previousPageRequested());
    expect(back).toMatchObject({ pageIndex: 1, status: 'loading', cursors: [null, 'c1', 'c2'] });
    // Forward again from page 1 uses the cursor the server gives now.
    const again = historyReducer(ready(back, 'c2-new'), nextPageRequested());
    expect(again.cursors).toEqual([null, 'c1', 'c2-new']);
  });

  it('does not go past the last page, before the first, or anywhere while loading', () => {
    const last = ready(opened(), null);
    expect(historyReducer(last, nextPageRequested())).toBe(last);
    expect(historyReducer(last, previousPageRequested())).toBe(last);
    const loading = opened();
    expect(historyReducer(loading, nextPageRequested())).toBe(loading);
  });

  it('starts again on the first page when the kind changes', () => {
    const second = historyReducer(ready(opened(), 'c1'), nextPageRequested());
    expect(historyReducer(second, kindChosen({ kind: 'licences' }))).toMatchObject({
      kind: 'licences',
      pageIndex: 0,
      cursors: [null],
      status: 'loading',
    });
  });

  it('keeps the reason of a failed load and tries the same page again', () => {
    const failed = historyReducer(opened(), pageLoadFailed({ message: 'No.' }));
    expect(failed).toMatchObject({ status: 'failed', error: 'No.', entries: [] });
    expect(historyReducer(failed, pageRetried())).toMatchObject({
      status: 'loading',
      error: null,
    });
    const loaded = ready(opened(), null);
    expect(historyReducer(loaded, pageRetried())).toBe(loaded);
  });

  it('walks a CSV download: preparing, ready, saved; or failed', () => {
    const preparing = historyReducer(ready(opened(), null), csvRequested());
    expect(preparing.preparingCsv).toBe(true);
    const csv = { fileName: 'f.csv', text: 'x' };
    const gathered = historyReducer(preparing, csvReady(csv));
    expect(gathered).toMatchObject({ preparingCsv: false, csv });
    expect(historyReducer(gathered, csvSaved()).csv).toBeNull();
    expect(historyReducer(preparing, csvFailed()).preparingCsv).toBe(false);
  });

  it('forgets everything when closed', () => {
    expect(historyReducer(ready(opened(), 'c1'), historyClosed())).toEqual(initialHistoryState);
  });
});
