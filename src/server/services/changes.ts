import fp from 'fastify-plugin';
import type { Customer, WorkspaceSubscription } from '../providers/provider';
import type { ChangeContext, ChangeRequester } from './changeLock';
import { changeDelegates, type DelegateOrder } from './delegateChanges';
import { addLicences, checkLicences, type LicenceOrder } from './purchases';

// The portal's changes to Google as one Fastify decoration (docs/architecture.md, "The life of a
// purchase"): registered once in app.ts, every route that changes something calls `fastify.changes`.

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

declare module 'fastify' {
  interface FastifyInstance {
    /** The change service (services/changes.ts), decorated once for every route. */
    changes: ChangeService;
  }
}

/** Decorates the instance with the change service; fastify-plugin shares it with sibling scopes. */
export const changeServicePlugin = fp<ChangeContext>(
  async (fastify, context) => {
    fastify.decorate('changes', {
      checkLicences: (customer, subscriptionId, seatsToAdd) =>
        checkLicences(context, customer, subscriptionId, seatsToAdd),
      addLicences: (order, requester) => addLicences(context, order, requester),
      changeDelegates: (order, requester) => changeDelegates(context, order, requester),
    } satisfies ChangeService);
  },
  { name: 'change-service', fastify: '5.x' },
);
