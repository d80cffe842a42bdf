import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { StaffGroups } from '../auth/staffRoles';
import type { ChangeContext } from '../services/changeLock';
import type { PortalSettings } from '../settings/portalSettings';

/**
 * What every route family needs: the provider, the portal's store and the clock (injected so tests can
 * move time), the purchase grace, the metrics and the prices, as the change service; and the
 * customers' settings from the reseller console.
 */
export interface RouteContext extends ChangeContext {
  settings: PortalSettings;
}

/** The API's Fastify scope: requests and answers typed from their schemas in src/contract/endpoints.ts. */
export type ApiScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** One route family (a file of routes/open or routes/signed-in), registered with the route context. */
export type RouteFamily = FastifyPluginAsync<RouteContext>;

/** What the reseller console's routes need besides: its two staff groups. */
export interface ConsoleRouteContext extends RouteContext {
  staffGroups: StaffGroups;
  /** Signs the customers' list's page tokens (SESSION_SECRET), so every instance reads every one's. */
  pageTokenSecret: string;
}

/** One route family of routes/console, registered with the console's context. */
export type ConsoleRouteFamily = FastifyPluginAsync<ConsoleRouteContext>;
