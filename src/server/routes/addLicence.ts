import { API_PATHS, type AddLicenceResponse } from '../../contract/api';
import { addLicenceSchema } from '../../contract/endpoints';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError } from '../apiError';
import { audit, type AuditOutcome } from '../audit';
import { readLiveRoles, requireOwnCustomer } from '../auth/roles';
import { sessionHolderOf, sessionOf } from '../auth/guard';
import { seatsKey } from '../history/changeKeys';
import { isRefusal, recordChange } from '../history/recordChange';
import { readState, settleHeld } from '../history/settle';
import { DEFAULT_PURCHASE_GRACE_MS } from '../limits';
import { SERVER_TEXT } from '../messages';
import { checkSeatChange } from '../providers/seatRules';
import type { WorkspaceSubscription } from '../providers/provider';
import { toSubscriptionInfo } from '../subscriptionView';
import type { ApiScope, RouteContext } from './context';

const HTTP_NOT_FOUND = 404;

// Buying seats: the new total must follow the Reseller API's rules and applies only on top of the
// total the buyer saw (expectedNumberOfSeats) or, without it, the total read just before. Changes to
// one subscription run one at a time across instances (docs/deploy.md), each recorded in the history.
export async function addLicenceRoutes(
  app: ApiScope,
  { provider, store, now, purchaseGraceMs, metrics }: RouteContext,
): Promise<void> {
  const clock = () => ({ now: now(), graceMs: purchaseGraceMs ?? DEFAULT_PURCHASE_GRACE_MS });
  app.post(
    API_PATHS.addLicence,
    { schema: addLicenceSchema },
    async (request): Promise<AddLicenceResponse> => {
      const session = sessionOf(request);
      const { customerId, subscriptionId, numberOfSeats, expectedNumberOfSeats } = request.body;
      requireOwnCustomer(session, customerId);

      const roles = await readLiveRoles(provider, session, sessionHolderOf(request));
      if (!roles.isAdmin && !roles.license) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.addLicenceRole);
      }
      // The holder's check proved the directory still puts the buyer in this customer.
      const customer = await provider.findCustomer(session.customerId);
      if (customer === null) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.notInDirectory);
      }
      const key = seatsKey(customer.customerId);
      const view = (subscription: WorkspaceSubscription) =>
        toSubscriptionInfo(customer, subscription, roles);

      /** The subscription, from the provider's cache unless `fresh`; 404, 403 or 409 when it is not this one. */
      const readCurrent = async (fresh: boolean): Promise<WorkspaceSubscription> => {
        const found = await provider.findWorkspaceSubscription(customer.customerId, { fresh });
        if (found === null) {
          throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.noSubscription(customer.customerDomain));
        }
        if (found.subscriptionId === subscriptionId) return found;
        // This instance's cache may hold an id Google has changed since: ask the provider itself.
        if (!fresh) return readCurrent(true);
        // An id the portal showed this customer is their subscription's old one (docs/api.md).
        if (!(await store.knowsSubscriptionId(customer.customerId, subscriptionId))) {
          throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.foreignSubscription);
        }
        await store.rememberSubscriptionId(customer.customerId, found.subscriptionId);
        const stale = new ApiError(409, 'ABORTED', SERVER_TEXT.subscriptionIdChanged);
        stale.extra = { subscription: view(found) };
        throw stale;
      };

      const auditOutcome = (outcome: AuditOutcome, before: number, after: number) =>
        audit(
          request.log,
          {
            actor: roles.user.email,
            customerId: customer.customerId,
            action: 'licence.add',
            before: { subscriptionId, numberOfSeats: before },
            after: { subscriptionId, numberOfSeats: after },
            at: now(),
            outcome,
            requestId: request.id,
          },
          metrics,
        );

      const purchase = store.exclusive(key, async () => {
        await settleHeld(
          store,
          customer.customerId,
          key,
          () => readState(provider, customer.customerId, 'licences'),
          { clock: clock(), log: request.log, metrics },
        );
        let current = await readCurrent(false);
        const expected = expectedNumberOfSeats ?? current.numberOfSeats;
        // A total other than the buyer's may be this instance's cache: ask the provider itself.
        if (current.numberOfSeats !== expected) current = await readCurrent(true);
        checkSeatChange(current, expected, numberOfSeats);

        // Every outcome of the provider's call writes an audit line (docs/api.md, Logs).
        const apply = async () => {
          try {
            const done = await provider.changeSeats(
              customer.customerId,
              subscriptionId,
              expected,
              numberOfSeats,
            );
            auditOutcome('done', expected, done.numberOfSeats);
            return done;
          } catch (error) {
            auditOutcome(isRefusal(error) ? 'failed' : 'unconfirmed', expected, numberOfSeats);
            throw error;
          }
        };
        // The provider re-reads and applies only on top of `expected`, so that is the total before.
        return recordChange(
          store,
          {
            customerId: customer.customerId,
            actor: roles.user.email,
            requestId: request.id,
            at: now(),
            change: { kind: 'licences', subscriptionId, before: expected, after: numberOfSeats },
          },
          apply,
          (subscription) => subscription.numberOfSeats,
          request.log,
        );
      });
      let changed: WorkspaceSubscription;
      try {
        changed = await purchase;
      } catch (error) {
        // Google no longer knows the id this instance had cached: the fresh read says what it became.
        if (error instanceof ApiError && error.code === HTTP_NOT_FOUND) await readCurrent(true);
        throw error;
      }
      // Google may have given the subscription a new id with the change; the page holds it now.
      if (changed.subscriptionId !== subscriptionId) {
        await store.rememberSubscriptionId(customer.customerId, changed.subscriptionId);
      }
      return { subscription: view(changed) };
    },
  );
}
