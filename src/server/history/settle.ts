import type { FastifyBaseLogger } from 'fastify';
import type { HistoryKind } from '../../contract/history';
import { audit, type AuditOutcome } from '../audit';
import { DEFAULT_PURCHASE_GRACE_MS } from '../limits';
import type { PortalMetrics } from '../plugins/metrics';
import type { PortalProvider, WorkspaceSubscription } from '../providers/provider';
import type { HistoryRecord, PortalStore } from '../store/portalStore';
import { delegateKindOf, keyOf } from './changeKeys';

// Settling the entries a process left pending when it died between writing the intent and completing
// it (docs/api.md, GET /api/history): the provider's own state says whether the change happened.
// Only the holder of the entry's key settles it, so a change still in flight is never judged.

/** What the provider holds now for one key. */
export type ProviderState =
  | { kind: 'seats'; subscription: WorkspaceSubscription | null }
  | {
      kind: 'delegates';
      members: readonly string[];
      /** Pending members' primary addresses: Google lists a member added by an alias under it. */
      primaryOf?: Readonly<Record<string, string>>;
    };

type Verdict =
  | { state: 'done'; after: number | readonly string[] }
  | { state: 'failed' | 'unconfirmed' | 'not-made' }
  | null;

export interface SettleClock {
  /** Epoch ms now. */
  now: number;
  /** UNCONFIRMED_PURCHASE_GRACE_MS. */
  graceMs: number;
}

/** A purchase Google's total does not show: unconfirmed until its grace period ends, then not-made. */
function unseenPurchase(record: HistoryRecord, clock: SettleClock): Verdict {
  return { state: clock.now - record.at >= clock.graceMs ? 'not-made' : 'unconfirmed' };
}

/**
 * done when the provider shows the change, null when it cannot tell. A purchase not shown is
 * unconfirmed until the grace period after it ends, then not-made (Google may apply it late; docs/api.md,
 * GET /api/history); a delegate change not shown is failed.
 */
export function verdictOf(
  record: HistoryRecord,
  now: ProviderState,
  clock: SettleClock = { now: Date.now(), graceMs: DEFAULT_PURCHASE_GRACE_MS },
): Verdict {
  const { change } = record;
  if (change.kind === 'licences') {
    // Any id: the portal changes only the Workspace subscription, whose id Google may have changed.
    if (now.kind !== 'seats' || now.subscription === null) return null;
    if (now.subscription.numberOfSeats === change.after)
      return { state: 'done', after: change.after };
    return unseenPurchase(record, clock);
  }
  if (now.kind !== 'delegates') return null;
  const listedAs = now.primaryOf?.[change.member] ?? change.member;
  const present = now.members.includes(change.member) || now.members.includes(listedAs);
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
  readNow: (pending: readonly HistoryRecord[]) => Promise<ProviderState>,
  settling: { clock?: SettleClock; log?: FastifyBaseLogger; metrics?: PortalMetrics } = {},
): Promise<void> {
  const pending = (await store.pendingChanges(customerId)).filter(
    (record) => keyOf(record) === key,
  );
  if (pending.length === 0) return;
  const now = await readNow(pending);
  const clock = settling.clock ?? { now: Date.now(), graceMs: DEFAULT_PURCHASE_GRACE_MS };
  // Oldest first, and Google's one total is one change: the first purchase it shows claims it, a later
  // one with the same total is another change, not seen (docs/api.md, GET /api/history).
  let totalClaimed = false;
  for (const record of pending) {
    let verdict = verdictOf(record, now, clock);
    if (record.change.kind === 'licences' && verdict?.state === 'done') {
      if (totalClaimed) verdict = unseenPurchase(record, clock);
      totalClaimed = true;
    }
    if (verdict === null || verdict.state === record.state) continue;
    if (verdict.state === 'done') await store.completeChange(record.id, verdict.after);
    else if (verdict.state === 'failed') await store.failChange(record.id);
    else await store.markChange(record.id, verdict.state);
    if (settling.log !== undefined) {
      auditSettled(settling.log, record, verdict.state, settling.metrics);
    }
  }
}

/** Every outcome of a change writes an audit line, those decided later included (docs/api.md, Logs). */
function auditSettled(
  log: FastifyBaseLogger,
  record: HistoryRecord,
  outcome: AuditOutcome,
  metrics: PortalMetrics | undefined,
): void {
  const { change } = record;
  const common = {
    actor: record.actor,
    customerId: record.customerId,
    at: record.at,
    outcome,
    requestId: record.requestId,
  };
  if (change.kind === 'licences') {
    audit(
      log,
      {
        ...common,
        action: 'licence.add',
        before: { subscriptionId: change.subscriptionId, numberOfSeats: change.before },
        after: { subscriptionId: change.subscriptionId, numberOfSeats: change.after },
      },
      metrics,
    );
    return;
  }
  audit(
    log,
    {
      ...common,
      action: `${delegateKindOf(change.kind)}-delegate.${change.action}`,
      before: change.before,
      after: change.after ?? change.before,
    },
    metrics,
  );
}

/** The primary address of each pending member the directory knows by another (an alias). */
async function primaryAddresses(
  provider: PortalProvider,
  pending: readonly HistoryRecord[],
): Promise<Record<string, string>> {
  const members = [
    ...new Set(
      pending.flatMap(({ change }) => (change.kind === 'licences' ? [] : [change.member])),
    ),
  ];
  const found = await Promise.all(
    members.map(async (member) => {
      // Someone outside the reseller's customers, or suspended: listed as typed, if at all.
      const user = await provider.lookupDirectoryUser(member).catch(() => null);
      return user === null || user.email === member ? [] : [[member, user.email] as const];
    }),
  );
  return Object.fromEntries(found.flat());
}

/** The provider's state for a key of the customer, past any cache: another instance may have changed it. */
export async function readState(
  provider: PortalProvider,
  customerId: string,
  kind: HistoryKind,
  pending: readonly HistoryRecord[] = [],
): Promise<ProviderState> {
  const fresh = { fresh: true };
  if (kind === 'licences') {
    return {
      kind: 'seats',
      subscription: await provider.findWorkspaceSubscription(customerId, fresh),
    };
  }
  const [members, primaryOf] = await Promise.all([
    provider.listDelegates(delegateKindOf(kind), customerId, fresh),
    primaryAddresses(provider, pending),
  ]);
  return { kind: 'delegates', members, primaryOf };
}
