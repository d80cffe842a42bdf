import { lazy, Suspense } from 'react';
import { DELEGATE_KINDS } from '../../../contract/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { selectDelegates } from './delegatesSelectors';
import {
  dialogClosed,
  inputChanged,
  memberAddRequested,
  memberDeleteRequested,
} from './delegatesSlice';

// In its own chunk, fetched ahead by webpack's prefetch hint once the dashboard is in (docs/performance.md).
const DelegateDialog = lazy(() =>
  import(
    /* webpackChunkName: "dialog-delegate", webpackPrefetch: true */ './components/DelegateDialog'
  ).then((m) => ({ default: m.DelegateDialog })),
);

/** The delegate lists' dialogs (docs/behaviour.md 4.17–4.20), shown by the state. */
export function DelegateDialogs() {
  const dispatch = useAppDispatch();
  const delegates = useAppSelector(selectDelegates);
  return (
    <>
      {DELEGATE_KINDS.filter((kind) => delegates[kind].open).map((kind) => (
        // Each list waits for the chunk on its own, so loading one never hides another.
        <Suspense key={kind} fallback={null}>
          <DelegateDialog
            kind={kind}
            list={delegates[kind]}
            onInputChange={(value) => dispatch(inputChanged({ kind, value }))}
            onAdd={(email) => dispatch(memberAddRequested({ kind, email }))}
            onDelete={(email) => dispatch(memberDeleteRequested({ kind, email }))}
            onClose={() => dispatch(dialogClosed({ kind }))}
          />
        </Suspense>
      ))}
      {delegates.changing && <FullScreenLoader label="Saving the change" />}
    </>
  );
}
