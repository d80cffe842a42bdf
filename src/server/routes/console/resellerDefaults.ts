import { API_PATHS } from '../../../contract/api';
import type { ResellerDefaultsView } from '../../../contract/customerSettings';
import { resellerDefaultsChangeSchema, resellerDefaultsSchema } from '../../../contract/endpoints';
import { staffIdentityOf } from '../../auth/staffGuard';
import { toResellerDefaultsView } from '../../settings/settingsViews';
import { logStaffAction } from '../../settings/staffActionLog';
import type { ApiScope, ConsoleRouteContext } from '../context';

// The reseller's defaults, which every customer's null setting falls back to (docs/api.md, The
// reseller's console): read by any staff member, replaced by a reseller admin, recorded in the audit.
export async function resellerDefaultsRoutes(
  app: ApiScope,
  { store, now, settings }: ConsoleRouteContext,
): Promise<void> {
  app.get(
    API_PATHS.resellerDefaults,
    { schema: resellerDefaultsSchema },
    async (): Promise<ResellerDefaultsView> => toResellerDefaultsView(settings),
  );

  app.put(
    API_PATHS.resellerDefaults,
    { schema: resellerDefaultsChangeSchema },
    async (request): Promise<ResellerDefaultsView> => {
      const action = await store.changeResellerDefaults(request.body, {
        actor: staffIdentityOf(request).email,
        requestId: request.id,
        at: now(),
      });
      await settings.refresh();
      if (action !== null) logStaffAction(request.log, action);
      return toResellerDefaultsView(settings);
    },
  );
}
