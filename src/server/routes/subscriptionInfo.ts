import type { FastifyInstance } from 'fastify';
import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import { domainOf } from '../../contract/email';
import { ERROR_TEXT } from '../../contract/errors';
import type { SubscriptionInfo } from '../../contract/subscription';
import { ApiError } from '../apiError';
import { readDelegateRoles } from '../auth/roles';
import { startSession } from '../auth/session';
import { SERVER_TEXT } from '../messages';
import { subscriptionInfoSchema } from '../schemas/subscriptionInfo';
import { toSubscriptionInfo } from '../subscriptionView';
import type { RouteContext } from './context';

const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated);

// Sign-in: the identity provider's token proves who the caller is; the answer starts the session.
export async function subscriptionInfoRoutes(
  app: FastifyInstance,
  { provider, now, rateLimit }: RouteContext,
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
      if (tokenInfo.email.toLowerCase() !== request.query.email.toLowerCase()) {
        throw new ApiError(403, 'PERMISSION_DENIED', SERVER_TEXT.emailMismatch);
      }

      const user = await provider.getDirectoryUser(tokenInfo.email, token);
      const customer = await provider.findCustomer(domainOf(user.email));
      if (customer === null) {
        const notACustomer = ERROR_TEXT.notACustomer(provider.resellerName);
        throw new ApiError(403, 'PERMISSION_DENIED', notACustomer, notACustomer);
      }
      const subscription = await provider.findWorkspaceSubscription(customer.customerId);
      if (subscription === null) {
        throw new ApiError(404, 'NOT_FOUND', ERROR_TEXT.noSubscription(customer.customerDomain));
      }
      const delegate = await readDelegateRoles(provider, customer.customerId, user.email);

      startSession(request, reply, { email: user.email, customerId: customer.customerId }, now());
      return toSubscriptionInfo(customer, subscription, {
        user,
        isAdmin: user.isAdmin,
        ...delegate,
      });
    },
  );
}
