import type { Selectable } from 'kysely';
import type { NotificationEvent, NotificationType } from '../../contract/notifications';
import { toHistoryRecord } from './historyRows';
import type { OutboxEntry, OutboxState } from './portalStore';
import type { HistoryTable, OutboxTable } from './schema';

// Between a completed history entry, its notification event and the outbox table's columns.

/** The event of a history entry that has just become done (docs/notifications.md, Events). */
export function eventOf(
  row: Selectable<HistoryTable>,
  id: string,
): Omit<NotificationEvent, 'sequence'> {
  const record = toHistoryRecord(row);
  const { change } = record;
  const common = {
    id,
    occurredAt: new Date(record.at).toISOString(),
    customerId: record.customerId,
    customerDomain: row.customer_domain,
    actor: record.actor,
    charge: null,
  };
  if (change.kind === 'licences') {
    return {
      ...common,
      type: record.state === 'outside-change' ? 'seats.changed-outside' : 'licences.added',
      subscriptionId: change.subscriptionId,
      skuId: row.sku_id,
      skuName: row.sku_name,
      before: change.before,
      after: change.after,
      charge: record.charge ?? null,
    };
  }
  const type: NotificationType = `${change.kind}.${change.action === 'add' ? 'added' : 'removed'}`;
  return {
    ...common,
    type,
    subscriptionId: null,
    skuId: null,
    skuName: null,
    before: change.before,
    after: change.after ?? change.before,
  };
}

function channels(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
}

export function toOutboxEntry(row: Selectable<OutboxTable>): OutboxEntry {
  const { price: _floats, ...event } = JSON.parse(row.event) as Omit<
    NotificationEvent,
    'sequence'
  > & { price?: unknown };
  return {
    // An event written before migration 0007 carried `price` in floats: it has no charge.
    event: { ...event, charge: event.charge ?? null, sequence: Number(row.sequence) },
    state: row.state as OutboxState,
    attempts: Number(row.attempts),
    deliveredChannels: channels(row.delivered_channels),
    lastError: row.last_error,
    nextAttemptAt: Number(row.next_attempt_at),
    retrySince: Number(row.retry_since),
  };
}
