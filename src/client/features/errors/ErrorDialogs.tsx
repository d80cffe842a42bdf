import { lazy, Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectErrorDialogMessage } from './errorsSelectors';
import { errorDialogClosed } from './errorsSlice';

// In its own chunk, fetched ahead by webpack's prefetch hint once the portal runs (docs/performance.md).
const ErrorDialog = lazy(() =>
  import(
    /* webpackChunkName: "dialog-error", webpackPrefetch: true */ './components/ErrorDialog'
  ).then((m) => ({ default: m.ErrorDialog })),
);

/** The error dialog of docs/behaviour.md 8, on every page and over every other dialog. */
export function ErrorDialogs() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectErrorDialogMessage);
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog open message={message} onClose={() => dispatch(errorDialogClosed())} />
    </Suspense>
  );
}
