// The entry: the portal's code is evaluated only after the page's first paint, so the pre-rendered home
// page is on screen before any of it runs (docs/performance.md); './boot' stays in this chunk.
import { keepFocusAcrossReplacement } from './prerender/keepFocus';

const PAINT_WAIT_MS = 100;

/** After the next frame is painted; a hidden tab paints no frames, so it waits a moment at most. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      window.setTimeout(() => {
        window.clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** The next task: evaluating the portal's modules and starting it are separate tasks, each short
 * enough that a tap in between is answered at once (docs/performance.md). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

/** React's DOM renderer, the largest module the portal evaluates, in a task of its own before the rest. */
function evaluateRenderer(): Promise<unknown> {
  return import(/* webpackMode: "eager" */ 'react-dom/client');
}

function showBootFailure(root: HTMLElement, error: unknown) {
  const heading = document.createElement('h1');
  heading.textContent = 'The portal could not start';
  const detail = document.createElement('p');
  detail.textContent = error instanceof Error ? error.message : String(error);
  root.replaceChildren(heading, detail);
}

const root = document.getElementById('root');
if (root) {
  keepFocusAcrossReplacement(root);
  afterFirstPaint()
    .then(evaluateRenderer)
    .then(nextTask)
    .then(() => import(/* webpackMode: "eager" */ './boot'))
    .then(async ({ boot }) => {
      await nextTask();
      return boot(root);
    })
    .catch((error: unknown) => showBootFailure(root, error));
}
