import { Type, type Static } from 'typebox';
import { DelegateAction, idField, nullableText, seatCount } from './fields';
import { PurchaseCharge } from './prices';

// The change history (GET /api/history, docs/api.md): every licence add and delegate change, newest
// first. An entry is written as 'pending' before the provider is called and completed after it;
// a read settles entries a crashed process left pending from the provider's own state.

export const HISTORY_KINDS = ['licences', 'licence-delegate', 'support-delegate'] as const;
export const HistoryKind = Type.Enum(HISTORY_KINDS, { type: 'string' });
export type HistoryKind = Static<typeof HistoryKind>;

/**
 * 'pending' while the change is in flight or the provider's state cannot tell; 'unconfirmed': a
 * purchase Google did not confirm and does not show yet; 'not-made': not shown within the grace period;
 * 'outside-change': a licence total Google shows that the portal did not make, found by the ledger's
 * reconciliation (docs/api.md, GET /api/history): `before` the last total the ledger knew, `after`
 * Google's, `at` when it was found.
 */
export const HISTORY_STATES = [
  'done',
  'pending',
  'unconfirmed',
  'not-made',
  'outside-change',
] as const;
export const HistoryState = Type.Enum(HISTORY_STATES, { type: 'string' });
export type HistoryState = Static<typeof HistoryState>;

/** Entries per page of GET /api/history (docs/api.md). */
export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;
/** A cursor is a short opaque token; anything longer was not given by this server. */
const CURSOR_MAX_LENGTH = 64;
/** Digits of a limit; the value itself is checked in the handler (query strings are text). */
const LIMIT_MAX_LENGTH = 16;

const entryBase = {
  id: Type.String(),
  /** When the change was asked for, ISO 8601 UTC. */
  at: Type.String({ format: 'date-time' }),
  /** The signed-in person who made it. */
  actor: Type.String(),
  /** The x-request-id of the request that made it. */
  requestId: Type.String(),
  state: HistoryState,
};

export const LicenceHistoryEntry = Type.Object({
  ...entryBase,
  kind: Type.Literal('licences'),
  /** Total licences before and after the add. */
  before: seatCount,
  after: seatCount,
  /** The charge as quoted (docs/api.md, Money); null without a price, or recorded before one was kept. */
  charge: Type.Union([PurchaseCharge, Type.Null()]),
});
export type LicenceHistoryEntry = Static<typeof LicenceHistoryEntry>;

export const DelegateHistoryEntry = Type.Object({
  ...entryBase,
  kind: Type.Enum(['licence-delegate', 'support-delegate'], { type: 'string' }),
  action: DelegateAction,
  /** The delegate's address. */
  member: Type.String(),
});
export type DelegateHistoryEntry = Static<typeof DelegateHistoryEntry>;

export const HistoryEntry = Type.Union([LicenceHistoryEntry, DelegateHistoryEntry]);
export type HistoryEntry = Static<typeof HistoryEntry>;

/** The query of GET /api/history; unknown fields are refused (docs/api.md). */
export const HistoryQuery = Type.Object(
  {
    /** The caller's own customerId. */
    customer: idField,
    kind: Type.Optional(HistoryKind),
    /** nextCursor of the previous page. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: CURSOR_MAX_LENGTH })),
    /** Entries per page, 1–100 (default 20), as the query string's text. */
    limit: Type.Optional(Type.String({ minLength: 1, maxLength: LIMIT_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type HistoryQuery = Static<typeof HistoryQuery>;

export const HistoryPage = Type.Object({
  entries: Type.Array(HistoryEntry),
  /** Cursor of the next (older) page, null on the last page. */
  nextCursor: nullableText({ minLength: 1 }),
});
export type HistoryPage = Static<typeof HistoryPage>;
