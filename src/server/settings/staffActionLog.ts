import type { FastifyBaseLogger } from 'fastify';
import type { StaffActionRecord } from '../store/portalStore';
import { toStaffAction } from './settingsViews';

/** The staff action's audit line beside the customers' (docs/security.md): searchable by audit=true. */
export function logStaffAction(log: FastifyBaseLogger, action: StaffActionRecord): void {
  log.info({ audit: true, staffAction: toStaffAction(action) }, `audit staff ${action.kind}`);
}
