import type { CustomerSettingsView, ResellerDefaultsView } from '../../contract/customerSettings';
import type { StaffAction } from '../../contract/staffActions';
import type { Customer } from '../providers/provider';
import type { LastChange, StaffActionRecord } from '../store/portalStore';
import type { PortalSettings } from './portalSettings';

// The console's answers (src/contract/customerSettings.ts, src/contract/staffActions.ts) from the
// settings in force and the store's records.

function lastChangeView({ updatedAt, updatedBy }: LastChange) {
  return {
    updatedAt: updatedAt === null ? null : new Date(updatedAt).toISOString(),
    updatedBy,
  };
}

export function toCustomerSettingsView(
  customer: Customer,
  settings: PortalSettings,
): CustomerSettingsView {
  const { portalEnabled, seatCap, approvalAbove, ...changed } = settings.ownSettingsOf(
    customer.customerId,
  );
  return {
    customerId: customer.customerId,
    customerDomain: customer.customerDomain,
    settings: { portalEnabled, seatCap, approvalAbove },
    effective: settings.effectiveSettingsOf(customer.customerId),
    ...lastChangeView(changed),
  };
}

export function toResellerDefaultsView(settings: PortalSettings): ResellerDefaultsView {
  const { seatCap, approvalAbove, ...changed } = settings.defaults();
  return { defaults: { seatCap, approvalAbove }, ...lastChangeView(changed) };
}

export function toStaffAction(record: StaffActionRecord): StaffAction {
  return {
    id: String(record.id),
    at: new Date(record.at).toISOString(),
    actor: record.actor,
    kind: record.kind,
    customerId: record.customerId,
    requestId: record.requestId,
    before: record.before,
    after: record.after,
  };
}
