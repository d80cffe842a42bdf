import type { StaffActionKind } from '../../../contract/staffActions';

// The console's own words for settings, defaults and the audit trail (docs/reseller-console.md).
export const CONSOLE_WORDS = {
  customerSettings: 'Customer settings',
  customerLookupLabel: "Customer's id or domain",
  customerLookupButton: 'Open settings',
  portalEnabled: 'Self-service portal',
  portalOn: 'On',
  portalOff: 'Off',
  seatCap: 'Seat cap (most seats in total)',
  approvalAbove: 'Approval above (seats per purchase)',
  blankIsDefault: (value: string) => `Blank: the reseller's default (${value})`,
  noApprovals: 'no approvals',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  saved: 'Saved.',
  readOnly: 'Reseller support staff can only look; changes are for reseller admins.',
  lastChange: (by: string, at: string) => `Last changed by ${by} on ${at}`,
  neverChanged: 'Never changed in the console',
  defaults: "Reseller's defaults",
  defaultsIntro: 'What every customer without a value of its own gets.',
  defaultSeatCap: 'Default seat cap',
  defaultApprovalAbove: 'Default approval above (blank: no approvals)',
  auditTrail: 'Audit trail',
  auditFilter: "Only this customer's id",
  auditFilterButton: 'Filter',
  auditOlder: 'Older actions',
  auditNewest: 'Newest',
  auditEmpty: 'No staff action recorded yet.',
  auditWhen: 'When',
  auditWho: 'Who',
  auditWhat: 'What',
  auditCustomer: 'Customer',
  auditChange: 'Change',
  allCustomers: 'every customer',
} as const;

export const STAFF_ACTION_WORDS: Readonly<Record<StaffActionKind, string>> = {
  'customer-settings': 'Customer settings',
  'reseller-defaults': "Reseller's defaults",
};

/** A setting's value as the console shows it: null is the default. */
export function settingValue(value: string | number | boolean | null): string {
  if (value === null) return 'default';
  if (value === true) return 'on';
  if (value === false) return 'off';
  return String(value);
}
