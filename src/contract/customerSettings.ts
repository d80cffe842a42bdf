import { Type, type Static } from 'typebox';

// A customer's portal settings, as the reseller's console edits them (docs/reseller-console.md):
// one definition for the store, the routes, the customers' list and the console's form.

/** The most seats one setting may name: Google's own limit on a subscription is far below it. */
export const SETTING_SEATS_MAX = 1_000_000;

const settingSeats = Type.Integer({ minimum: 1, maximum: SETTING_SEATS_MAX });

/** Seats, or null: the reseller's default applies. */
const seatsOrDefault = Type.Union([settingSeats, Type.Null()]);

/**
 * PUT /api/reseller/customers/{customerId}/settings: whether the customer may use the portal, the
 * most seats an annual subscription may reach and the seats per purchase above which a purchase
 * waits for approval; null means the reseller's default.
 */
export const CustomerSettings = Type.Object(
  {
    portalEnabled: Type.Boolean(),
    seatCap: seatsOrDefault,
    approvalAbove: seatsOrDefault,
  },
  { additionalProperties: false },
);
export type CustomerSettings = Static<typeof CustomerSettings>;

/** The reseller's defaults, which a customer's null falls back to; null approvalAbove: no approvals. */
export const ResellerDefaults = Type.Object(
  {
    seatCap: settingSeats,
    approvalAbove: seatsOrDefault,
  },
  { additionalProperties: false },
);
export type ResellerDefaults = Static<typeof ResellerDefaults>;
