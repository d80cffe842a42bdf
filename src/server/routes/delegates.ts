import type { FastifyInstance } from 'fastify';
import {
  DELEGATE_PATHS,
  type DelegateChangeRequest,
  type DelegateKind,
  type DelegateListResponse,
} from '../../contract/api';
import { isValidDelegateEmail } from '../../contract/email';
import { ApiError } from '../apiError';
import { audit } from '../audit';
import { requireSessionOn, sessionOf } from '../auth/guard';
import { readLiveRoles, requireOwnCustomer } from '../auth/roles';
import type { PortalSession } from '../auth/session';
import { delegatesKey } from '../history/changeKeys';
import { recordChange } from '../history/recordChange';
import { settleHeld } from '../history/settle';
import { SERVER_TEXT } from '../messages';
import { delegateChangeSchema, delegateListSchema } from '../schemas/delegates';
import type { RouteContext } from './context';

const DELEGATE_KINDS: readonly DelegateKind[] = ['licence', 'support'];

// The two delegate lists: admins of the caller's own customer only, checked live on every call.
// Each change to a list runs alone (docs/deploy.md) and is recorded in the history.
export async function delegateRoutes(
  app: FastifyInstance,
  { provider, store, now }: RouteContext,
): Promise<void> {
  const requireAdmin = async (session: PortalSession, customerId: string) => {
    requireOwnCustomer(session, customerId);
    const roles = await readLiveRoles(provider, session);
    if (!roles.isAdmin) throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.delegatesRole);
    return roles;
  };

  for (const kind of DELEGATE_KINDS) {
    const path = DELEGATE_PATHS[kind];

    app.get<{ Querystring: { customer: string } }>(
      path,
      { schema: delegateListSchema, onRequest: requireSessionOn(now, store) },
      async (request): Promise<DelegateListResponse> => {
        const session = sessionOf(request);
        await requireAdmin(session, request.query.customer);
        return { members: await provider.listDelegates(kind, session.customerId) };
      },
    );

    app.post<{ Body: DelegateChangeRequest }>(
      path,
      { schema: delegateChangeSchema },
      async (request): Promise<DelegateListResponse> => {
        const session = sessionOf(request);
        const { email, customerId, action } = request.body;
        const roles = await requireAdmin(session, customerId);
        // A delete takes the address as listed, so an entry stored under an older rule can go.
        if (action === 'add' && !isValidDelegateEmail(email)) {
          throw new ApiError(400, 'INVALID_ARGUMENT', SERVER_TEXT.invalidDelegateEmail);
        }
        const member = email.toLowerCase();
        const key = delegatesKey(kind, session.customerId);
        const { before, members } = await store.exclusive(key, async () => {
          const current = await provider.listDelegates(kind, session.customerId);
          await settleHeld(store, session.customerId, key, { kind: 'delegates', members: current });
          const after = await recordChange(
            store,
            {
              customerId: session.customerId,
              actor: roles.user.email,
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
        audit(request.log, {
          actor: roles.user.email,
          customerId: session.customerId,
          action: `${kind}-delegate.${action}`,
          before,
          after: members,
          at: now(),
        });
        return { members };
      },
    );
  }
}
