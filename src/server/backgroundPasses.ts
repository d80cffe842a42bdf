import type { FastifyBaseLogger } from 'fastify';

// The background workers' loop (the outbox's delivery, the history's settlement, the ledger's
// reconciliation): one pass at a time, the next after a delay, a failed pass logged and tried again
// after the usual delay.

export interface BackgroundPasses {
  /** Runs a pass after `firstAfterMs` (default now), then again and again until stop(). */
  start(firstAfterMs?: number): void;
  /** Stops passing and waits for the pass under way. */
  stop(): Promise<void>;
}

export function backgroundPasses<T>(
  pass: () => Promise<T>,
  options: {
    /** The wait before the next pass, after one that answered `result`. */
    nextAfter: (result: T) => number;
    pollMs: number;
    log: FastifyBaseLogger;
    /** The log line of a failed pass. */
    failure: string;
  },
): BackgroundPasses {
  const { nextAfter, pollMs, log, failure } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().then(
        (result) => schedule(nextAfter(result)),
        (error: unknown) => {
          log.error({ err: error }, failure);
          schedule(pollMs);
        },
      );
    }, delayMs);
  };
  return {
    start: (firstAfterMs = 0) => schedule(firstAfterMs),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
