import { API_PATHS } from '../../../contract/api';
import { errorDialogShown } from '../../events/portalEvents';
import type { RootState } from '../../app/rootReducer';
import { makeStore } from '../../app/store';
import {
  apiError,
  createFakeServices,
  FAKE_NOW,
  networkFailure,
  ok,
  type FakeHttpAnswer,
  type FakeHttpRequest,
  type FakeServicesOptions,
} from '../../../testing/client/fakeServices';
import { RUN_MS, runSaga } from '../../../testing/client/sagaRun';
import { signedInState } from '../../../testing/client/state';
import { delegateEntry, licenceEntries, licenceEntry } from '../../../testing/sampleAnswers';
import { historyCsv } from './historyCsv';
import { GENERIC_HISTORY_ERROR } from './historyError';
import {
  CSV_TOO_LONG,
  HISTORY_CSV_MAX_PAGES,
  HISTORY_CSV_PAGE_SIZE,
  HISTORY_PAGE_SIZE,
  historySaga,
} from './historySaga';
import { UNEXPECTED_HISTORY_ANSWER } from './historyError';
import {
  csvReady,
  csvRequested,
  historyClosed,
  historyOpened,
  kindChosen,
  nextPageRequested,
  pageLoaded,
  pageLoadFailed,
  previousPageRequested,
} from './historySlice';

// Runs that wait between dispatches: a busy machine can hold a 5 ms wait past a 50 ms budget.
const STEPPED_RUN_MS = 500;
const HISTORY = `GET ${API_PATHS.history}`;
const signedIn = () => signedInState();

const run = (options: FakeServicesOptions, state: RootState = signedIn()) =>
  runSaga(historySaga, options, state);

/** A server with `entries`, paged by cursor = the index of the page's first entry. */
function pagedServer(entries: ReturnType<typeof licenceEntries>) {
  return (request: FakeHttpRequest): FakeHttpAnswer => {
    const query = request.query ?? {};
    const limit = Number(query.limit);
    const start = Number(query.cursor ?? '0');
    const chosen = entries.filter((entry) => !query.kind || entry.kind === query.kind);
    const end = start + limit;
    return ok({
      entries: chosen.slice(start, end),
      nextCursor: end < chosen.length ? String(end) : null,
    });
  };
}

describe('the change history (GET /api/history)', () => {
  it("opens on the newest page of the person's own customer, every kind", async () => {
    const page = { entries: [licenceEntry(), delegateEntry()], nextCursor: 'c1' };
    const { fake, saga } = run({ http: { [HISTORY]: ok(page) } });
    const { storeState } = await saga
      .dispatch(historyOpened())
      .put(pageLoaded(page))
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([
      {
        method: 'GET',
        path: API_PATHS.history,
        query: { customer: 'C0acme001', limit: String(HISTORY_PAGE_SIZE) },
        headers: undefined,
      },
    ]);
    expect(storeState.history).toMatchObject({ status: 'ready', entries: page.entries });
  });

  it('pages forward with the server cursor and back with the cursor it kept', async () => {
    const { fake, saga } = run({ http: { [HISTORY]: pagedServer(licenceEntries(45)) } });
    const { storeState } = await saga
      .dispatch(historyOpened())
      .delay(5)
      .dispatch(nextPageRequested())
      .delay(5)
      .dispatch(nextPageRequested())
      .delay(5)
      .dispatch(previousPageRequested())
      .silentRun(STEPPED_RUN_MS);
    expect(fake.calls.http.map((call) => call.query?.cursor ?? 'first')).toEqual([
      'first',
      '20',
      '40',
      '20',
    ]);
    expect(storeState.history.pageIndex).toBe(1);
    expect((storeState as RootState).history.entries.map((entry) => entry.id)[0]).toBe('h-21');
  });

  it('asks for one kind when the filter says so, from the first page', async () => {
    const entries = [...licenceEntries(3), delegateEntry({ id: 'd1' })];
    const { fake, saga } = run({ http: { [HISTORY]: pagedServer(entries) } });
    const { storeState } = await saga
      .dispatch(historyOpened())
      .delay(5)
      .dispatch(kindChosen({ kind: 'licence-delegate' }))
      .silentRun(STEPPED_RUN_MS);
    expect(fake.calls.http[1]?.query).toEqual({
      customer: 'C0acme001',
      kind: 'licence-delegate',
      limit: String(HISTORY_PAGE_SIZE),
    });
    expect((storeState as RootState).history.entries.map((entry) => entry.id)).toEqual(['d1']);
  });

  it('shows only the latest choice when an earlier load answers late (takeLatest)', async () => {
    let releaseFirst: (answer: FakeHttpAnswer) => void = () => undefined;
    const { saga } = run({
      http: {
        [HISTORY]: (request) =>
          request.query?.kind === 'support-delegate'
            ? ok({ entries: [delegateEntry({ kind: 'support-delegate' })], nextCursor: null })
            : new Promise<FakeHttpAnswer>((resolve) => {
                releaseFirst = resolve;
              }),
      },
    });
    const running = saga
      .dispatch(historyOpened())
      .delay(5)
      .dispatch(kindChosen({ kind: 'support-delegate' }))
      .silentRun(STEPPED_RUN_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first load answers after the newer one: it must not replace what is shown.
    releaseFirst(ok({ entries: licenceEntries(2), nextCursor: null }));
    const { storeState } = await running;
    expect(storeState.history.kind).toBe('support-delegate');
    expect((storeState as RootState).history.entries.map((entry) => entry.kind)).toEqual([
      'support-delegate',
    ]);
  });

  it.each([
    [
      'the server message',
      apiError(403, 'PERMISSION_DENIED', 'Only an administrator can see the history.'),
      'Only an administrator can see the history.',
    ],
    ['a generic message for a network failure', networkFailure, GENERIC_HISTORY_ERROR],
    [
      'a readable message for an answer that is not a page',
      ok({ entries: 'none' }),
      UNEXPECTED_HISTORY_ANSWER,
    ],
  ])('keeps %s when the page cannot be loaded', async (_name, answer, message) => {
    const { saga } = run({ http: { [HISTORY]: answer } });
    const { storeState } = await saga
      .dispatch(historyOpened())
      .put(pageLoadFailed({ message }))
      .silentRun(RUN_MS);
    expect(storeState.history).toMatchObject({ status: 'failed', error: message });
  });

  it('drops a load still in flight when the dialog closes', async () => {
    let release: (answer: FakeHttpAnswer) => void = () => undefined;
    const { saga } = run({
      http: {
        [HISTORY]: () =>
          new Promise<FakeHttpAnswer>((resolve) => {
            release = resolve;
          }),
      },
    });
    const running = saga
      .dispatch(historyOpened())
      .delay(5)
      .dispatch(historyClosed())
      .not.put.actionType(pageLoaded.type)
      .silentRun(STEPPED_RUN_MS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release(ok({ entries: [], nextCursor: null }));
    const { storeState } = await running;
    expect(storeState.history.open).toBe(false);
  });
});

describe('the CSV download of the filtered list', () => {
  it('gathers every page of the current filter in large pages and hands over the CSV', async () => {
    const entries = [...licenceEntries(230), delegateEntry({ id: 'd1' })];
    const { fake, saga } = run({ http: { [HISTORY]: pagedServer(entries) }, now: FAKE_NOW });
    const { storeState } = await saga
      .dispatch(historyOpened())
      .delay(5)
      .dispatch(kindChosen({ kind: 'licences' }))
      .delay(5)
      .dispatch(csvRequested())
      .silentRun(STEPPED_RUN_MS);
    const csvCalls = fake.calls.http.slice(2);
    expect(csvCalls.map((call) => call.query)).toEqual([
      { customer: 'C0acme001', kind: 'licences', limit: String(HISTORY_CSV_PAGE_SIZE) },
      { customer: 'C0acme001', kind: 'licences', limit: '100', cursor: '100' },
      { customer: 'C0acme001', kind: 'licences', limit: '100', cursor: '200' },
    ]);
    expect(storeState.history.csv).toEqual({
      fileName: 'change-history-acme.example-licences-2025-01-15.csv',
      text: historyCsv(licenceEntries(230)),
    });
    expect(storeState.history.preparingCsv).toBe(false);
  });

  it('shows the error dialog when a page fails, and keeps the dialog as it was', async () => {
    let calls = 0;
    const { saga } = run({
      http: {
        [HISTORY]: () => {
          calls += 1;
          return calls === 1
            ? ok({ entries: licenceEntries(1), nextCursor: null })
            : apiError(503, 'UNAVAILABLE', 'The portal store is busy.');
        },
      },
    });
    const { storeState } = await saga
      .dispatch(historyOpened())
      .delay(5)
      .dispatch(csvRequested())
      .put(errorDialogShown({ message: 'The portal store is busy.' }))
      .not.put.actionType(csvReady.type)
      .silentRun(STEPPED_RUN_MS);
    expect(storeState.history).toMatchObject({ preparingCsv: false, csv: null, status: 'ready' });
  });

  it(`stops after ${HISTORY_CSV_MAX_PAGES} pages of a server that never ends`, async () => {
    let calls = 0;
    const fake = createFakeServices({
      http: {
        [HISTORY]: () => {
          calls += 1;
          return ok({ entries: [], nextCursor: `c${calls}` });
        },
      },
    });
    const store = makeStore({ context: fake.services, preloadedState: signedIn() });
    store.dispatch(historyOpened());
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.dispatch(csvRequested());
    for (let wait = 0; wait < 200 && store.getState().history.preparingCsv; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The dialog's own page, then the bounded CSV pages.
    expect(calls).toBe(1 + HISTORY_CSV_MAX_PAGES);
    expect(store.getState().errors.dialogMessage).toBe(CSV_TOO_LONG);
    expect(store.getState().history.csv).toBeNull();
  });
});
