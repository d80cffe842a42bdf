// A short-lived cache of Google answers (docs/configuration-google.md, GOOGLE_CACHE_TTL_MS): readers
// asking at once share one call, and a change drops the entry so the next read goes to Google.

interface Entry<T> {
  value: Promise<T>;
  /** Epoch ms; undefined while the call is still running. */
  expiresAt: number | undefined;
}

export function createTtlCache(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, Entry<unknown>>();

  return {
    /** The cached value for `key`, or what `load` gives (kept for ttlMs unless it fails). */
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key) as Entry<T> | undefined;
      if (hit !== undefined && (hit.expiresAt === undefined || hit.expiresAt > now())) {
        return hit.value;
      }
      const entry: Entry<T> = { value: load(), expiresAt: undefined };
      entries.set(key, entry);
      // Concurrent readers share the call even with caching off; failures are never kept.
      entry.value.then(
        () => {
          entry.expiresAt = now() + ttlMs;
          if (ttlMs <= 0 && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
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
