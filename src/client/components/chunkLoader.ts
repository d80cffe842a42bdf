// Code in a chunk of its own, fetched once however often it is asked for; a failed fetch (offline, a
// new deployment) is tried again on the next request. Shared by the lazy screens and dialogs
// (src/client/app/lazyParts.tsx) and the admin menu's Dropdown (./dropdownChunk.ts).

export interface ChunkLoader<T> {
  /** Fetches the chunk once and resolves to what it exports. */
  preload(): Promise<T>;
  /** What the chunk exports once it is in, else undefined. */
  loaded(): T | undefined;
}

export function chunkLoader<T>(load: () => Promise<T>): ChunkLoader<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    preload() {
      loading ??= load().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
}
