import type { PortalProvider } from '../providers/provider';

/** What every route family needs: the provider and the clock (injected so tests can move time). */
export interface RouteContext {
  provider: PortalProvider;
  now: () => number;
  /** Limit for the unauthenticated endpoints. */
  rateLimit: { max: number; windowMs: number };
}
