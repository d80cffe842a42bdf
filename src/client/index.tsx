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

/**
 * The portal's largest parts, each evaluated in a task of its own before the rest: React's DOM
 * renderer, antd's theme, the e-mail field and form, the routes, the app, then the store with its
 * sagas. Evaluated in one task they made one long enough to delay a tap (docs/performance.md).
 */
const EVALUATION_STEPS = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ './app/PortalTheme'),
  () => import(/* webpackMode: "eager" */ './components/TextInput'),
  () => import(/* webpackMode: "eager" */ './features/session/components/EmailForm'),
  () => import(/* webpackMode: "eager" */ './app/routes'),
  () => import(/* webpackMode: "eager" */ './app/App'),
  () => import(/* webpackMode: "eager" */ './app/startPage'),
];

async function evaluateInSteps(): Promise<void> {
  for (const step of EVALUATION_STEPS) {
    await step();
    await nextTask();
  }
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
    .then(evaluateInSteps)
    .then(() => import(/* webpackMode: "eager" */ './boot'))
    .then(async ({ boot }) => {
      await nextTask();
      return boot(root);
    })
    .catch((error: unknown) => showBootFailure(root, error));
}
