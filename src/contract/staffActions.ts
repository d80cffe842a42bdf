import { Type, type Static } from 'typebox';
import { nullableText } from './fields';

// The audit trail of staff actions (GET /api/reseller/audit, docs/api.md): every change a member of
// the reseller's staff makes in the console, with who, when, and the state before and after.

/**
 * What a staff action changed. Prices, approvals and declines join this list with their own kinds
 * (docs/reseller-console.md, Audit trail).
 */
export const STAFF_ACTION_KINDS = ['customer-settings', 'reseller-defaults'] as const;
export const StaffActionKind = Type.Enum(STAFF_ACTION_KINDS, { type: 'string' });
export type StaffActionKind = Static<typeof StaffActionKind>;

/** A state as the audit keeps it: flat fields of plain values, so any kind shows as a field list. */
export const StaffActionState = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
);
export type StaffActionState = Static<typeof StaffActionState>;

export const StaffAction = Type.Object({
  id: Type.String(),
  /** When it was made, ISO 8601 UTC. */
  at: Type.String({ format: 'date-time' }),
  /** The staff member's address. */
  actor: Type.String(),
  kind: StaffActionKind,
  /** The customer it concerns; null for what concerns every customer (the defaults). */
  customerId: nullableText(),
  /** The x-request-id of the request that made it. */
  requestId: Type.String(),
  /** null: there was nothing before (a first setting) or after (a removal). */
  before: Type.Union([StaffActionState, Type.Null()]),
  after: Type.Union([StaffActionState, Type.Null()]),
});
export type StaffAction = Static<typeof StaffAction>;

/** Actions per page of GET /api/reseller/audit. */
export const AUDIT_PAGE_DEFAULT = 20;
export const AUDIT_PAGE_MAX = 100;

/** The query of GET /api/reseller/audit, its values as the query string's text. */
export const AuditQuery = Type.Object(
  {
    /** Only this customer's actions (its customerId). */
    customerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    kind: Type.Optional(StaffActionKind),
    /** nextCursor of the previous page. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** Actions per page, 1–100 (default 20). */
    limit: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Type.Object({
  actions: Type.Array(StaffAction),
  /** Cursor of the next (older) page, null on the last page. */
  nextCursor: nullableText({ minLength: 1 }),
});
export type AuditPage = Static<typeof AuditPage>;
