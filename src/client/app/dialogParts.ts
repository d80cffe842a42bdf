import { dropdownChunk } from '../components/dropdownChunk';
import { lazyPart } from './lazyParts';

// Every dialog in its own chunk, named once here apart from the screens (./parts) so the dashboard
// can prefetch them without importing the module that loads the dashboard (docs/performance.md).

export const ConfirmAddDialog = lazyPart(() =>
  import(
    /* webpackChunkName: "dialog-confirm" */ '../features/subscription/components/ConfirmAddDialog'
  ).then((m) => m.ConfirmAddDialog),
);
export const SuccessDialog = lazyPart(() =>
  import(
    /* webpackChunkName: "dialog-success" */ '../features/subscription/components/SuccessDialog'
  ).then((m) => m.SuccessDialog),
);
export const ErrorDialog = lazyPart(() =>
  import(/* webpackChunkName: "dialog-error" */ '../features/errors/components/ErrorDialog').then(
    (m) => m.ErrorDialog,
  ),
);
export const DelegateDialog = lazyPart(() =>
  import(
    /* webpackChunkName: "dialog-delegate" */ '../features/delegates/components/DelegateDialog'
  ).then((m) => m.DelegateDialog),
);
export const HistoryDialog = lazyPart(() =>
  import(
    /* webpackChunkName: "dialog-history" */ '../features/history/components/HistoryDialog'
  ).then((m) => m.HistoryDialog),
);

/** The admin menu's code (fetched first: the dialogs are opened from it), then every dialog; the
 * checks of the answers they read came with the dashboard's (./parts). */
export const DASHBOARD_NEXT_STEPS = [
  dropdownChunk,
  ConfirmAddDialog,
  SuccessDialog,
  ErrorDialog,
  DelegateDialog,
  HistoryDialog,
] as const;
