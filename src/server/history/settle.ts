import type { FastifyBaseLogger } from 'fastify';
import type { HistoryKind } from '../../contract/history';
import type { PortalProvider, WorkspaceSubscription } from '../providers/provider';
import type { HistoryRecord, PortalStore } from '../store/portalStore';
import { delegateKindOf, keyOf } from './changeKeys';

// Settling the entries a process left pending when it died between writing the intent and completing
// it (docs/api.md, GET /api/history): the provider's own state says whether the change happened.
// Only the holder of the entry's key settles it, so a change still in flight is never judged.

/** What the provider holds now for one key. */
export type ProviderState =
  | { kind: 'seats'; subscription: WorkspaceSubscription | null }
  | { kind: 'delegates'; members: readonly string[] };

type Verdict = { state: 'done'; after: number | readonly string[] } | { state: 'failed' } | null;

/** done when the provider shows the change, failed when it does not, null when it cannot tell. */
export function verdictOf(record: HistoryRecord, now: ProviderState): Verdict {
  const { change } = record;
  if (change.kind === 'licences') {
    if (now.kind !== 'seats' || now.subscription?.subscriptionId !== change.subscriptionId) {
      return null;
    }
    return now.subscription.numberOfSeats === change.after
      ? { state: 'done', after: change.after }
      : { state: 'failed' };
  }
  if (now.kind !== 'delegates') return null;
  const present = now.members.includes(change.member);
  const happened = change.action === 'add' ? present : !present;
  return happened ? { state: 'done', after: now.members } : { state: 'failed' };
}

/**
 * Settles the key's pending entries from the provider's state, read (fresh, never from a cache)
 * only when there are some; the caller holds the key.
 */
export async function settleHeld(
  store: PortalStore,
  customerId: string,
  key: string,
  readNow: () => Promise<ProviderState>,
): Promise<void> {
  const pending = (await store.pendingChanges(customerId)).filter(
    (record) => keyOf(record) === key,
  );
  if (pending.length === 0) return;
  const now = await readNow();
  for (const record of pending) {
    const verdict = verdictOf(record, now);
    if (verdict?.state === 'done') await store.completeChange(record.id, verdict.after);
    else if (verdict?.state === 'failed') await store.failChange(record.id);
  }
}

/** The provider's state for a key of the customer, past any cache: another instance may have changed it. */
export async function readState(
  provider: PortalProvider,
  customerId: string,
  kind: HistoryKind,
): Promise<ProviderState> {
  const fresh = { fresh: true };
  if (kind === 'licences') {
    return {
      kind: 'seats',
      subscription: await provider.findWorkspaceSubscription(customerId, fresh),
    };
  }
  return {
    kind: 'delegates',
    members: await provider.listDelegates(delegateKindOf(kind), customerId, fresh),
  };
}

/**
 * Before a history read: settles every pending entry of the customer whose key is free. A key in use
 * is a change in flight, and an unreadable provider cannot tell: those entries stay pending.
 */
export async function settlePending(
  store: PortalStore,
  provider: PortalProvider,
  customerId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const pending = await store.pendingChanges(customerId);
  const byKey = new Map<string, HistoryRecord>();
  for (const record of pending) {
    if (!byKey.has(keyOf(record))) byKey.set(keyOf(record), record);
  }
  for (const [key, sample] of byKey) {
    await store.ifFree(key, async () => {
      try {
        await settleHeld(store, customerId, key, () =>
          readState(provider, customerId, sample.change.kind),
        );
      } catch (error) {
        log.warn({ err: error, key }, 'pending history entries left pending');
      }
    });
  }
}
