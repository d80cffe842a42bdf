import type { ColumnType, Generated } from 'kysely';

// The portal store's tables as Kysely sees them (docs/deploy.md). PostgreSQL answers bigint columns
// as strings, SQLite as numbers, so reads go through Number().

/** A bigint column: written as a number, read as a number (SQLite) or a string (PostgreSQL). */
type BigIntColumn = ColumnType<number | string, number, number>;
type NullableBigIntColumn = ColumnType<number | string | null, number | null, number | null>;
/** A text column added after the first release: absent from an insert is null. */
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

/** Sessions signed out before their expiry (POST /api/sign-out). */
export interface RevokedSessionTable {
  session_id: string;
  /** Epoch ms: the session's own expiry, after which the record can go. */
  expires_at: BigIntColumn;
}

/** A person's last sign-out: every session of theirs issued until not_before is ended. */
export interface SignOutTable {
  /** The person's primary address, lower-cased. */
  person: string;
  /** Epoch ms of the sign-out. */
  not_before: BigIntColumn;
  /** Epoch ms after which no session issued before not_before can be unexpired: the record can go. */
  expires_at: BigIntColumn;
}

/** One row per licence add or delegate change, written before the provider is called. */
export interface HistoryTable {
  /** Insertion order: newest first is highest first. */
  id: Generated<number | string>;
  customer_id: string;
  /** HistoryKind: licences, licence-delegate or support-delegate. */
  kind: string;
  /** pending, done, failed (refused; never listed), unconfirmed or not-made (store/portalStore.ts). */
  state: string;
  actor: string;
  request_id: string;
  /** Epoch ms of the request. */
  at: BigIntColumn;
  /** Licences: the subscription and the totals before and after (after = the requested total until done). */
  subscription_id: string | null;
  seats_before: NullableBigIntColumn;
  seats_after: NullableBigIntColumn;
  /** Delegates: add or delete, the address, and the list before and after as JSON arrays. */
  action: string | null;
  member: string | null;
  members_before: string | null;
  members_after: string | null;
  /** For the change's notification (migration 0004): the customer's domain and the SKU; null before. */
  customer_domain: ColumnType<string | null, string | null | undefined, string | null>;
  sku_id: ColumnType<string | null, string | null | undefined, string | null>;
  sku_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0005's price as JSON, floats in the major unit; no longer written (migration 0007). */
  price: ColumnType<string | null, string | null | undefined, string | null>;
  /** Licences: the charge as quoted (PurchaseCharge, migration 0007), minor units; null without one. */
  charge_currency: NullableText;
  charge_unit_price_minor: NullableBigIntColumn;
  charge_seats: NullableBigIntColumn;
  charge_period: NullableText;
  charge_amount_minor: NullableBigIntColumn;
  charge_term_end: NullableText;
  charge_price_version: NullableText;
}

/** One notification per completed change, written with the change (docs/notifications.md). */
export interface OutboxTable {
  /** The event's id (a uuid): receivers dedupe by it. */
  id: string;
  /** At most one event per history entry. */
  history_id: BigIntColumn;
  /** The NotificationEvent as JSON, without its sequence (the column below). */
  event: string;
  /** Epoch ms the row was written. */
  created_at: BigIntColumn;
  /** waiting, delivered or failed (after the last attempt). */
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  /** Epoch ms before which no worker tries it again. */
  next_attempt_at: BigIntColumn;
  /** Epoch ms the worker that took it holds it until; past it, another worker may take it. */
  taken_until: NullableBigIntColumn;
  taken_by: string | null;
  /** The channels that have it already, as a JSON array: a retry skips them. */
  delivered_channels: ColumnType<string, string | undefined, string>;
  last_error: string | null;
  /** Increases across the portal in the order rows are written (migration 0006): the events' cursor. */
  sequence: Generated<number | string>;
  /** Epoch ms the row's retry window opened: written, or put back by `npm run outbox:resend`. */
  retry_since: BigIntColumn;
}

/** Subscription ids the portal has shown each customer: Google changes an id when it updates one. */
export interface SubscriptionIdTable {
  customer_id: string;
  subscription_id: string;
}

/** The time zone each person's browser last named (migration 0008): the mails' dates (docs/notifications.md). */
export interface TimeZoneTable {
  /** The person's primary address, lower-cased. */
  person: string;
  /** An IANA zone name, e.g. Europe/Paris. */
  time_zone: string;
  /** Epoch ms it was last named. */
  named_at: BigIntColumn;
}

/** The reseller's defaults (migration 0009): one row, id 1, written at the first start. */
export interface ResellerDefaultsTable {
  id: number;
  seat_cap: BigIntColumn;
  /** null: no purchase waits for approval. */
  approval_above: NullableBigIntColumn;
  /** Moves with every settings change, customers' included: the instances' one read to notice one. */
  revision: BigIntColumn;
  /** Epoch ms and the staff member of the last change; null for the first start's seed. */
  updated_at: NullableBigIntColumn;
  updated_by: string | null;
}

/** A customer's own settings (migration 0009); null seats fall back to the defaults. */
export interface CustomerSettingsTable {
  customer_id: string;
  /** 1 or 0. */
  portal_enabled: number;
  seat_cap: NullableBigIntColumn;
  approval_above: NullableBigIntColumn;
  /** Epoch ms and the staff member (or the seat-cap file's import) of the last change. */
  updated_at: BigIntColumn;
  updated_by: string;
}

/** One row per staff action (migration 0009), written in the change's own transaction. */
export interface StaffActionTable {
  /** Insertion order: newest first is highest first. */
  id: Generated<number | string>;
  /** Epoch ms. */
  at: BigIntColumn;
  actor: string;
  /** StaffActionKind (src/contract/staffActions.ts). */
  kind: string;
  customer_id: string | null;
  request_id: string;
  /** The state before and after as JSON objects of plain values; null for none. */
  before: string | null;
  after: string | null;
}

export interface PortalDatabase {
  revoked_sessions: RevokedSessionTable;
  sign_outs: SignOutTable;
  history: HistoryTable;
  subscription_ids: SubscriptionIdTable;
  outbox: OutboxTable;
  time_zones: TimeZoneTable;
  reseller_defaults: ResellerDefaultsTable;
  customer_settings: CustomerSettingsTable;
  staff_actions: StaffActionTable;
}
