import { StyleProvider } from '@ant-design/cssinjs';
import { fireEvent } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { createRoot } from 'react-dom/client';
import { App } from '../client/app/App';
import type { PortalRouter } from '../client/app/portalRouter';
import { createMemoryPortalRouter } from '../client/app/routes';
import { startPage } from '../client/app/startPage';
import { actionTimeline } from '../scenarioFormat/actionTimeline';
import type { ElementRef, Scenario, ScenarioStep, UserEvent } from '../scenarioFormat/scenario';
import { findElements, holds, observe } from '../scenarioFormat/screen';
import { createReplaySession, type ReplaySession } from './replayServices';
import { judgeReplay, type ReplayVerdict, type UnreachableStep } from './scenarioVerdict';
import { elementText } from './stepText';

// Replay through the screen (docs/scenarios.md, Replaying): the real App, routes, store and sagas
// drawn in jsdom; the person's recorded events done again with user-event on the elements their
// role and name find; every service answered from the recording. What the screen dispatches, every
// call, move, location, the screen checks and the final state are compared with the recording, so
// a changed decision of the screen (a rule, a redirect, an un-confirm) fails the scenario.

export interface ScreenReplayOptions {
  /** How long an element the person acts on may take to appear (a lazy screen's first load). */
  findTimeoutMs?: number;
  /** How long a screen check waits to come true. */
  checkTimeoutMs?: number;
}

const DEFAULT_FIND_TIMEOUT_MS = 8_000;
const DEFAULT_CHECK_TIMEOUT_MS = 3_000;
/** The screen counts as quiet after this many turns without a change. */
const QUIET_TURNS = 3;
/** A bound on waiting for quiet, so an endless animation cannot hold a replay; generous, since a
 * screen drawn for the first time on a busy machine can take seconds. */
const MAX_QUIET_MS = 10_000;
const POLL_MS = 20;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** user-event's keyboard syntax for a recorded key, e.g. 'Shift+Tab' → '{Shift>}{Tab}{/Shift}'. */
function keyboardText(key: string): string {
  const parts = key.split('+');
  const main = parts.pop() ?? '';
  const named = main === 'Space' ? '[Space]' : `{${main}}`;
  return parts.reduce((text, modifier) => `{${modifier}>}${text}{/${modifier}}`, named);
}

/** Waits until the test holds or the time is up; returns the last value. */
async function poll<T>(read: () => T, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await pause(POLL_MS);
    value = read();
  }
  return value;
}

interface Screen {
  session: ReplaySession;
  /** DOM changes so far (a counter the quiet test compares). */
  mutations(): number;
  /** Whether the router is still on its way to a screen whose code is loading. */
  moving(): boolean;
}

/** Resolves once no call is in flight and neither the timeline nor the page changed for a while. */
async function quiet(screen: Screen, { ignoreInFlight = false } = {}): Promise<void> {
  const deadline = Date.now() + MAX_QUIET_MS;
  let calm = 0;
  let seen = `${screen.session.timeline.length}/${screen.mutations()}`;
  while (calm < QUIET_TURNS && Date.now() < deadline) {
    await nextTurn();
    const now = `${screen.session.timeline.length}/${screen.mutations()}`;
    const busy = screen.moving() || (!ignoreInFlight && screen.session.inFlight() > 0);
    calm = now === seen && !busy ? calm + 1 : 0;
    seen = now;
  }
}

/**
 * jsdom has no object URLs and cannot follow a download link: while a replay runs, a file the
 * screen saves (the change history's CSV) gets a stand-in address and its link goes nowhere, as a
 * browser hands the file to its download shelf without leaving the page.
 */
function keepDownloadsInThePage(): { restore(): void } {
  const names = ['createObjectURL', 'revokeObjectURL'] as const;
  const before = names.map((name) => Object.getOwnPropertyDescriptor(URL, name));
  const stand = { createObjectURL: () => 'blob:replay', revokeObjectURL: () => undefined };
  for (const name of names) {
    if (typeof URL[name] !== 'function') {
      Object.defineProperty(URL, name, { configurable: true, writable: true, value: stand[name] });
    }
  }
  const keepInPage = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[download]');
    if (link) event.preventDefault();
  };
  document.addEventListener('click', keepInPage, true);
  return {
    restore() {
      document.removeEventListener('click', keepInPage, true);
      names.forEach((name, index) => {
        const descriptor = before[index];
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else Reflect.deleteProperty(URL, name);
      });
    },
  };
}

function locationOf(url: string): { pathname: string; search: string } {
  const parsed = new URL(url, 'http://portal.invalid');
  return { pathname: parsed.pathname, search: parsed.search };
}

async function perform(
  event: UserEvent,
  element: Element | null,
  user: ReturnType<typeof userEvent.setup>,
): Promise<void> {
  if (element instanceof HTMLElement && document.activeElement !== element) {
    if (event.action !== 'click') element.focus();
  }
  switch (event.action) {
    case 'click':
      if (element) await user.click(element);
      return;
    case 'fill':
      // The field's text becomes the recorded text in one input, as the browser saw it.
      if (element) fireEvent.input(element, { target: { value: event.text } });
      return;
    case 'key':
      if (!element && document.activeElement instanceof HTMLElement) document.activeElement.blur();
      await user.keyboard(keyboardText(event.key));
  }
}

export async function replayThroughScreen(
  scenario: Scenario,
  file: string,
  options: ScreenReplayOptions = {},
): Promise<ReplayVerdict> {
  const findTimeoutMs = options.findTimeoutMs ?? DEFAULT_FIND_TIMEOUT_MS;
  const checkTimeoutMs = options.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  let mutationCount = 0;
  const observer = new MutationObserver((records) => {
    mutationCount += records.length;
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  const router: PortalRouter = createMemoryPortalRouter(scenario.start.url);
  const screenRef: { current?: Screen } = {};
  const session = createReplaySession(scenario, {
    // A network answer arrives after the page has drawn what led to the call.
    answerAfter: () =>
      screenRef.current ? quiet(screenRef.current, { ignoreInFlight: true }) : nextTurn(),
    navigate: (path) => void router.navigate(path),
  });
  const screen: Screen = {
    session,
    mutations: () => mutationCount,
    moving: () => !router.state.initialized || router.state.navigation.state !== 'idle',
  };
  screenRef.current = screen;

  const pathOf = (location: { pathname: string; search: string }) =>
    `${location.pathname}${location.search}`;
  let shownPath = pathOf(router.state.location);
  router.subscribe((state) => {
    const path = pathOf(state.location);
    if (path === shownPath) return;
    shownPath = path;
    session.record({ kind: 'route', path });
  });

  let finalState: unknown;
  const timeline = actionTimeline({
    ended: session.ended,
    record: session.record,
    stateAfter: (state) => (finalState = state),
  });

  const keepDownloads = keepDownloadsInThePage();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  let crash: unknown;
  let unreachable: UnreachableStep | undefined;
  try {
    const store = startPage({
      config: session.context.config,
      services: session.context,
      middleware: [timeline],
      location: locationOf(scenario.start.url),
    });
    finalState ??= store.getState();
    // antd's styles are collected, not injected: jsdom would resolve every style sheet on each
    // query, and the replay reads names and roles, not colours.
    root.render(
      <StyleProvider mock="server">
        <App store={store} router={router} config={session.context.config} />
      </StyleProvider>,
    );
    const user = userEvent.setup({ delay: null });
    for (const [index, step] of scenario.steps.entries()) {
      if (session.ended()) break;
      if (step.kind !== 'user' && step.kind !== 'see') continue;
      await quiet(screen);
      if (session.ended()) break;
      if (step.kind === 'see') {
        const { kind: _kind, ...check } = step;
        await poll(() => holds(document.body, check), Boolean, checkTimeoutMs);
        session.record({ kind: 'see', ...observe(document.body, check) } as ScenarioStep);
        continue;
      }
      const target: ElementRef | null = step.target;
      const element = target
        ? ((
            await poll(
              () => findElements(document.body, target),
              (found) => found.length > 0,
              findTimeoutMs,
            )
          )[0] ?? null)
        : null;
      if (target && !element) {
        unreachable = { index, reason: `no ${elementText(target)} on the screen` };
        break;
      }
      session.record(step);
      await perform(step, element, user);
    }
    await quiet(screen);
  } catch (error) {
    crash = error;
  } finally {
    root.unmount();
    container.remove();
    observer.disconnect();
    keepDownloads.restore();
    document.body.replaceChildren();
  }

  return judgeReplay(scenario, file, {
    mode: 'screen',
    recorded: scenario.steps.map((step, index) => ({ step, index })),
    timeline: session.timeline,
    answers: session.answers,
    unusedExchanges: session.unusedExchanges(),
    finalState,
    crash,
    unreachable,
  });
}
