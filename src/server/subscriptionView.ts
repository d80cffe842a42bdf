import type { SubscriptionInfo } from '../contract/subscription';
import type { LiveRoles } from './auth/roles';
import type { Customer, WorkspaceSubscription } from './providers/provider';
import { isAnnualPlan } from './providers/seatRules';

/** The SubscriptionInfo answer (docs/api.md, Endpoints) from the provider's records and the caller's roles. */
export function toSubscriptionInfo(
  customer: Customer,
  subscription: WorkspaceSubscription,
  roles: LiveRoles,
): SubscriptionInfo {
  return {
    email: roles.user.email,
    customerId: customer.customerId,
    customerDomain: customer.customerDomain,
    skuName: subscription.skuName,
    planName: subscription.planName,
    isAnnual: isAnnualPlan(subscription.planName),
    numberOfSeats: subscription.numberOfSeats,
    licensedNumberOfSeats: subscription.licensedNumberOfSeats,
    maximumNumberOfSeats: subscription.maximumNumberOfSeats,
    subscriptionId: subscription.subscriptionId,
    isAdmin: roles.isAdmin,
    accessRoles: { license: roles.license, support: roles.support },
    thumbnailPhotoUrl: roles.user.thumbnailPhotoUrl,
    status: subscription.status,
    suspensionReasons: subscription.suspensionReasons,
    isTrial: subscription.isTrial,
    renewalDate: subscription.renewalDate,
  };
}
