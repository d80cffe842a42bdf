import { loadAnswerChecks } from '../answerChecks/readAnswer';
import { ErrorDialog } from './dialogParts';
import { lazyPart } from './lazyParts';

// Every screen the first page does not show, each in its own chunk, named once here so the routes
// and the prefetching of the next steps share them; the dialogs are in ./dialogParts (docs/performance.md).

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

/** The answer checks' one chunk, fetched ahead as a screen's is. */
const AnswerChecks = { preload: loadAnswerChecks };

/** What a reload of the dashboard draws its first screen with: the page, and the check that reads the
 * subscription the early request already holds (docs/performance.md). */
export const DASHBOARD_FIRST_SCREEN = [DashboardPage, AnswerChecks] as const;

/** Where the home page leads: the dashboard, the 403 page and the support site, the error dialog, and
 * the checks of the answers signing in reads (docs/architecture.md, One definition per API shape). */
export const HOME_NEXT_STEPS = [
  DashboardPage,
  ForbiddenPage,
  SupportPage,
  ErrorDialog,
  AnswerChecks,
] as const;
