import type { DelegateAction, DelegateKind } from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError, notFound, permissionDenied } from '../apiError';
import { delegatesKey, seatsKey } from '../history/changeKeys';
import { SERVER_TEXT } from '../messages';
import { subscriptionPrice } from '../prices/pricePreview';
import type { Customer, WorkspaceSubscription } from '../providers/provider';
import { checkSeatChange } from '../providers/seatRules';
import { workspaceSkuIdOf } from '../providers/skus';
import { carryChange, type ChangeContext, type ChangeRequester } from './carryChange';

const HTTP_NOT_FOUND = 404;

/** The 409 of a subscription id Google has changed since the page read it; `current` is the one now. */
export class SubscriptionIdChanged extends ApiError {
  constructor(readonly current: WorkspaceSubscription) {
    super(409, SERVER_TEXT.subscriptionIdChanged, { status: 'ABORTED' });
  }
}

/** A purchase as the buyer asked for it (docs/api.md, POST /api/add-licence). */
export interface LicenceOrder {
  customer: Customer;
  subscriptionId: string;
  numberOfSeats: number;
  /** The total the buyer saw; without it, the total read just before. */
  expectedNumberOfSeats?: number;
}

/** One delegate list's change (docs/api.md, the delegate endpoints); the member as listed. */
export interface DelegateOrder {
  kind: DelegateKind;
  customerId: string;
  action: DelegateAction;
  member: string;
}

export interface ChangeService {
  /** A purchase's checks without the purchase (a price preview): answers the subscription now. */
  checkLicences(
    customer: Customer,
    subscriptionId: string,
    seatsToAdd: number,
  ): Promise<WorkspaceSubscription>;
  /** Buys seats; answers the subscription as Google holds it after the change. */
  addLicences(order: LicenceOrder, requester: ChangeRequester): Promise<WorkspaceSubscription>;
  /** Adds or removes a delegate; answers the list after the change. */
  changeDelegates(order: DelegateOrder, requester: ChangeRequester): Promise<string[]>;
}

/** The changes the portal makes to Google, each with its history entry and audit line. */
export function changeService(context: ChangeContext): ChangeService {
  const { provider, store, now, prices } = context;

  /** The subscription, from the provider's cache unless `fresh`; 404, 403 or 409 when it is not this one. */
  const readCurrent = async (
    order: LicenceOrder,
    fresh: boolean,
  ): Promise<WorkspaceSubscription> => {
    const { customer, subscriptionId } = order;
    const found = await provider.findWorkspaceSubscription(customer.customerId, { fresh });
    if (found === null) {
      throw notFound(ERROR_TEXT.noSubscription(customer.customerDomain));
    }
    if (found.subscriptionId === subscriptionId) return found;
    // This instance's cache may hold an id Google has changed since: ask the provider itself.
    if (!fresh) return readCurrent(order, true);
    // An id the portal showed this customer is their subscription's old one (docs/api.md).
    if (!(await store.knowsSubscriptionId(customer.customerId, subscriptionId))) {
      throw permissionDenied(SERVER_TEXT.foreignSubscription);
    }
    await store.rememberSubscriptionId(customer.customerId, found.subscriptionId);
    throw new SubscriptionIdChanged(found);
  };

  // A preview is refused exactly where the purchase would be, without its lock or history.
  const checkLicences = async (
    customer: Customer,
    subscriptionId: string,
    seatsToAdd: number,
  ): Promise<WorkspaceSubscription> => {
    const order = { customer, subscriptionId, numberOfSeats: seatsToAdd };
    const current = await readCurrent(order, false);
    checkSeatChange(current, current.numberOfSeats, current.numberOfSeats + seatsToAdd);
    return current;
  };

  // Buying seats: the new total must follow the Reseller API's rules and applies only on top of the
  // total the buyer saw (expectedNumberOfSeats) or, without it, the total read just before.
  const addLicences = async (
    order: LicenceOrder,
    requester: ChangeRequester,
  ): Promise<WorkspaceSubscription> => {
    const { customer, subscriptionId, numberOfSeats } = order;
    const { customerId } = customer;
    const purchase = carryChange(
      context,
      requester,
      { customerId, key: seatsKey(customerId), kind: 'licences' },
      async () => {
        let current = await readCurrent(order, false);
        const expected = order.expectedNumberOfSeats ?? current.numberOfSeats;
        // A total other than the buyer's may be this instance's cache: ask the provider itself.
        if (current.numberOfSeats !== expected) current = await readCurrent(order, true);
        checkSeatChange(current, expected, numberOfSeats);
        // The provider re-reads and applies only on top of `expected`, so that is the total before.
        return {
          change: { kind: 'licences', subscriptionId, before: expected, after: numberOfSeats },
          about: {
            customerDomain: customer.customerDomain,
            sku: { skuId: workspaceSkuIdOf(current.skuName), skuName: current.skuName },
            price: subscriptionPrice(prices, current, numberOfSeats - expected, now()),
          },
          write: () => provider.changeSeats(customerId, subscriptionId, expected, numberOfSeats),
          afterOf: (subscription) => subscription.numberOfSeats,
          auditOf: (outcome, done) => ({
            actor: requester.actor,
            customerId,
            action: 'licence.add',
            before: { subscriptionId, numberOfSeats: expected },
            after: { subscriptionId, numberOfSeats: done?.numberOfSeats ?? numberOfSeats },
            at: now(),
            outcome,
            requestId: requester.requestId,
          }),
        };
      },
    );
    let changed: WorkspaceSubscription;
    try {
      changed = await purchase;
    } catch (error) {
      // Google no longer knows the id this instance had cached: the fresh read says what it became.
      if (error instanceof ApiError && error.code === HTTP_NOT_FOUND) {
        await readCurrent(order, true);
      }
      throw error;
    }
    // Google may have given the subscription a new id with the change; the page holds it now.
    if (changed.subscriptionId !== subscriptionId) {
      await store.rememberSubscriptionId(customerId, changed.subscriptionId);
    }
    return changed;
  };

  // A delegate list's change: the provider itself refuses a present member's add and an absent one's
  // delete; only a change made writes its audit line, with the lists before and after.
  const changeDelegates = (
    { kind, customerId, action, member }: DelegateOrder,
    requester: ChangeRequester,
  ): Promise<string[]> =>
    carryChange(
      context,
      requester,
      { customerId, key: delegatesKey(kind, customerId), kind: `${kind}-delegate` },
      async () => {
        const before = await provider.listDelegates(kind, customerId);
        // The notification names the customer's domain (docs/notifications.md); none if unreadable.
        const customer = await provider.findCustomer(customerId).catch(() => null);
        return {
          change: { kind: `${kind}-delegate`, action, member, before, after: null },
          ...(customer === null ? {} : { about: { customerDomain: customer.customerDomain } }),
          write: () =>
            action === 'add'
              ? provider.addDelegate(kind, customerId, member)
              : provider.removeDelegate(kind, customerId, member),
          afterOf: (list) => list,
          auditOf: (outcome, after) =>
            outcome === 'done' && after !== undefined
              ? {
                  actor: requester.actor,
                  customerId,
                  action: `${kind}-delegate.${action}`,
                  before,
                  after,
                  at: now(),
                }
              : null,
        };
      },
    );

  return { checkLicences, addLicences, changeDelegates };
}
