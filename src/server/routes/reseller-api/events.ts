import { API_PATHS } from '../../../contract/api';
import {
  RESELLER_EVENTS_PAGE_DEFAULT,
  RESELLER_EVENTS_PAGE_MAX,
  resellerEventsSchema,
  type ResellerEventsPage,
} from '../../../contract/endpoints';
import { invalidArgument } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import type { ApiScope, RouteContext } from '../context';

// GET /api/reseller/events (docs/api.md): the events a billing system has not read yet, oldest first,
// each as the webhook POSTs it, so it catches up after an outage however long it was.

const DIGITS = /^[0-9]+$/;

/** The sequence to read after: digits only (a query string is text), 0 when absent. */
function afterOf(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const after = Number(raw);
  if (!DIGITS.test(raw) || !Number.isSafeInteger(after)) {
    throw invalidArgument(SERVER_TEXT.invalidEventsAfter);
  }
  return after;
}

/** The page size: 1–1000, 100 when absent. */
function limitOf(raw: string | undefined): number {
  if (raw === undefined) return RESELLER_EVENTS_PAGE_DEFAULT;
  const limit = Number(raw);
  if (!DIGITS.test(raw) || limit < 1 || limit > RESELLER_EVENTS_PAGE_MAX) {
    throw invalidArgument(SERVER_TEXT.invalidEventsLimit);
  }
  return limit;
}

export async function resellerEventsRoutes(app: ApiScope, { store }: RouteContext): Promise<void> {
  app.get(
    API_PATHS.resellerEvents,
    { schema: resellerEventsSchema },
    async (request): Promise<ResellerEventsPage> => {
      const after = afterOf(request.query.after);
      const events = await store.eventsAfter({ after, limit: limitOf(request.query.limit) });
      return { events, next: events.at(-1)?.sequence ?? after };
    },
  );
}
