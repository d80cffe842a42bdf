import {
  DEFAULT_CUSTOMER_SETTINGS,
  type CustomerSettings,
  type EffectiveSettings,
  type ResellerDefaults,
} from '../../contract/customerSettings';

// What a customer's settings mean (docs/reseller-console.md, Customer settings): one rule, used by the
// seat policy, the customers' guard, the console's answers and, later, the approval of purchases.

/** A customer's own settings, or the defaults' nulls (enabled) for one nobody has changed. */
export function ownSettings(stored: CustomerSettings | undefined): CustomerSettings {
  return stored ?? DEFAULT_CUSTOMER_SETTINGS;
}

/** What applies to the customer: its own values, each null replaced by the reseller's default. */
export function effectiveSettings(
  own: CustomerSettings,
  defaults: ResellerDefaults,
): EffectiveSettings {
  return {
    portalEnabled: own.portalEnabled,
    seatCap: own.seatCap ?? defaults.seatCap,
    approvalAbove: own.approvalAbove ?? defaults.approvalAbove,
  };
}

/** Whether a purchase of `seatsAdded` waits for the reseller's approval: above approvalAbove, if any. */
export function purchaseNeedsApproval(effective: EffectiveSettings, seatsAdded: number): boolean {
  return effective.approvalAbove !== null && seatsAdded > effective.approvalAbove;
}
