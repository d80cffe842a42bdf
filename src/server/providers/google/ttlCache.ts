import { LRUCache } from 'lru-cache';

// Google's answers, kept briefly and boundedly (docs/configuration-google.md, GOOGLE_CACHE_*):
// readers asking at once share one call, and a change drops the entry.

export interface TtlCacheOptions {
  /** How long an answer is reused; 0 or less keeps nothing (readers asking at once still share). */
  ttlMs: number;
  /** The most answers kept; the least recently used leaves first. */
  maxEntries: number;
  /** Milliseconds of a monotonic clock; tests move it. */
  now?: () => number;
}

/** lru-cache keeps no null, so each answer travels in a box. */
interface Box {
  value: unknown;
}

type Load = () => Promise<unknown>;

export function createTtlCache({ ttlMs, maxEntries, now }: TtlCacheOptions) {
  const keeps = ttlMs > 0;
  const entries = new LRUCache<string, Box, Load>({
    max: maxEntries,
    ...(keeps ? { ttl: ttlMs } : {}),
    // A drop while a call runs lets its readers have the answer but keeps it out of the cache.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    ...(now === undefined ? {} : { perf: { now }, ttlResolution: 0 }),
  });

  /** Takes out the answer a call just kept, unless a newer call or a drop replaced it since. */
  function forget(key: string, box: Box): void {
    if (entries.peek(key, { allowStale: true }) === box) entries.delete(key);
  }

  return {
    /** The kept answer for `key`, or what `load` gives: kept unless it fails or is null. */
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const box = await entries.fetch(key, { context: load });
      // Not reached (every call gives a box); asking Google again is the safe answer if it were.
      if (box === undefined) return load();
      // An unknown domain's null is not kept: any string sent to the validator would take a place.
      if (!keeps || box.value === null) forget(key, box);
      return box.value as T;
    },
    drop(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}

export type TtlCache = ReturnType<typeof createTtlCache>;
