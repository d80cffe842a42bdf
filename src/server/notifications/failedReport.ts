import { openPortalStore, type StoreLocation } from '../store/openStore';

// `npm run outbox:failed` (docs/notifications.md, Delivery): the notifications out of attempts, one
// line each, for an operator to act on.

export async function failedNotificationLines(location: StoreLocation): Promise<string[]> {
  const store = await openPortalStore(location, Date.now());
  try {
    const failed = await store.failedNotifications();
    if (failed.length === 0) return ['No failed notifications.'];
    return failed.map(
      ({ event, attempts, lastError }) =>
        `${event.id} ${event.type} ${event.customerDomain ?? event.customerId} ${event.occurredAt} attempts=${attempts} last error: ${lastError ?? ''}`,
    );
  } finally {
    await store.close();
  }
}
