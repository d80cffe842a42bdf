import { API_PATHS } from '../../../contract/api';
import type { CustomerSettingsView } from '../../../contract/customerSettings';
import { customerSettingsChangeSchema, customerSettingsSchema } from '../../../contract/endpoints';
import { notFound } from '../../apiError';
import { staffIdentityOf } from '../../auth/staffGuard';
import { SERVER_TEXT } from '../../messages';
import type { Customer, PortalProvider } from '../../providers/provider';
import { toCustomerSettingsView } from '../../settings/settingsViews';
import { logStaffAction } from '../../settings/staffActionLog';
import type { ApiScope, ConsoleRouteContext } from '../context';

/** The reseller's customer the path names (its customerId or a domain of it); 404 for any other. */
async function customerNamed(provider: PortalProvider, named: string): Promise<Customer> {
  const customer = await provider.findCustomer(named);
  if (customer === null) throw notFound(SERVER_TEXT.unknownCustomer(named));
  return customer;
}

// A customer's portal settings (docs/api.md, The reseller's console): read by any staff member,
// replaced by a reseller admin (the console's guard refuses support staff), recorded in the audit trail.
export async function customerSettingsRoutes(
  app: ApiScope,
  { provider, store, now, settings }: ConsoleRouteContext,
): Promise<void> {
  app.get(
    API_PATHS.customerSettings,
    { schema: customerSettingsSchema },
    async (request): Promise<CustomerSettingsView> => {
      const customer = await customerNamed(provider, request.params.customerId);
      return toCustomerSettingsView(customer, settings);
    },
  );

  app.put(
    API_PATHS.customerSettings,
    { schema: customerSettingsChangeSchema },
    async (request): Promise<CustomerSettingsView> => {
      const customer = await customerNamed(provider, request.params.customerId);
      const action = await store.changeCustomerSettings(customer.customerId, request.body, {
        actor: staffIdentityOf(request).email,
        requestId: request.id,
        at: now(),
      });
      // This instance applies the change at once; the others within SETTINGS_REFRESH_MS.
      await settings.refresh();
      if (action !== null) logStaffAction(request.log, action);
      return toCustomerSettingsView(customer, settings);
    },
  );
}
