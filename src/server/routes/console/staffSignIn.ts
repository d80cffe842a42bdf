import { API_PATHS, TOKEN_HEADER, type StaffIdentity } from '../../../contract/api';
import { staffSignInSchema } from '../../../contract/endpoints';
import { permissionDenied } from '../../apiError';
import { provenAccount } from '../../auth/managedAccount';
import { startSignedInSession } from '../../auth/signIn';
import { isResellerAddress, requireStaffRole } from '../../auth/staffRoles';
import { SERVER_TEXT } from '../../messages';
import type { ApiScope, ConsoleRouteContext } from '../context';

// The staff sign-in (docs/api.md, GET /api/reseller/console/sign-in): the token is proven as a
// customer's is, then the person's live group decides the role; anyone else gets a 403 that says so.
export async function staffSignInRoutes(
  app: ApiScope,
  { provider, store, now, staffGroups }: ConsoleRouteContext,
): Promise<void> {
  app.get(
    API_PATHS.staffSignIn,
    { schema: staffSignInSchema },
    async (request, reply): Promise<StaffIdentity> => {
      const typed = request.query.email.toLowerCase();
      const notStaff = () => permissionDenied(SERVER_TEXT.notResellerStaff);
      const { user, tokenInfo } = await provenAccount(
        provider,
        request.headers[TOKEN_HEADER],
        typed,
        now(),
        // Only the reseller's own domain has staff: nobody else's address is looked up.
        { unknownAccount: notStaff, lookUp: isResellerAddress(staffGroups, typed) },
      );
      const staff = await requireStaffRole(provider, staffGroups, user);
      await startSignedInSession(
        request,
        reply,
        store,
        { email: user.email, sub: user.id, tokenExpiresAt: tokenInfo.expiresAt },
        { kind: 'staff' },
        now(),
      );
      return staff;
    },
  );
}
