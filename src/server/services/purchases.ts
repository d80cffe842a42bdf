import { ERROR_TEXT } from '../../contract/errors';
import { ApiError } from '../apiError';
import { audit, type AuditOutcome } from '../audit';
import { seatsKey } from '../history/changeKeys';
import { isRefusal, recordDone, recordFailure } from '../history/recordChange';
import { noteSeatTotal } from '../history/seatTotals';
import { SERVER_TEXT } from '../messages';
import type { PriceList } from '../prices/priceList';
import { chargeOf, subscriptionPrice } from '../prices/pricePreview';
import type { Customer, WorkspaceSubscription } from '../providers/provider';
import { checkSeatChange } from '../providers/seatRules';
import { workspaceSkuIdOf } from '../providers/skus';
import type { PortalStore } from '../store/portalStore';
import { withChangeLock, type ChangeContext, type ChangeRequester } from './changeLock';

// Buying seats (docs/api.md, POST /api/add-licence): the one place where the Reseller API's seat
// rules are checked, the subscription's lock taken and the subscription re-read before the write.

const HTTP_NOT_FOUND = 404;

/** The 409 of a subscription id Google has changed since the page read it; `current` is the one now. */
export class SubscriptionIdChanged extends ApiError {
  constructor(readonly current: WorkspaceSubscription) {
    super(409, SERVER_TEXT.subscriptionIdChanged, { status: 'ABORTED' });
  }
}

/** A purchase as the buyer asked for it, in the API's words (docs/api.md, POST /api/add-licence). */
export interface LicenceOrder {
  customer: Customer;
  subscriptionId: string;
  /** The new total. */
  numberOfSeats: number;
  /** The total the buyer saw; without it, the total read under the lock. */
  expectedNumberOfSeats?: number;
  /** The price version the buyer was quoted (docs/api.md, Money); without it, today's prices. */
  priceVersion?: string;
}

/** A purchase in the code's words: `seatsToAdd` on top of the total `before` make the total `after`. */
interface SeatChange {
  before: number;
  seatsToAdd: number;
  after: number;
}

/**
 * The order's totals as the seats to add, the server's one place between the two (docs/api.md,
 * POST /api/add-licence): on top of the total the buyer saw, or for an older client the one read now.
 */
function seatChangeOf(order: LicenceOrder, current: WorkspaceSubscription): SeatChange {
  const before = order.expectedNumberOfSeats ?? current.numberOfSeats;
  return { before, seatsToAdd: order.numberOfSeats - before, after: order.numberOfSeats };
}

/** The subscription, from the provider's cache unless `fresh`; 404, 403 or 409 when it is not this one. */
async function readSubscription(
  context: ChangeContext,
  customer: Customer,
  subscriptionId: string,
  fresh: boolean,
): Promise<WorkspaceSubscription> {
  const { provider, store } = context;
  const found = await provider.findWorkspaceSubscription(customer.customerId, { fresh });
  if (found === null) {
    throw new ApiError(404, ERROR_TEXT.noSubscription(customer.customerDomain));
  }
  if (found.subscriptionId === subscriptionId) return found;
  // This instance's cache may hold an id Google has changed since: ask the provider itself.
  if (!fresh) return readSubscription(context, customer, subscriptionId, true);
  // An id the portal showed this customer is their subscription's old one (docs/api.md).
  if (!(await store.knowsSubscriptionId(customer.customerId, subscriptionId))) {
    throw new ApiError(403, SERVER_TEXT.foreignSubscription);
  }
  await store.rememberSubscriptionId(customer.customerId, found.subscriptionId);
  throw new SubscriptionIdChanged(found);
}

/**
 * 409 while an earlier purchase of the customer is still unsettled after the lock's settle step: a
 * second purchase of the same total would be counted as the same change (docs/api.md, 409).
 */
async function refuseWhileUnsettled(store: PortalStore, customerId: string): Promise<void> {
  const unsettled = await store.pendingChanges(customerId);
  if (unsettled.some(({ change }) => change.kind === 'licences')) {
    throw new ApiError(409, SERVER_TEXT.purchaseBeingConfirmed, { status: 'ABORTED' });
  }
}

/** 409 when the buyer was quoted another price version than the one the purchase would charge. */
function refuseStalePrice(order: LicenceOrder, prices: PriceList | null | undefined): void {
  if (order.priceVersion === undefined || order.priceVersion === prices?.version) return;
  throw new ApiError(409, SERVER_TEXT.priceChanged, { status: 'ABORTED' });
}

/** A purchase's checks without the purchase (a price preview): refused exactly where it would be. */
export async function checkLicences(
  context: ChangeContext,
  customer: Customer,
  subscriptionId: string,
  seatsToAdd: number,
): Promise<WorkspaceSubscription> {
  const current = await readSubscription(context, customer, subscriptionId, false);
  checkSeatChange(current, current.numberOfSeats, current.numberOfSeats + seatsToAdd);
  return current;
}

/**
 * Buys seats on top of the total the buyer saw: under the customer's lock, settles what a crash left
 * pending, re-reads the subscription past any cache, checks the rules, records the intent, writes,
 * completes the history entry and audits every outcome (docs/api.md, Logs).
 */
export async function addLicences(
  context: ChangeContext,
  order: LicenceOrder,
  requester: ChangeRequester,
): Promise<WorkspaceSubscription> {
  const { provider, store, now, prices, metrics } = context;
  const { customer, subscriptionId } = order;
  const { customerId } = customer;
  const { actor, requestId, log } = requester;
  const key = seatsKey(customerId);
  let changed: WorkspaceSubscription;
  try {
    changed = await withChangeLock(
      context,
      { customerId, key, kind: 'licences' },
      log,
      async () => {
        await refuseWhileUnsettled(store, customerId);
        const current = await readSubscription(context, customer, subscriptionId, true);
        const { before, seatsToAdd, after } = seatChangeOf(order, current);
        checkSeatChange(current, before, after);
        refuseStalePrice(order, prices);
        const price = subscriptionPrice(prices, current, seatsToAdd, now());
        const auditOutcome = (outcome: AuditOutcome, total: number) =>
          audit(
            log,
            {
              actor,
              customerId,
              action: 'licence.add',
              before: { subscriptionId, numberOfSeats: before },
              after: { subscriptionId, numberOfSeats: total },
              at: now(),
              outcome,
              requestId,
            },
            metrics,
          );
        // A total changed outside the portal since the ledger's last is recorded before this purchase's
        // `before` hides it (docs/api.md, Reconciliation).
        await noteSeatTotal(
          store,
          { subscription: current, customerDomain: customer.customerDomain },
          { at: now(), requestId },
        );
        const id = await store.recordIntent({
          customerId,
          actor,
          requestId,
          at: now(),
          change: { kind: 'licences', subscriptionId, before, after },
          customerDomain: customer.customerDomain,
          sku: { skuId: workspaceSkuIdOf(current.skuName), skuName: current.skuName },
          charge: price === null ? null : chargeOf(price),
        });
        try {
          const done = await provider.changeSeats(customerId, subscriptionId, after);
          auditOutcome('done', done.numberOfSeats);
          await recordDone(store, id, done.numberOfSeats, log);
          return done;
        } catch (error) {
          auditOutcome(isRefusal(error) ? 'failed' : 'unconfirmed', after);
          await recordFailure(store, id, error, log);
          throw error;
        }
      },
    );
  } catch (error) {
    // Google no longer knows the id it was just read with: the fresh read says what it became.
    if (error instanceof ApiError && error.code === HTTP_NOT_FOUND) {
      await readSubscription(context, customer, subscriptionId, true);
    }
    throw error;
  }
  // Google may have given the subscription a new id with the change; the page holds it now.
  if (changed.subscriptionId !== subscriptionId) {
    await store.rememberSubscriptionId(customerId, changed.subscriptionId);
  }
  return changed;
}
