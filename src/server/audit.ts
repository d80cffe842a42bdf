import type { FastifyBaseLogger } from 'fastify';
import type { DelegateAction, DelegateKind } from '../contract/api';
import { countChange, type PortalMetrics } from './plugins/metrics';

// One audit record per licence add and per delegate change (docs/security.md): who, which
// customer, what, before and after, when. Searchable in the JSON logs by audit=true.

export type AuditAction = 'licence.add' | `${DelegateKind}-delegate.${DelegateAction}`;

/** How a change ended: done, refused (failed), not confirmed yet, or never seen (docs/api.md, Logs). */
export type AuditOutcome = 'done' | 'failed' | 'unconfirmed' | 'not-made';

export interface AuditRecord<T> {
  actor: string;
  customerId: string;
  action: AuditAction;
  before: T;
  after: T;
  /** Epoch ms of the change. */
  at: number;
  /** Where the change's outcome is not plainly done (purchases; settled history). */
  outcome?: AuditOutcome;
  /** The request that asked for the change, when the line is written later. */
  requestId?: string;
}

/** Writes the audit line and counts the change by its outcome in the metrics, when given. */
export function audit<T>(
  log: FastifyBaseLogger,
  record: AuditRecord<T>,
  metrics?: PortalMetrics,
): void {
  countChange(metrics, record);
  log.info(
    { audit: true, ...record, at: new Date(record.at).toISOString() },
    `audit ${record.action}`,
  );
}
