import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { backgroundPasses } from '../backgroundPasses';
import type { PortalMetrics } from '../plugins/metrics';
import type { Outbox, OutboxEntry, OutboxOutcome } from '../store/portalStore';
import type { DeliveryChannel } from './channel';
import type { WorkerTuning } from './notificationConfig';

// Delivers the outbox at least once (docs/notifications.md, Delivery): takes due rows under a lease,
// tries each channel the row still lacks, and retries with exponential backoff until its retry window
// (WEBHOOK_RETRY_FOR) closes, after which the row is kept as failed with its last error
// (npm run outbox:failed lists them, npm run outbox:resend puts them back).

/** Rows one pass takes; the next pass takes more at once when these are done. */
const BATCH_SIZE = 10;
/** No retry waits longer than an hour, however many attempts came before. */
const MAX_RETRY_DELAY_MS = 3_600_000;

export interface DeliveryWorkerOptions {
  outbox: Outbox;
  channels: readonly DeliveryChannel[];
  tuning: WorkerTuning;
  log: FastifyBaseLogger;
  metrics?: PortalMetrics;
  now?: () => number;
  /** This worker's id in the rows it takes; default a fresh uuid. */
  workerId?: string;
}

export interface DeliveryWorker {
  /** One pass over the due rows; answers how many it took. */
  runOnce(): Promise<number>;
  /** Passes every pollMs (at once again after a full batch) until stop(). */
  start(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/** The wait after the given number of failed attempts: base, then doubling, capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/**
 * When a row that failed at `now` is tried again: the backoff's wait, but never past the end of its
 * retry window, so the last attempt comes as the window closes; null once it has closed.
 */
export function nextAttemptAt(
  entry: Pick<OutboxEntry, 'attempts' | 'retrySince'>,
  now: number,
  tuning: Pick<WorkerTuning, 'retryBaseMs' | 'retryForMs'>,
): number | null {
  const closes = entry.retrySince + tuning.retryForMs;
  if (now >= closes) return null;
  return Math.min(now + retryDelayMs(entry.attempts, tuning.retryBaseMs), closes);
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { outbox, channels, tuning, log, metrics } = options;
  const now = options.now ?? Date.now;
  const worker = options.workerId ?? randomUUID();

  const deliver = async (entry: OutboxEntry): Promise<void> => {
    const delivered = new Set(entry.deliveredChannels);
    const next = nextAttemptAt(entry, now(), tuning);
    const lastAttempt = next === null;
    const errors: string[] = [];
    for (const channel of channels) {
      if (delivered.has(channel.name) || !channel.accepts(entry.event)) continue;
      try {
        await channel.deliver(entry.event);
        delivered.add(channel.name);
        metrics?.notificationDeliveries.inc({ channel: channel.name, outcome: 'delivered' });
      } catch (error) {
        errors.push(`${channel.name}: ${messageOf(error)}`);
        metrics?.notificationDeliveries.inc({
          channel: channel.name,
          outcome: lastAttempt ? 'failed' : 'retry',
        });
      }
    }
    const lastError = errors.length === 0 ? null : errors.join('; ');
    const outcome: OutboxOutcome = {
      state: lastError === null ? 'delivered' : lastAttempt ? 'failed' : 'waiting',
      deliveredChannels: [...delivered],
      nextAttemptAt: next ?? now(),
      lastError,
    };
    await outbox.finishNotification(entry.event.id, worker, outcome);
    const context = { eventId: entry.event.id, type: entry.event.type, attempts: entry.attempts };
    if (outcome.state === 'failed') log.error({ ...context, lastError }, 'notification failed');
    else if (outcome.state === 'waiting') log.warn({ ...context, lastError }, 'notification retry');
  };

  const runOnce = async (): Promise<number> => {
    const taken = await outbox.takeNotifications({
      worker,
      now: now(),
      leaseMs: tuning.leaseMs,
      limit: BATCH_SIZE,
    });
    for (const entry of taken) {
      // Each row's lease starts afresh at its turn: a slow batch never leaves a later row to another worker.
      const held = await outbox.holdNotification({
        id: entry.event.id,
        worker,
        now: now(),
        leaseMs: tuning.leaseMs,
      });
      if (held) await deliver(entry);
    }
    return taken.length;
  };

  const passes = backgroundPasses(runOnce, {
    // A full batch means more are due: the next pass comes at once.
    nextAfter: (count) => (count === BATCH_SIZE ? 0 : tuning.pollMs),
    pollMs: tuning.pollMs,
    log,
    failure: 'notification delivery pass failed',
  });
  return { runOnce, ...passes };
}
