import type { DelegateAction, DelegateKind } from '../../contract/api';
import { audit } from '../audit';
import { delegatesKey } from '../history/changeKeys';
import { recordDone, recordFailure } from '../history/recordChange';
import { withChangeLock, type ChangeContext, type ChangeRequester } from './changeLock';

// A delegate list's change (docs/api.md, the delegate endpoints): the provider itself refuses a
// present member's add and an absent one's delete; only a change made writes its audit line.

/** One delegate list's change; the member as listed. */
export interface DelegateOrder {
  kind: DelegateKind;
  customerId: string;
  action: DelegateAction;
  member: string;
}

/** Adds or removes a delegate under the list's lock, with its history entry; answers the list after. */
export async function changeDelegates(
  context: ChangeContext,
  { kind, customerId, action, member }: DelegateOrder,
  { actor, requestId, log }: ChangeRequester,
): Promise<string[]> {
  const { provider, store, now, metrics } = context;
  const key = delegatesKey(kind, customerId);
  const target = { customerId, key, kind: `${kind}-delegate` as const };
  return withChangeLock(context, target, log, async () => {
    const before = await provider.listDelegates(kind, customerId);
    // The notification names the customer's domain (docs/notifications.md); none if unreadable.
    const customer = await provider.findCustomer(customerId).catch(() => null);
    const id = await store.recordIntent({
      customerId,
      actor,
      requestId,
      at: now(),
      change: { kind: `${kind}-delegate`, action, member, before, after: null },
      ...(customer === null ? {} : { customerDomain: customer.customerDomain }),
    });
    let after: string[];
    try {
      after =
        action === 'add'
          ? await provider.addDelegate(kind, customerId, member)
          : await provider.removeDelegate(kind, customerId, member);
    } catch (error) {
      await recordFailure(store, id, error, log);
      throw error;
    }
    audit(
      log,
      { actor, customerId, action: `${kind}-delegate.${action}`, before, after, at: now() },
      metrics,
    );
    await recordDone(store, id, after, log);
    return after;
  });
}
