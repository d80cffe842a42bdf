import { dropdownChunk } from '../components/dropdownChunk';
import { lazyPart } from './lazyParts';

// Every screen and dialog the first page does not show, each in its own chunk, named once here so the
// routes, the dialogs and the prefetching of the next steps share them (docs/performance.md).

export const DashboardPage = lazyPart(() =>
  import(/* webpackChunkName: "dashboard" */ '../pages/DashboardPage').then((m) => m.default),
);
export const ForbiddenPage = lazyPart(() =>
  import(/* webpackChunkName: "forbidden" */ '../pages/ForbiddenPage').then((m) => m.default),
);
export const SupportPage = lazyPart(() =>
  import(/* webpackChunkName: "support" */ '../pages/SupportPage').then((m) => m.default),
);
export const CrashScreen = lazyPart(() =>
  import(/* webpackChunkName: "crash" */ './CrashScreen').then((m) => m.CrashScreen),
);
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

/** Where the home page leads: the dashboard, the 403 page and the support site, and the error dialog. */
export const HOME_NEXT_STEPS = [DashboardPage, ForbiddenPage, SupportPage, ErrorDialog] as const;

/** The admin menu's code (fetched first: the dialogs are opened from it), then every dialog. */
export const DASHBOARD_NEXT_STEPS = [
  dropdownChunk,
  ConfirmAddDialog,
  SuccessDialog,
  ErrorDialog,
  DelegateDialog,
  HistoryDialog,
] as const;
