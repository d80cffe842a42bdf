import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { PortalMetrics } from '../metrics';
import type { PriceList } from '../prices/priceList';
import type { PortalProvider } from '../providers/provider';
import type { PortalStore } from '../store/portalStore';

/** What every route family needs: the provider and the clock (injected so tests can move time). */
export interface RouteContext {
  provider: PortalProvider;
  /** The portal's own store: session revocations, the change history and the change locks. */
  store: PortalStore;
  now: () => number;
  /** How long an unconfirmed purchase may take to show before it is listed as not made. */
  purchaseGraceMs?: number;
  /** Purchases and delegate changes are counted here by outcome (docs/deploy.md, Metrics). */
  metrics?: PortalMetrics;
  /** The reseller's prices (PRICE_FILE); null or absent: no price is shown (docs/api.md). */
  prices?: PriceList | null;
}

/** The API's Fastify scope: requests and answers typed from their schemas in src/contract/endpoints.ts. */
export type ApiScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
