import { DELEGATE_KINDS, DELEGATE_PATHS, type DelegateListResponse } from '../../../contract/api';
import { isValidDelegateEmail } from '../../../contract/email';
import { delegateChangeSchema, delegateListSchema } from '../../../contract/endpoints';
import { invalidArgument, permissionDenied } from '../../apiError';
import { sessionHolderOf, sessionOf } from '../../auth/guard';
import { requireOwnCustomer } from '../../auth/roles';
import type { PortalSession } from '../../auth/session';
import type { DirectoryUser } from '../../providers/provider';
import { SERVER_TEXT } from '../../messages';
import type { ApiScope, RouteContext } from '../context';

// The two delegate lists: admins of the caller's own customer only, checked live on every call.
// Each change to a list is made by the change service (services/delegateChanges.ts), with its history.
export async function delegateRoutes(app: ApiScope, context: RouteContext): Promise<void> {
  const { provider } = context;
  // Only the admin flag of the live holder decides here, so the delegate lists are not read for it.
  const requireAdmin = (session: PortalSession, user: DirectoryUser, customerId: string) => {
    requireOwnCustomer(session, customerId);
    if (!user.isAdmin) throw permissionDenied(SERVER_TEXT.delegatesRole);
    return user;
  };

  for (const kind of DELEGATE_KINDS) {
    const path = DELEGATE_PATHS[kind];

    app.get(
      path,
      { schema: delegateListSchema },
      async (request): Promise<DelegateListResponse> => {
        const session = sessionOf(request);
        requireAdmin(session, sessionHolderOf(request), request.query.customer);
        return { members: await provider.listDelegates(kind, session.customerId) };
      },
    );

    app.post(
      path,
      { schema: delegateChangeSchema },
      async (request): Promise<DelegateListResponse> => {
        const session = sessionOf(request);
        const { email, customerId, action } = request.body;
        const admin = requireAdmin(session, sessionHolderOf(request), customerId);
        // A delete takes the address as listed, so an entry stored under an older rule can go.
        if (action === 'add' && !isValidDelegateEmail(email)) {
          throw invalidArgument(SERVER_TEXT.invalidDelegateEmail);
        }
        const members = await app.changes.changeDelegates(
          { kind, customerId: session.customerId, action, member: email.toLowerCase() },
          { actor: admin.email, requestId: request.id, log: request.log },
        );
        return { members };
      },
    );
  }
}
