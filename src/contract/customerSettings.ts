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

/** What applies to a customer once its nulls fall back to the reseller's defaults. */
export const EffectiveSettings = Type.Object({
  portalEnabled: Type.Boolean(),
  seatCap: settingSeats,
  approvalAbove: seatsOrDefault,
});
export type EffectiveSettings = Static<typeof EffectiveSettings>;

/** A customer's settings as stored (a customer never changed has the defaults' nulls, enabled). */
export const DEFAULT_CUSTOMER_SETTINGS: CustomerSettings = {
  portalEnabled: true,
  seatCap: null,
  approvalAbove: null,
};

/** Who last changed settings and when (ISO 8601 UTC); null for what no one has changed yet. */
const lastChange = {
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
};

/** GET and PUT /api/reseller/customers/{customerId}/settings answer one customer's settings. */
export const CustomerSettingsView = Type.Object({
  customerId: Type.String(),
  customerDomain: Type.String(),
  settings: CustomerSettings,
  effective: EffectiveSettings,
  ...lastChange,
});
export type CustomerSettingsView = Static<typeof CustomerSettingsView>;

/** GET and PUT /api/reseller/defaults answer the reseller's defaults. */
export const ResellerDefaultsView = Type.Object({ defaults: ResellerDefaults, ...lastChange });
export type ResellerDefaultsView = Static<typeof ResellerDefaultsView>;

/** The path of a customer's settings: its customerId, or one of its domains. */
export const CustomerSettingsParams = Type.Object(
  { customerId: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);
export type CustomerSettingsParams = Static<typeof CustomerSettingsParams>;
