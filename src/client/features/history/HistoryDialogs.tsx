import { lazy, Suspense, useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectHistory } from './historySelectors';
import {
  csvRequested,
  csvSaved,
  historyClosed,
  kindChosen,
  nextPageRequested,
  pageRetried,
  previousPageRequested,
} from './historySlice';

// In its own chunk, fetched ahead by webpack's prefetch hint once the dashboard is in (docs/performance.md).
const HistoryDialog = lazy(() =>
  import(
    /* webpackChunkName: "dialog-history", webpackPrefetch: true */ './components/HistoryDialog'
  ).then((m) => ({ default: m.HistoryDialog })),
);

/** The change history's dialog (docs/behaviour.md 4.28), shown by the state. */
export function HistoryDialogs() {
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectHistory);
  const onCsvSaved = useCallback(() => dispatch(csvSaved()), [dispatch]);
  if (!history.open) return null;
  return (
    <Suspense fallback={null}>
      <HistoryDialog
        history={history}
        onKindChange={(kind) => dispatch(kindChosen({ kind }))}
        onPrevious={() => dispatch(previousPageRequested())}
        onNext={() => dispatch(nextPageRequested())}
        onRetry={() => dispatch(pageRetried())}
        onDownload={() => dispatch(csvRequested())}
        onCsvSaved={onCsvSaved}
        onClose={() => dispatch(historyClosed())}
      />
    </Suspense>
  );
}
