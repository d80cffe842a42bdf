import type { RouteFamily } from '../context';
import { resellerEventsRoutes } from './events';

// The reseller API scope's routes (docs/architecture.md, The API's three scopes): a billing system
// with a key of RESELLER_API_KEYS, never a customer's session.

export const resellerApiRoutes: readonly RouteFamily[] = [resellerEventsRoutes];
