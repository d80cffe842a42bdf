import type { DelegateAction } from '../../contract/api';
import type { CustomerSettings, ResellerDefaults } from '../../contract/customerSettings';
import type { StaffActionKind, StaffActionState } from '../../contract/staffActions';
import type { HistoryKind } from '../../contract/history';
import type { NotificationEvent } from '../../contract/notifications';
import type { PurchaseCharge } from '../../contract/prices';
import type { LedgerStore } from './ledgerQueries';

// The portal's own store (docs/deploy.md): session revocations, the change history and the locks that
// serialise changes to one subscription or delegate list. One interface, two databases: SQLite in
// PORTAL_DATA_DIR for one instance, PostgreSQL (DATABASE_URL) for several.

export type StoreDialect = 'sqlite' | 'postgres';

/**
 * pending: written before the provider was called; done: it answered, or its state shows the change;
 * failed: it refused (never listed); unconfirmed: the provider could not confirm it (504 UNKNOWN) and
 * its state does not show it yet; not-made: its state never showed it within the grace period;
 * outside-change: a seat total Google shows that the portal did not make; observed: the first total
 * the ledger saw for a customer, its baseline (never listed; docs/api.md, Reconciliation).
 */
export type RecordState =
  'pending' | 'done' | 'failed' | 'unconfirmed' | 'not-made' | 'outside-change' | 'observed';

/** States whose `after` is a seat total Google showed: the ledger's last known total comes from them. */
export const KNOWN_TOTAL_STATES = ['done', 'outside-change', 'observed'] as const;

/** States an entry can still leave: settled from the provider's state (history/settle.ts). */
export const UNSETTLED_STATES = ['pending', 'unconfirmed'] as const;

export interface LicenceChange {
  kind: 'licences';
  subscriptionId: string;
  /** Total before; after is the requested total until the provider answers. */
  before: number;
  after: number;
}

export interface DelegateChange {
  kind: Exclude<HistoryKind, 'licences'>;
  action: DelegateAction;
  member: string;
  /** The delegate list before and (once done) after, sorted. */
  before: string[];
  after: string[] | null;
}

export type RecordedChange = LicenceChange | DelegateChange;

export interface HistoryIntent {
  customerId: string;
  actor: string;
  requestId: string;
  /** Epoch ms. */
  at: number;
  change: RecordedChange;
  /** What the change's notification names (docs/notifications.md): the customer's primary domain. */
  customerDomain?: string;
  /** Licences: the subscription's SKU, as the portal shows it. */
  sku?: { skuId: string | null; skuName: string };
  /** Licences: the charge as quoted, computed under the purchase's lock; null without a price. */
  charge?: PurchaseCharge | null;
}

export interface HistoryRecord extends HistoryIntent {
  id: number;
  state: RecordState;
}

/** The actor of a total the portal did not change: someone at Google (its Admin console, the reseller's). */
export const OUTSIDE_ACTOR = 'Google';

/** A seat total found at Google by reconciliation (services/reconcile.ts), written as one entry. */
export interface FoundSeats {
  customerId: string;
  /** The pass that found it (its audit lines and logs carry the same id). */
  requestId: string;
  /** Epoch ms when it was found. */
  at: number;
  /** outside-change: a difference (and its notification); observed: the ledger's first total. */
  state: 'outside-change' | 'observed';
  /** The Workspace subscription now, its total before (the ledger's; for observed, the same) and after. */
  change: LicenceChange;
  customerDomain: string | null;
  sku: { skuId: string | null; skuName: string };
  /** The id of the ledger's last known total it was compared with (null: none); written only if still last. */
  comparedWith: number | null;
}

/** The ledger's last known seat total of a customer's Workspace subscription. */
export interface KnownSeats {
  /** The entry it comes from. */
  id: number;
  subscriptionId: string;
  total: number;
}

export interface HistoryPageQuery {
  customerId: string;
  kinds: readonly HistoryKind[];
  /** Only entries older (lower id) than this one; null for the newest. */
  olderThan: number | null;
  limit: number;
}

/** Outcome of work that runs only if nobody else holds the lock. */
export type Attempt<T> = { ran: true; value: T } | { ran: false };

export interface ChangeLocks {
  /** Runs `work` while no other holder of `key` runs, in this process or (PostgreSQL) any other. */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Like exclusive, but answers { ran: false } at once when `key` is held. */
  ifFree<T>(key: string, work: () => Promise<T>): Promise<Attempt<T>>;
}

/** What decides whether a session was ended before its expiry. */
export interface SessionStanding {
  sessionId: string;
  /** The person's primary address, lower-cased. */
  person: string;
  /** Epoch ms the session was issued. */
  issuedAt: number;
}

/** waiting: not yet delivered on every channel; delivered; failed: out of attempts (docs/notifications.md). */
export type OutboxState = 'waiting' | 'delivered' | 'failed';

export interface OutboxEntry {
  event: NotificationEvent;
  state: OutboxState;
  /** Attempts so far, the one under way included. */
  attempts: number;
  /** The channels that have it already: a retry skips them. */
  deliveredChannels: string[];
  lastError: string | null;
  /** Epoch ms of the next attempt. */
  nextAttemptAt: number;
  /** Epoch ms the retry window opened (written, or resent): WEBHOOK_RETRY_FOR runs from it. */
  retrySince: number;
}

/** A page of events for a billing system (GET /api/reseller/events): after a sequence, oldest first. */
export interface EventPageQuery {
  after: number;
  limit: number;
}

/** Which failed rows `npm run outbox:resend` puts back: one event by its id, or every failed one. */
export type ResendSelection = { eventId: string } | 'failed';

export interface OutboxClaim {
  /** The worker's own id, so only it settles what it took. */
  worker: string;
  /** Epoch ms. */
  now: number;
  /** How long the rows stay the worker's; past it, another worker takes them again. */
  leaseMs: number;
  limit: number;
}

export interface OutboxHold {
  id: string;
  worker: string;
  /** Epoch ms. */
  now: number;
  leaseMs: number;
}

export interface OutboxOutcome {
  state: OutboxState;
  deliveredChannels: string[];
  nextAttemptAt: number;
  lastError: string | null;
}

/** The durable outbox: rows written by completeChange, delivered by notifications/deliveryWorker.ts. */
export interface Outbox {
  /** Takes waiting rows that are due and free (PostgreSQL: FOR UPDATE SKIP LOCKED), counting an attempt. */
  takeNotifications(claim: OutboxClaim): Promise<OutboxEntry[]>;
  /** Renews the worker's lease on a row it still holds; false when the lease passed first. */
  holdNotification(hold: OutboxHold): Promise<boolean>;
  /** Settles a row the worker took; a no-op when its lease passed and another worker holds it. */
  finishNotification(id: string, worker: string, outcome: OutboxOutcome): Promise<void>;
  /** Frees every taken row: on SQLite one process holds the store, so at start none is in delivery. */
  releaseNotifications(): Promise<void>;
  /** Rows out of attempts, newest first, for the operator (npm run outbox:failed). */
  failedNotifications(): Promise<OutboxEntry[]>;
  /**
   * Puts failed rows back in the queue, due at `now` with a fresh retry window and the same event id;
   * answers the ids put back (docs/notifications.md, Operators).
   */
  resendNotifications(selection: ResendSelection, now: number): Promise<string[]>;
  /** Events whose sequence is above `after`, oldest first, whatever their delivery (docs/api.md). */
  eventsAfter(query: EventPageQuery): Promise<NotificationEvent[]>;
  /** Rows waiting and failed (the metrics' gauge). */
  countNotifications(): Promise<Record<'waiting' | 'failed', number>>;
}

/** Who made a staff change, and when (docs/reseller-console.md, Audit trail). */
export interface StaffActor {
  /** The staff member's address. */
  actor: string;
  requestId: string;
  /** Epoch ms. */
  at: number;
}

/** One staff action as recordStaffAction (store/staffActions.ts) writes it. */
export interface StaffActionIntent extends StaffActor {
  kind: StaffActionKind;
  /** null for what concerns every customer (the defaults). */
  customerId: string | null;
  before: StaffActionState | null;
  after: StaffActionState | null;
}

export interface StaffActionRecord extends StaffActionIntent {
  id: number;
}

/** A page of the audit trail, newest first. */
export interface StaffActionQuery {
  customerId: string | null;
  kind: StaffActionKind | null;
  /** Only actions older (lower id) than this one; null for the newest. */
  olderThan: number | null;
  limit: number;
}

/** Who last changed settings: epoch ms and address; null for what no one has changed. */
export interface LastChange {
  updatedAt: number | null;
  updatedBy: string | null;
}

export type StoredCustomerSettings = CustomerSettings & LastChange;
export type StoredDefaults = ResellerDefaults & LastChange;

/** Every setting in the store at one revision (settings/portalSettings.ts keeps it in memory). */
export interface StoredSettings {
  /** Moves with every settings change; 0 before the first start wrote the defaults. */
  revision: number;
  /** null until the first start wrote them. */
  defaults: StoredDefaults | null;
  customers: ReadonlyMap<string, StoredCustomerSettings>;
}

/** The first start's settings (docs/reseller-console.md, Where the settings come from). */
export interface SettingsSeed {
  /** ANNUAL_SEAT_CAP (or its default) and no approvals. */
  defaults: ResellerDefaults;
  /** SEAT_CAP_FILE's caps, read only when the seed is written. */
  seatCaps(): ReadonlyMap<string, number>;
  /** Epoch ms, and what the imported customers' settings name as their author. */
  at: number;
  by: string;
}

/** The console's settings and its audit trail: each change and its staff action in one transaction. */
export interface SettingsStore {
  /** Writes the seed unless the store has defaults already; answers how many caps it imported, or null. */
  seedSettings(seed: SettingsSeed): Promise<number | null>;
  /** The settings' revision: one cheap read, polled by every instance. */
  settingsRevision(): Promise<number>;
  readSettings(): Promise<StoredSettings>;
  /** Replaces a customer's settings; answers the staff action, or null when nothing changed. */
  changeCustomerSettings(
    customerId: string,
    settings: CustomerSettings,
    by: StaffActor,
  ): Promise<StaffActionRecord | null>;
  /** Replaces the reseller's defaults; answers the staff action, or null when nothing changed. */
  changeResellerDefaults(
    defaults: ResellerDefaults,
    by: StaffActor,
  ): Promise<StaffActionRecord | null>;
  /** A page of staff actions, newest first. */
  listStaffActions(query: StaffActionQuery): Promise<StaffActionRecord[]>;
}

export interface PortalStore extends ChangeLocks, Outbox, SettingsStore, LedgerStore {
  readonly dialect: StoreDialect;

  /** Whether this one session was revoked (a new sign-in replaced it). */
  isSessionRevoked(sessionId: string): Promise<boolean>;
  /** One indexed read per request: revoked by id, or issued by its person's last sign-out. */
  isSessionEnded(session: SessionStanding): Promise<boolean>;
  /** Keeps the revocation until the session's own expiry, and sweeps records already past theirs. */
  revokeSession(sessionId: string, expiresAt: number, now: number): Promise<void>;
  /** The person's 'not before': ends every session of theirs issued until `at`, everywhere. */
  signOutPerson(person: string, at: number): Promise<void>;
  /** The person's 'not before' (epoch ms), or null when they have not signed out lately. */
  personSignedOutAt(person: string): Promise<number | null>;
  /** Deletes revocations and sign-outs no unexpired session depends on; answers how many. */
  sweepRevocations(now: number): Promise<number>;

  /** Writes a pending entry (committed before this resolves) and answers its id. */
  recordIntent(intent: HistoryIntent): Promise<number>;
  /** The provider made the change: done, with the state after it, and its notification in the outbox. */
  completeChange(id: number, after: number | readonly string[]): Promise<void>;
  /** The provider refused the change, or it never happened: failed (never listed). */
  failChange(id: number): Promise<void>;
  /** The change may have happened but was not seen, or was never seen within the grace period. */
  markChange(id: number, state: 'unconfirmed' | 'not-made'): Promise<void>;
  /**
   * Writes a total found at Google (committed before this resolves), with its notification for an
   * outside-change in the same transaction; answers its id, or null when the ledger's last known total
   * is no longer the one it was compared with (another process wrote first).
   */
  recordFoundSeats(found: FoundSeats): Promise<number | null>;
  /** The `after` of the customer's last licence entry that is done, outside-change or observed. */
  lastKnownSeats(customerId: string): Promise<KnownSeats | null>;
  /** A customer's entries still pending or unconfirmed, oldest first. */
  pendingChanges(customerId: string): Promise<HistoryRecord[]>;
  /** Every customer's entries still pending or unconfirmed, oldest first (the settlement worker's). */
  unsettledChanges(): Promise<HistoryRecord[]>;
  /** How many entries of all customers are pending and unconfirmed (the metrics' gauge). */
  countUnsettled(): Promise<Record<(typeof UNSETTLED_STATES)[number], number>>;
  /** Notes a subscription id the portal showed the customer (Google changes ids on updates). */
  rememberSubscriptionId(customerId: string, subscriptionId: string): Promise<void>;
  /** Whether the portal has shown the customer this subscription id. */
  knowsSubscriptionId(customerId: string, subscriptionId: string): Promise<boolean>;
  /** A page of a customer's entries of the given kinds, newest first; failed and observed are not listed. */
  listHistory(query: HistoryPageQuery): Promise<HistoryRecord[]>;

  /** Keeps the time zone the person's browser named (an IANA name), replacing an older one. */
  rememberTimeZone(person: string, timeZone: string, at: number): Promise<void>;
  /** The time zone the person's browser last named, or null when none did. */
  timeZoneOf(person: string): Promise<string | null>;

  /** One cheap read of the store's own tables: the readiness check (docs/api.md, GET /api/ready). */
  ping(): Promise<void>;

  close(): Promise<void>;
}
