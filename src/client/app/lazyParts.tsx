import { lazy, useEffect, useState, type ComponentType } from 'react';
import { chunkLoader } from '../components/chunkLoader';

/** A screen or dialog in its own chunk that can be fetched ahead of its first use. */
export type LazyPart<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A component whose code arrives in its own chunk. Once the chunk is in (preloaded or shown once), the
 * component renders directly, without the suspended frame React.lazy spends even on a loaded chunk:
 * a prefetched dialog shows its content in the frame that opens it (docs/performance.md).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const chunk = chunkLoader(load);
  const preload = () => chunk.preload();
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Part(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount a dialog someone is using (its field, its focus, a click in flight).
    const [Component] = useState(() => chunk.loaded() ?? Suspending);
    return <Component {...props} />;
  }
  return Object.assign(Part, { preload });
}

const IDLE_TIMEOUT_MS = 2000;

/** Runs the task once the browser is idle after the first paint; the returned function cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 0);
  return () => window.clearTimeout(timer);
}

/**
 * Fetches the chunks of the parts a screen leads to once the screen is idle, one part per idle
 * moment: each part's script tags and the evaluation of its code are a short task of their own,
 * where all of them in one idle callback made a task long enough to delay a tap (docs/performance.md).
 * Failures wait for use.
 */
export function usePrefetch(parts: readonly { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    let stopped = false;
    let cancelIdle = () => {};
    const fetchFrom = (index: number) => {
      const part = parts[index];
      if (stopped || part === undefined) return;
      cancelIdle = whenIdle(() => {
        void part
          .preload()
          .catch(() => undefined)
          .then(() => fetchFrom(index + 1));
      });
    };
    fetchFrom(0);
    return () => {
      stopped = true;
      cancelIdle();
    };
  }, [parts]);
}
