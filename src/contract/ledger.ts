import { Type, type Static } from 'typebox';
import { DelegateAction, idField, nullableText, seatCount } from './fields';
import { HISTORY_STATES, HistoryKind } from './history';
import { PurchaseCharge } from './prices';

// The reseller's ledger (GET /api/reseller/ledger, docs/api.md): every purchase, request and delegate
// change of every customer, with its charge and state, newest first, as pages or as one CSV.

/**
 * The customers' history states, and 'failed': a change the provider refused, which the customers'
 * history hides but an operations view shows, marked (docs/api.md, GET /api/reseller/ledger).
 */
export const LEDGER_STATES = [...HISTORY_STATES, 'failed'] as const;
export const LedgerState = Type.Enum(LEDGER_STATES, { type: 'string' });
export type LedgerState = Static<typeof LedgerState>;

/** Rows per page; the CSV reads every page. */
export const LEDGER_PAGE_DEFAULT = 50;
export const LEDGER_PAGE_MAX = 200;
/** The most rows one CSV holds; more is a 400 asking for narrower filters (docs/api.md). */
export const LEDGER_CSV_MAX_ROWS = 100_000;

export const LEDGER_FORMATS = ['json', 'csv'] as const;

/** The query of GET /api/reseller/ledger, its values as the query string's text. */
export const LedgerQuery = Type.Object(
  {
    /** Only this customer's rows (its customerId). */
    customerId: Type.Optional(idField),
    /** From this day (YYYY-MM-DD, UTC) or instant (ISO 8601 with Z or an offset), inclusive. */
    from: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** To this day, inclusive, or this instant, exclusive. */
    to: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    state: Type.Optional(LedgerState),
    /** nextCursor of the previous page. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** Rows per page, 1–200 (default 50). */
    limit: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
    /** csv: every page as one download. */
    format: Type.Optional(Type.Enum(LEDGER_FORMATS, { type: 'string' })),
  },
  { additionalProperties: false },
);
export type LedgerQuery = Static<typeof LedgerQuery>;

/** One change of one customer; the licence fields are null on a delegate change and the reverse. */
export const LedgerRow = Type.Object({
  id: Type.String(),
  /** When the change was asked for (or found, outside the portal), ISO 8601 UTC. */
  at: Type.String({ format: 'date-time' }),
  customerId: Type.String(),
  /** The customer's primary domain as the change recorded it; null for changes recorded before it was kept. */
  customerDomain: nullableText(),
  kind: HistoryKind,
  state: LedgerState,
  actor: Type.String(),
  requestId: Type.String(),
  /** Licences: the subscription's SKU as the portal showed it, and the totals before and after. */
  skuName: nullableText(),
  before: Type.Union([seatCount, Type.Null()]),
  after: Type.Union([seatCount, Type.Null()]),
  /** Licences: the charge as quoted (docs/api.md, Money); null without a price. */
  charge: Type.Union([PurchaseCharge, Type.Null()]),
  /** Delegates: add or delete, and the delegate's address. */
  action: Type.Union([DelegateAction, Type.Null()]),
  member: nullableText(),
});
export type LedgerRow = Static<typeof LedgerRow>;

export const LedgerPage = Type.Object({
  rows: Type.Array(LedgerRow),
  /** Cursor of the next (older) page, null on the last page. */
  nextCursor: nullableText({ minLength: 1 }),
});
export type LedgerPage = Static<typeof LedgerPage>;
