import type { DelegateKind } from '../../contract/api';
import type { HistoryRecord } from '../store/portalStore';

// What a change locks: one subscription's seats, or one delegate list of a customer. The same key
// serialises the changes and guards the settling of entries a crashed process left pending.

/** Per customer, not per subscription id: Google changes the id when it updates the subscription. */
export function seatsKey(customerId: string): string {
  return `seats:${customerId}`;
}

export function delegatesKey(kind: DelegateKind, customerId: string): string {
  return `delegates:${kind}:${customerId}`;
}

export function delegateKindOf(historyKind: 'licence-delegate' | 'support-delegate'): DelegateKind {
  return historyKind === 'licence-delegate' ? 'licence' : 'support';
}

export function keyOf(record: HistoryRecord): string {
  const { change } = record;
  return change.kind === 'licences'
    ? seatsKey(record.customerId)
    : delegatesKey(delegateKindOf(change.kind), record.customerId);
}
