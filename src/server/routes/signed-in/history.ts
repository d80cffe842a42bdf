import { API_PATHS } from '../../../contract/api';
import { historySchema } from '../../../contract/endpoints';
import {
  HISTORY_KINDS,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  type HistoryKind,
  type HistoryPage,
} from '../../../contract/history';
import { invalidArgument, permissionDenied } from '../../apiError';
import { sessionHolderOf, sessionOf } from '../../auth/guard';
import { readLiveRoles, requireOwnCustomer, type LiveRoles } from '../../auth/roles';
import { decodeCursor, encodeCursor, toHistoryEntry } from '../../history/historyView';
import { SERVER_TEXT } from '../../messages';
import type { ApiScope, RouteContext } from '../context';
import { pageSize } from '../pageSize';

const invalid = (message: string) => invalidArgument(message);

/** Admins see every kind; licence delegates the licence adds only; anyone else nothing (403). */
function visibleKinds(roles: LiveRoles, wanted: HistoryKind | undefined): readonly HistoryKind[] {
  if (roles.isAdmin) return wanted === undefined ? HISTORY_KINDS : [wanted];
  if (!roles.license) throw permissionDenied(SERVER_TEXT.historyRole);
  if (wanted !== undefined && wanted !== 'licences') {
    throw permissionDenied(SERVER_TEXT.historyKindRole);
  }
  return ['licences'];
}

// The change history of the caller's own customer, newest first, one page at a time: read only; the
// settlement worker settles what is unsettled (docs/api.md, GET /api/history).
export async function historyRoutes(
  app: ApiScope,
  { provider, store }: RouteContext,
): Promise<void> {
  app.get(API_PATHS.history, { schema: historySchema }, async (request): Promise<HistoryPage> => {
    const session = sessionOf(request);
    const { customer, kind, cursor } = request.query;
    requireOwnCustomer(session, customer);
    const limit = pageSize(request.query.limit, {
      default: HISTORY_PAGE_DEFAULT,
      max: HISTORY_PAGE_MAX,
    });
    const olderThan = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && olderThan === null) {
      throw invalid(SERVER_TEXT.invalidHistoryCursor);
    }
    const roles = await readLiveRoles(provider, session, sessionHolderOf(request));
    const kinds = visibleKinds(roles, kind);

    // One more than a page says whether an older page exists.
    const records = await store.listHistory({
      customerId: session.customerId,
      kinds,
      olderThan,
      limit: limit + 1,
    });
    const page = records.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map(toHistoryEntry),
      nextCursor: records.length > limit && last !== undefined ? encodeCursor(last.id) : null,
    };
  });
}
