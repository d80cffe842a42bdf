import { lazy, Suspense } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentTotal, selectPrice, selectPurchase } from './subscriptionSelectors';
import {
  addLicencesCancelled,
  addLicencesConfirmed,
  successDialogClosed,
} from './subscriptionSlice';

// Each dialog in its own chunk, fetched ahead by webpack's prefetch hint once the dashboard is in
// (docs/performance.md).
const ConfirmAddDialog = lazy(() =>
  import(
    /* webpackChunkName: "dialog-confirm", webpackPrefetch: true */ './components/ConfirmAddDialog'
  ).then((m) => ({ default: m.ConfirmAddDialog })),
);
const SuccessDialog = lazy(() =>
  import(
    /* webpackChunkName: "dialog-success", webpackPrefetch: true */ './components/SuccessDialog'
  ).then((m) => ({ default: m.SuccessDialog })),
);

/** The purchase's confirmation and success dialogs (docs/behaviour.md 4.15, 4.16), shown by the state. */
export function PurchaseDialogs() {
  const dispatch = useAppDispatch();
  const purchase = useAppSelector(selectPurchase);
  const currentTotal = useAppSelector(selectCurrentTotal);
  const price = useAppSelector(selectPrice);
  return (
    <Suspense fallback={null}>
      {purchase.status === 'confirming' && (
        <ConfirmAddDialog
          open
          seatsToAdd={purchase.seatsToAdd}
          currentTotal={currentTotal}
          price={price}
          onCancel={() => dispatch(addLicencesCancelled())}
          onConfirm={() => dispatch(addLicencesConfirmed())}
        />
      )}
      {purchase.status === 'succeeded' && (
        <SuccessDialog
          open
          bought={{ seatsToAdd: purchase.seatsToAdd, price: price.preview }}
          onClose={() => dispatch(successDialogClosed())}
        />
      )}
    </Suspense>
  );
}
