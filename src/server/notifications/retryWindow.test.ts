import { createLogger } from '../plugins/logger';
import { memoryStoreForTests } from '../../testing/server/memoryStore';
import { recordCompletedPurchase } from '../../testing/server/storeBackends';
import { createDeliveryWorker, nextAttemptAt } from './deliveryWorker';
import { readNotificationConfig, retryWindowMs } from './notificationConfig';

// Events that survive a day (docs/notifications.md, Delivery): retries back off until the retry
// window (WEBHOOK_RETRY_FOR, 72 hours by default) closes, whatever the number of attempts.

const HOUR_MS = 3_600_000;
const TUNING = { retryBaseMs: 10_000, retryForMs: 72 * HOUR_MS, leaseMs: 60_000, pollMs: 1000 };

describe('WEBHOOK_RETRY_FOR', () => {
  it('reads 72h by default, and durations in seconds, minutes, hours or days', () => {
    const windowOf = (env: NodeJS.ProcessEnv) =>
      readNotificationConfig(env, 'sandbox').worker.retryForMs;
    expect(windowOf({})).toBe(72 * HOUR_MS);
    expect(windowOf({ WEBHOOK_RETRY_FOR: '30m' })).toBe(30 * 60_000);
    expect(windowOf({ WEBHOOK_RETRY_FOR: ' 90s ' })).toBe(90_000);
    expect(windowOf({ WEBHOOK_RETRY_FOR: '3d' })).toBe(72 * HOUR_MS);
    expect(retryWindowMs('72h')).toBe(72 * HOUR_MS);
  });

  it.each(['3 days', '72', '1.5h', '0h', '-1h', '10w'])(
    'refuses %s with one line naming the variable',
    (value) => {
      expect(() => readNotificationConfig({ WEBHOOK_RETRY_FOR: value }, 'sandbox')).toThrow(
        `WEBHOOK_RETRY_FOR must be a duration such as 72h, 30m or 90s; got '${value}'.`,
      );
    },
  );
});

describe('the retry window', () => {
  it('backs off to the window and no further, then gives up', () => {
    const opened = 1_000_000;
    const entry = (attempts: number) => ({ attempts, retrySince: opened });
    expect(nextAttemptAt(entry(1), opened, TUNING)).toBe(opened + 10_000);
    // The wait is capped at an hour, and the last attempt comes as the window closes.
    expect(nextAttemptAt(entry(20), opened + HOUR_MS, TUNING)).toBe(opened + 2 * HOUR_MS);
    const closes = opened + TUNING.retryForMs;
    expect(nextAttemptAt(entry(80), closes - 60_000, TUNING)).toBe(closes);
    expect(nextAttemptAt(entry(81), closes, TUNING)).toBeNull();
  });

  describe('in the worker', () => {
    const store = memoryStoreForTests();

    it('retries a receiver that is down far past 8 attempts, until the window closes', async () => {
      const written = Date.now();
      await recordCompletedPurchase(store, written, 'req-window');
      let now = written;
      const attempts: number[] = [];
      const worker = createDeliveryWorker({
        outbox: store,
        channels: [
          {
            name: 'webhook',
            accepts: () => true,
            async deliver() {
              attempts.push(now);
              throw new Error('webhook answered 503');
            },
          },
        ],
        tuning: TUNING,
        log: createLogger('silent'),
        now: () => now,
      });
      // The fake clock moves in steps of a few minutes; each pass takes the row when it is due.
      const step = 5 * 60_000;
      while ((await store.failedNotifications()).length === 0) {
        await worker.runOnce();
        now += step;
      }
      expect(attempts.length).toBeGreaterThan(8);
      const last = attempts.at(-1) ?? 0;
      expect(last - written).toBeGreaterThanOrEqual(TUNING.retryForMs);
      expect(last - written).toBeLessThanOrEqual(TUNING.retryForMs + step);
      // Never more than an hour between two attempts.
      const gaps = attempts.slice(1).map((at, index) => at - (attempts[index] ?? 0));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(HOUR_MS + step);
    });
  });
});
