import type { FastifyRequest } from 'fastify';
import { API_PATHS, TOKEN_HEADER } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { subscriptionInfoSchema } from '../../../contract/endpoints';
import { ERROR_TEXT } from '../../../contract/errors';
import { DIRECTORY_SCOPE } from '../../../contract/limits';
import type { SubscriptionInfo } from '../../../contract/subscription';
import { notFound, permissionDenied, unauthenticated } from '../../apiError';
import { managedAccount, notACustomer } from '../../auth/managedAccount';
import { readDelegateRoles } from '../../auth/roles';
import { readSession, startSession } from '../../auth/session';
import type { DirectoryUser, PortalProvider } from '../../providers/provider';
import type { PortalStore } from '../../store/portalStore';
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

/** Rotation (docs/security.md): a copy of the cookie from an earlier reload stops working. */
async function revokeIncomingSession(request: FastifyRequest, store: PortalStore, at: number) {
  const incoming = readSession(request, at);
  if (incoming !== null) await store.revokeSession(incoming.sid, incoming.exp, at);
}

/** The new session's issue time: after the person's last sign-out, even on a clock that is behind. */
async function issueTime(store: PortalStore, person: string, at: number): Promise<number> {
  const signedOutAt = await store.personSignedOutAt(person);
  return signedOutAt === null || signedOutAt < at ? at : signedOutAt + 1;
}

// Sign-in: the identity provider's token proves who the caller is; the answer starts the session.
export async function subscriptionInfoRoutes(
  app: ApiScope,
  { provider, store, now }: RouteContext,
): Promise<void> {
  app.get(
    API_PATHS.subscriptionInfo,
    { schema: subscriptionInfoSchema },
    async (request, reply): Promise<SubscriptionInfo> => {
      const token = request.headers[TOKEN_HEADER];
      if (typeof token !== 'string' || token === '') throw unauthenticated();
      const typed = request.query.email.toLowerCase();
      // Who holds the token, beside whom the directory knows by the address typed: one round trip,
      // checked against each other after (docs/configuration-google.md, "Google calls per operation").
      const [holder, lookup] = await Promise.allSettled([
        provider.verifyToken(token),
        provider.lookupDirectoryUser(typed),
      ]);
      const tokenInfo = settled(holder);
      if (tokenInfo === null || tokenInfo.expiresAt <= now()) throw unauthenticated();
      if (!tokenInfo.scopes.includes(DIRECTORY_SCOPE)) {
        throw permissionDenied(ERROR_TEXT.insufficientScopes);
      }
      const user = await managedAccount(provider, tokenInfo, typed, lookup);
      const { customer, subscription, delegate } = await readOrganisation(provider, user);

      // The id this page will send back; Google may change it before then (docs/api.md, add-licence).
      await store.rememberSubscriptionId(customer.customerId, subscription.subscriptionId);
      const at = now();
      const [issuedAt] = await Promise.all([
        issueTime(store, user.email, at),
        revokeIncomingSession(request, store, at),
      ]);
      startSession(
        request,
        reply,
        {
          email: user.email,
          sub: user.id,
          customerId: customer.customerId,
          tokenExpiresAt: tokenInfo.expiresAt,
          issuedAt,
        },
        at,
      );
      return toSubscriptionInfo(customer, subscription, {
        user,
        isAdmin: user.isAdmin,
        ...delegate,
      });
    },
  );
}
