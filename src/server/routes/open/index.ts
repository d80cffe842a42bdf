import type { RouteFamily } from '../context';
import { emailValidatorRoutes } from './emailValidator';
import { healthRoutes } from './health';
import { readyRoutes } from './ready';
import { signOutRoutes } from './signOut';
import { subscriptionInfoRoutes } from './subscriptionInfo';

// The open scope's routes (docs/architecture.md, The API's two scopes): anyone may call them.

/** The load balancer's checks: open and polled often, so never limited (docs/api.md). */
export const probes: readonly RouteFamily[] = [healthRoutes, readyRoutes];

/** Limited per address; sign-out reads the session itself: without a live one it still clears the cookies. */
export const openRoutes: readonly RouteFamily[] = [
  emailValidatorRoutes,
  subscriptionInfoRoutes,
  signOutRoutes,
];
