import type { ConsoleRouteFamily } from '../context';
import { customerListRoutes } from './customerList';
import { customerSettingsRoutes } from './customerSettings';
import { ledgerRoutes } from './ledger';
import { resellerDefaultsRoutes } from './resellerDefaults';
import { staffAuditRoutes } from './staffAudit';
import { staffSessionRoutes } from './staffSession';
import { staffSignInRoutes } from './staffSignIn';

// The reseller console's routes (docs/architecture.md, The API's four scopes): the staff sign-in,
// limited per address, and the routes of a live staff session behind the console's guard.

export const consoleSignInRoutes: readonly ConsoleRouteFamily[] = [staffSignInRoutes];

export const consoleRoutes: readonly ConsoleRouteFamily[] = [
  staffSessionRoutes,
  customerListRoutes,
  customerSettingsRoutes,
  resellerDefaultsRoutes,
  staffAuditRoutes,
  ledgerRoutes,
];
