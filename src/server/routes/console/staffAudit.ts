import { API_PATHS } from '../../../contract/api';
import { staffAuditSchema } from '../../../contract/endpoints';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, type AuditPage } from '../../../contract/staffActions';
import { invalidArgument } from '../../apiError';
import { decodeCursor, encodeCursor } from '../../history/historyView';
import { SERVER_TEXT } from '../../messages';
import { toStaffAction } from '../../settings/settingsViews';
import type { ApiScope, ConsoleRouteContext } from '../context';
import { pageSize } from '../pageSize';

// The audit trail of staff actions (docs/api.md, GET /api/reseller/audit): newest first, one page at a
// time, of one customer or one kind when asked; every staff member may read it.
export async function staffAuditRoutes(
  app: ApiScope,
  { store }: ConsoleRouteContext,
): Promise<void> {
  app.get(
    API_PATHS.staffAudit,
    { schema: staffAuditSchema },
    async (request): Promise<AuditPage> => {
      const { customerId, kind, cursor } = request.query;
      const limit = pageSize(request.query.limit, {
        default: AUDIT_PAGE_DEFAULT,
        max: AUDIT_PAGE_MAX,
      });
      const olderThan = cursor === undefined ? null : decodeCursor(cursor);
      if (cursor !== undefined && olderThan === null) {
        throw invalidArgument(SERVER_TEXT.invalidAuditCursor);
      }
      // One more than a page says whether an older page exists.
      const records = await store.listStaffActions({
        customerId: customerId ?? null,
        kind: kind ?? null,
        olderThan,
        limit: limit + 1,
      });
      const page = records.slice(0, limit);
      const last = page.at(-1);
      return {
        actions: page.map(toStaffAction),
        nextCursor: records.length > limit && last !== undefined ? encodeCursor(last.id) : null,
      };
    },
  );
}
