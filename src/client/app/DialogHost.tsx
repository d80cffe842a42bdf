import { Suspense, useCallback, type ReactNode } from 'react';
import { DELEGATE_KINDS } from '../../contract/api';
import { FullScreenLoader } from '../components/FullScreenLoader';
import {
  dialogClosed,
  inputChanged,
  memberAddRequested,
  memberDeleteRequested,
} from '../features/delegates/delegatesSlice';
import { selectDelegates } from '../features/delegates/delegatesSelectors';
import { selectErrorDialogMessage } from '../features/errors/errorsSelectors';
import { errorDialogClosed } from '../features/errors/errorsSlice';
import { selectHistory } from '../features/history/historySelectors';
import {
  selectCurrentTotal,
  selectPrice,
  selectPurchase,
} from '../features/subscription/subscriptionSelectors';
import {
  csvRequested,
  csvSaved,
  historyClosed,
  kindChosen,
  nextPageRequested,
  pageRetried,
  previousPageRequested,
} from '../features/history/historySlice';
import {
  addLicencesCancelled,
  addLicencesConfirmed,
  successDialogClosed,
} from '../features/subscription/subscriptionSlice';
import { useAppDispatch, useAppSelector } from './hooks';
import {
  ConfirmAddDialog,
  DelegateDialog,
  ErrorDialog,
  HistoryDialog,
  SuccessDialog,
} from './dialogParts';

// Every dialog is its own chunk (./dialogParts), fetched when the dashboard is idle and shown by the state.
/** Each dialog waits for its own chunk, so loading one never hides another. */
function Chunk({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

function PurchaseDialogs() {
  const dispatch = useAppDispatch();
  const purchase = useAppSelector(selectPurchase);
  const currentTotal = useAppSelector(selectCurrentTotal);
  const price = useAppSelector(selectPrice);
  return (
    <>
      {purchase.status === 'confirming' && (
        <Chunk>
          <ConfirmAddDialog
            open
            seatsToAdd={purchase.seatsToAdd}
            currentTotal={currentTotal}
            price={price}
            onCancel={() => dispatch(addLicencesCancelled())}
            onConfirm={() => dispatch(addLicencesConfirmed())}
          />
        </Chunk>
      )}
      {purchase.status === 'succeeded' && (
        <Chunk>
          <SuccessDialog
            open
            bought={{ seats: purchase.seatsToAdd, price: price.preview }}
            onClose={() => dispatch(successDialogClosed())}
          />
        </Chunk>
      )}
    </>
  );
}

function DelegateDialogs() {
  const dispatch = useAppDispatch();
  const delegates = useAppSelector(selectDelegates);
  return (
    <>
      {DELEGATE_KINDS.filter((kind) => delegates[kind].open).map((kind) => (
        <Chunk key={kind}>
          <DelegateDialog
            kind={kind}
            list={delegates[kind]}
            onInputChange={(value) => dispatch(inputChanged({ kind, value }))}
            onAdd={(email) => dispatch(memberAddRequested({ kind, email }))}
            onDelete={(email) => dispatch(memberDeleteRequested({ kind, email }))}
            onClose={() => dispatch(dialogClosed({ kind }))}
          />
        </Chunk>
      ))}
      {delegates.changing && <FullScreenLoader label="Saving the change" />}
    </>
  );
}

function HistoryDialogHost() {
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectHistory);
  const onCsvSaved = useCallback(() => dispatch(csvSaved()), [dispatch]);
  if (!history.open) return null;
  return (
    <Chunk>
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
    </Chunk>
  );
}

function ErrorDialogHost() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectErrorDialogMessage);
  if (message === null) return null;
  return (
    <Chunk>
      <ErrorDialog open message={message} onClose={() => dispatch(errorDialogClosed())} />
    </Chunk>
  );
}

/** The dialogs of docs/behaviour.md 2, controlled by the state; the error dialog comes last, on top. */
export function DialogHost() {
  return (
    <>
      <PurchaseDialogs />
      <DelegateDialogs />
      <HistoryDialogHost />
      <ErrorDialogHost />
    </>
  );
}
