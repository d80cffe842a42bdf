import { Type, type Static } from 'typebox';
import { PurchaseCharge } from './prices';

// What the portal tells the reseller (and the buyer) after a change completes (docs/notifications.md):
// one event per completed purchase or delegate change, and per seat total changed outside the portal,
// delivered at least once; receivers dedupe by id.

export const NotificationTypeSchema = Type.Union([
  Type.Literal('licences.added'),
  Type.Literal('licence-delegate.added'),
  Type.Literal('licence-delegate.removed'),
  Type.Literal('support-delegate.added'),
  Type.Literal('support-delegate.removed'),
  Type.Literal('seats.changed-outside'),
]);
export type NotificationType = Static<typeof NotificationTypeSchema>;

/**
 * Licences: the subscription's total, the seats added being after − before (docs/notifications.md);
 * delegates: the list of addresses, sorted.
 */
const ChangeSideSchema = Type.Union([Type.Integer(), Type.Array(Type.String())]);

export const NotificationEventSchema = Type.Object({
  /** A uuid, the same on every attempt: receivers deduplicate by it. */
  id: Type.String({ format: 'uuid' }),
  /** Increases across the whole portal, in the order events were written: a billing system's cursor. */
  sequence: Type.Integer({ minimum: 1 }),
  type: NotificationTypeSchema,
  /** When the change was asked for, ISO 8601 UTC (as GET /api/history's `at`). */
  occurredAt: Type.String({ format: 'date-time' }),
  customerId: Type.String(),
  /** The customer's primary domain. */
  customerDomain: Type.Union([Type.String(), Type.Null()]),
  /** Licences: the Workspace subscription; delegates: null. */
  subscriptionId: Type.Union([Type.String(), Type.Null()]),
  skuId: Type.Union([Type.String(), Type.Null()]),
  /** The SKU's name as the portal shows it (the receipts print it). */
  skuName: Type.Union([Type.String(), Type.Null()]),
  /** The signed-in person who made the change; `Google` for a total changed outside the portal. */
  actor: Type.String(),
  before: ChangeSideSchema,
  after: ChangeSideSchema,
  /** A purchase's charge as quoted, read from its history entry (docs/api.md, Money); null without one. */
  charge: Type.Union([PurchaseCharge, Type.Null()]),
});
export type NotificationEvent = Static<typeof NotificationEventSchema>;
