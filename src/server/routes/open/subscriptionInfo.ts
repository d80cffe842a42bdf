import { API_PATHS, TOKEN_HEADER } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { subscriptionInfoSchema } from '../../../contract/endpoints';
import { ERROR_TEXT } from '../../../contract/errors';
import { DIRECTORY_SCOPE } from '../../../contract/limits';
import type { SubscriptionInfo } from '../../../contract/subscription';
import { notFound } from '../../apiError';
import { notACustomer, provenAccount } from '../../auth/managedAccount';
import { requirePortalEnabled } from '../../auth/guard';
import { readDelegateRoles } from '../../auth/roles';
import { startSignedInSession } from '../../auth/signIn';
import type { DirectoryUser, PortalProvider } from '../../providers/provider';
import { toSubscriptionInfo } from '../../subscriptionView';
import type { ApiScope, RouteContext } from '../context';

function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The person's organisation, subscription and delegate roles. The directory names the customer (so a
 * secondary or alias domain reaches it); the three reads are then independent and run at once, and
 * the customer's answer is read first, so someone of another organisation learns nothing else.
 */
async function readOrganisation(provider: PortalProvider, user: DirectoryUser) {
  const customerId =
    user.customerId ?? (await provider.findCustomer(domainOf(user.email)))?.customerId;
  if (customerId === undefined) throw notACustomer(provider.resellerName);
  const [customer, subscription, delegate] = await Promise.allSettled([
    provider.findCustomer(customerId),
    provider.findWorkspaceSubscription(customerId),
    readDelegateRoles(provider, customerId, user.email),
  ]);
  const found = settled(customer);
  if (found === null) throw notACustomer(provider.resellerName);
  const chosen = settled(subscription);
  if (chosen === null) {
    throw notFound(ERROR_TEXT.noSubscription(found.customerDomain));
  }
  return { customer: found, subscription: chosen, delegate: settled(delegate) };
}

// Sign-in: the identity provider's token proves who the caller is; the answer starts the session.
export async function subscriptionInfoRoutes(
  app: ApiScope,
  { provider, store, now, settings }: RouteContext,
): Promise<void> {
  app.get(
    API_PATHS.subscriptionInfo,
    { schema: subscriptionInfoSchema },
    async (request, reply): Promise<SubscriptionInfo> => {
      const { user, tokenInfo } = await provenAccount(
        provider,
        request.headers[TOKEN_HEADER],
        request.query.email.toLowerCase(),
        now(),
        { requiredScope: DIRECTORY_SCOPE },
      );
      const { customer, subscription, delegate } = await readOrganisation(provider, user);
      // No session for a customer whose reseller turned the portal off: the 403 screen says so.
      requirePortalEnabled(settings, provider, customer.customerId);

      // The id this page will send back; Google may change it before then (docs/api.md, add-licence).
      await store.rememberSubscriptionId(customer.customerId, subscription.subscriptionId);
      await startSignedInSession(
        request,
        reply,
        store,
        { email: user.email, sub: user.id, tokenExpiresAt: tokenInfo.expiresAt },
        { kind: 'customer', customerId: customer.customerId },
        now(),
      );
      return toSubscriptionInfo(customer, subscription, {
        user,
        isAdmin: user.isAdmin,
        ...delegate,
      });
    },
  );
}
