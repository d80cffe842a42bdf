import { DELEGATE_KINDS, DELEGATE_PATHS, type DelegateListResponse } from '../../contract/api';
import { isValidDelegateEmail } from '../../contract/email';
import { delegateChangeSchema, delegateListSchema } from '../../contract/endpoints';
import { ApiError } from '../apiError';
import { audit } from '../audit';
import { requireSessionOn, sessionHolderOf, sessionOf } from '../auth/guard';
import { requireOwnCustomer } from '../auth/roles';
import type { PortalSession } from '../auth/session';
import type { DirectoryUser } from '../providers/provider';
import { delegatesKey } from '../history/changeKeys';
import { recordChange } from '../history/recordChange';
import { readState, settleHeld } from '../history/settle';
import { SERVER_TEXT } from '../messages';
import type { ApiScope, RouteContext } from './context';

// The two delegate lists: admins of the caller's own customer only, checked live on every call.
// Each change to a list runs alone (docs/deploy.md) and is recorded in the history.
export async function delegateRoutes(
  app: ApiScope,
  { provider, store, now, metrics }: RouteContext,
): Promise<void> {
  // Only the admin flag of the live holder decides here, so the delegate lists are not read for it.
  const requireAdmin = (session: PortalSession, user: DirectoryUser, customerId: string) => {
    requireOwnCustomer(session, customerId);
    if (!user.isAdmin) throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.delegatesRole);
    return user;
  };

  for (const kind of DELEGATE_KINDS) {
    const path = DELEGATE_PATHS[kind];

    app.get(
      path,
      { schema: delegateListSchema, onRequest: requireSessionOn(now, store) },
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
          throw new ApiError(400, 'INVALID_ARGUMENT', SERVER_TEXT.invalidDelegateEmail);
        }
        const member = email.toLowerCase();
        const key = delegatesKey(kind, session.customerId);
        const { before, members } = await store.exclusive(key, async () => {
          await settleHeld(store, session.customerId, key, (held) =>
            readState(provider, session.customerId, `${kind}-delegate`, held),
          );
          // The provider itself refuses a present member's add and an absent one's delete.
          const current = await provider.listDelegates(kind, session.customerId);
          const after = await recordChange(
            store,
            {
              customerId: session.customerId,
              actor: admin.email,
              requestId: request.id,
              at: now(),
              change: { kind: `${kind}-delegate`, action, member, before: current, after: null },
            },
            () =>
              action === 'add'
                ? provider.addDelegate(kind, session.customerId, member)
                : provider.removeDelegate(kind, session.customerId, member),
            (list) => list,
            request.log,
          );
          return { before: current, members: after };
        });
        audit(
          request.log,
          {
            actor: admin.email,
            customerId: session.customerId,
            action: `${kind}-delegate.${action}`,
            before,
            after: members,
            at: now(),
          },
          metrics,
        );
        return { members };
      },
    );
  }
}
