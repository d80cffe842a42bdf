import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import { domainOf } from '../../contract/email';
import { ERROR_TEXT } from '../../contract/errors';
import type { SubscriptionInfo } from '../../contract/subscription';
import { ApiError } from '../apiError';
import { readDelegateRoles } from '../auth/roles';
import { readSession, startSession } from '../auth/session';
import { SERVER_TEXT } from '../messages';
import type { DirectoryUser, PortalProvider } from '../providers/provider';
import type { PortalStore } from '../store/portalStore';
import { subscriptionInfoSchema } from '../schemas/subscriptionInfo';
import { toSubscriptionInfo } from '../subscriptionView';
import type { RouteContext } from './context';

const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);

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
  const notACustomer = () => {
    const text = ERROR_TEXT.notACustomer(provider.resellerName);
    return new ApiError(403, 'PERMISSION_DENIED', text, text);
  };
  const customerId =
    user.customerId ?? (await provider.findCustomer(domainOf(user.email)))?.customerId;
  if (customerId === undefined) throw notACustomer();
  const [customer, subscription, delegate] = await Promise.allSettled([
    provider.findCustomer(customerId),
    provider.findWorkspaceSubscription(customerId),
    readDelegateRoles(provider, customerId, user.email),
  ]);
  const found = settled(customer);
  if (found === null) throw notACustomer();
  const chosen = settled(subscription);
  if (chosen === null) {
    throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.noSubscription(found.customerDomain));
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
  app: FastifyInstance,
  { provider, store, now, rateLimit }: RouteContext,
): Promise<void> {
  app.get<{ Querystring: { email: string } }>(
    API_PATHS.subscriptionInfo,
    {
      schema: subscriptionInfoSchema,
      config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } },
    },
    async (request, reply): Promise<SubscriptionInfo> => {
      const token = request.headers[TOKEN_HEADER];
      if (typeof token !== 'string' || token === '') throw unauthenticated();
      const tokenInfo = await provider.verifyToken(token);
      if (tokenInfo === null || tokenInfo.expiresAt <= now()) throw unauthenticated();
      const typed = request.query.email.toLowerCase();
      const signedIn = tokenInfo.email.toLowerCase();
      // Another address may still be the same account's alias; the directory says.
      const user = await provider.getDirectoryUser(tokenInfo.email, token);
      if (typed !== signedIn && typed !== user.email && !user.aliases.includes(typed)) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.emailMismatch);
      }
      const { customer, subscription, delegate } = await readOrganisation(provider, user);

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
