import { API_PATHS, type StaffIdentity } from '../../../contract/api';
import { staffSessionSchema } from '../../../contract/endpoints';
import { staffIdentityOf } from '../../auth/staffGuard';
import type { ApiScope } from '../context';

// Who holds the staff session and their live role (docs/api.md, GET /api/reseller/console/session):
// the console asks on load, so a reload keeps the person signed in without a new popup.
export async function staffSessionRoutes(app: ApiScope): Promise<void> {
  app.get(
    API_PATHS.staffSession,
    { schema: staffSessionSchema },
    async (request): Promise<StaffIdentity> => staffIdentityOf(request),
  );
}
