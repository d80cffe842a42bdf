import { NO_RESPONSE } from '../services/httpFailure';
import type { Middleware } from '@reduxjs/toolkit';
import { TOKEN_HEADER, XSRF_COOKIE } from '../../contract/api';
import type { PortalConfig } from '../../contract/config';
import { createRedaction, type RedactOptions } from '../../scenarioFormat/redaction';
import { actionTimeline } from '../../scenarioFormat/actionTimeline';
import { asJson, httpRequestRecord } from '../../scenarioFormat/records';
import {
  SCENARIO_FORMAT,
  type HttpRequestRecord,
  type RecordedIdentityFailure,
  type Scenario,
  type ScenarioStart,
  type ScenarioStep,
  type ScreenCheck,
  type UserEvent,
} from '../../scenarioFormat/scenario';
import type { Services } from '../services/types';

// Records one page's session as a scenario (docs/scenarios.md): the person's events on the screen,
// every action (and which of them the screen dispatched), every exchange with the outside world
// through the services, every change of the screen's location. Secrets leave only as placeholders.

/** A 2xx reaches the sagas as its body only, so it is written as 200. */
const SUCCESS_STATUS = 200;

export interface ScenarioRecorderOptions {
  config: PortalConfig;
  /** Path and query the page opened at. */
  url: string;
  localStorage: ScenarioStart['localStorage'];
  /** Cookies a script can read right now (XSRF-TOKEN), by name. */
  readCookies: () => Record<string, string>;
  /** When the page opened, epoch milliseconds. */
  startedAt: number;
  recordedWith: string;
  /** Called after every recorded step, e.g. to keep the scenario across a reload. */
  onChange?: () => void;
}

export interface ScenarioRecorder {
  /** The same services, each call also written to the scenario. */
  wrapServices(services: Services): Services;
  /** Store middleware that writes every action (intent or saga put) and keeps the latest state. */
  middleware: Middleware;
  /** The screen's location changed (path and query). */
  routeChanged(path: string): void;
  /** The person did something on the screen. */
  userEvent(event: UserEvent): void;
  /** A check of the screen that held when it was made. */
  screenChecked(check: ScreenCheck): void;
  /** How many steps so far. */
  stepCount(): number;
  /** The scenario so far, secrets replaced; the final state is the store's latest state. */
  scenario(title?: string, options?: RedactOptions): Scenario;
}

function asIdentityFailure(failure: unknown): RecordedIdentityFailure {
  if (typeof failure === 'object' && failure !== null && 'error' in failure) {
    const { error, description } = failure as { error: unknown; description?: unknown };
    const plain: RecordedIdentityFailure = { error: String(error) };
    if (typeof description === 'string') plain.description = description;
    return plain;
  }
  return { error: failure instanceof Error ? failure.message : String(failure) };
}

function httpFailureParts(failure: unknown): { status: number; body: unknown } {
  if (typeof failure === 'object' && failure !== null && 'status' in failure) {
    const { status, body } = failure as { status: unknown; body?: unknown };
    if (typeof status === 'number') return { status, body: body ?? null };
  }
  return { status: NO_RESPONSE, body: null };
}

/** Cookies that changed during an exchange: the ones the answer set, and '' for one it removed. */
function changedCookies(
  before: Record<string, string>,
  after: Record<string, string>,
): Record<string, string> | undefined {
  const changed = Object.entries(after).filter(([name, value]) => before[name] !== value);
  const removed = Object.keys(before)
    .filter((name) => !(name in after))
    .map((name) => [name, ''] as const);
  const all = [...changed, ...removed];
  return all.length === 0 ? undefined : Object.fromEntries(all);
}

const sameCookies = (a: Record<string, string>, b: Record<string, string>) =>
  changedCookies(a, b) === undefined;

const sameTarget = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function storedToken(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    const token = (parsed as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : undefined;
  } catch {
    // Not JSON: the portal reads it as no token, and the whole text may still be one.
    return raw;
  }
}

export function createScenarioRecorder(options: ScenarioRecorderOptions): ScenarioRecorder {
  const redaction = createRedaction();
  const steps: ScenarioStep[] = [];
  const readings: number[] = [];

  function readCookies(): Record<string, string> {
    const cookies = options.readCookies();
    for (const [name, value] of Object.entries(cookies)) {
      redaction.secret(name === XSRF_COOKIE ? 'xsrf-token' : 'cookie', value);
    }
    return cookies;
  }

  redaction.secret('access-token', storedToken(options.localStorage.tokenData));
  const start: ScenarioStart = {
    url: options.url,
    localStorage: { ...options.localStorage },
    cookies: readCookies(),
    clock: { start: options.startedAt, readings },
    config: asJson(options.config),
  };
  /** The readable cookies as the portal last saw them; a change outside any answer is a step. */
  let knownCookies = start.cookies;
  let latestState: unknown = {};
  /** Set by assign or reload: the page is going away, and at the next task it is gone. */
  let ending = false;
  let ended = false;

  function scenario(
    title = `Session recorded at ${options.url}`,
    redact: RedactOptions = {},
  ): Scenario {
    return redaction.apply(
      {
        format: SCENARIO_FORMAT,
        title,
        recordedWith: options.recordedWith,
        recordedAt: new Date(options.startedAt).toISOString(),
        start,
        steps,
        finalState: { match: 'whole', state: latestState as Record<string, unknown> },
      },
      redact,
    );
  }

  function write(step: ScenarioStep): number {
    if (ended) return -1;
    const position = steps.push(step) - 1;
    if (step.kind === 'assign' || step.kind === 'reload') endPage();
    options.onChange?.();
    return position;
  }

  function replace(position: number, step: ScenarioStep) {
    if (ended || position < 0) return;
    steps[position] = step;
    options.onChange?.();
  }

  /** Whatever the page still does in this task belongs to it; anything later does not. */
  function endPage() {
    if (ending) return;
    ending = true;
    setTimeout(() => {
      ended = true;
    }, 0);
  }

  /** Cookies the browser changed on its own (one expired, someone cleared them) since last seen. */
  function noticeCookies(): Record<string, string> {
    const now = readCookies();
    if (!sameCookies(knownCookies, now)) write({ kind: 'cookies', cookies: { ...now } });
    knownCookies = now;
    return now;
  }

  async function exchange<T>(request: HttpRequestRecord, send: () => Promise<T>): Promise<T> {
    const cookiesBefore = readCookies();
    const position = write({
      kind: 'http',
      request,
      response: { status: NO_RESPONSE, body: null },
    });
    const settle = (status: number, body: unknown) => {
      const after = readCookies();
      knownCookies = after;
      const cookies = changedCookies(cookiesBefore, after);
      const response = cookies ? { status, body, cookies } : { status, body };
      replace(position, { kind: 'http', request, response: asJson(response) });
    };
    try {
      const body = await send();
      settle(SUCCESS_STATUS, body ?? null);
      return body;
    } catch (failure) {
      const { status, body } = httpFailureParts(failure);
      settle(status, body);
      throw failure;
    }
  }

  async function revoke(identity: Services['identity'], token: string): Promise<void> {
    redaction.secret('access-token', token);
    const request = { token };
    const position = write({
      kind: 'revoke',
      request,
      result: { error: { error: 'no_answer_yet' } },
    });
    try {
      await identity.revoke?.(token);
      replace(position, { kind: 'revoke', request, result: { revoked: true } });
    } catch (failure) {
      replace(position, { kind: 'revoke', request, result: { error: asIdentityFailure(failure) } });
      throw failure;
    }
  }

  function wrapServices(services: Services): Services {
    const { http, identity, storage, browser, clock, log } = services;
    return {
      http: {
        get(path, query, headers) {
          redaction.secret('access-token', headers?.[TOKEN_HEADER]);
          noticeCookies();
          return exchange(httpRequestRecord('GET', path, { query, headers }), () =>
            http.get(path, query, headers),
          );
        },
        post(path, body) {
          const xsrfToken = noticeCookies()[XSRF_COOKIE];
          return exchange(httpRequestRecord('POST', path, { body, xsrfToken }), () =>
            http.post(path, body),
          );
        },
      },
      identity: {
        ...(identity.revoke ? { revoke: (token: string) => revoke(identity, token) } : {}),
        async requestToken(hint, scopes) {
          const request = { hint, scopes: [...scopes] };
          const position = write({
            kind: 'identity',
            request,
            result: { error: { error: 'no_answer_yet' } },
          });
          try {
            const token = await identity.requestToken(hint, scopes);
            redaction.secret('access-token', token.accessToken);
            replace(position, { kind: 'identity', request, result: { token: { ...token } } });
            return token;
          } catch (failure) {
            replace(position, {
              kind: 'identity',
              request,
              result: { error: asIdentityFailure(failure) },
            });
            throw failure;
          }
        },
      },
      storage: {
        getEmail: () => storage.getEmail(),
        getTokenData: () => storage.getTokenData(),
        setEmail(email) {
          write({ kind: 'storage', call: 'setEmail', value: email });
          storage.setEmail(email);
        },
        setTokenData(data) {
          redaction.secret('access-token', data.token);
          write({ kind: 'storage', call: 'setTokenData', value: { ...data } });
          storage.setTokenData(data);
        },
        removeTokenData() {
          write({ kind: 'storage', call: 'removeTokenData' });
          storage.removeTokenData();
        },
      },
      // Written before the move: assign and reload end the page, and the recording with it.
      browser: {
        navigate(path) {
          write({ kind: 'navigate', path });
          browser.navigate(path);
        },
        assign(url) {
          write({ kind: 'assign', url });
          browser.assign(url);
        },
        reload() {
          write({ kind: 'reload' });
          browser.reload();
        },
      },
      clock: {
        now() {
          const now = clock.now();
          if (!ended) readings.push(Math.max(0, now - options.startedAt));
          return now;
        },
      },
      log: {
        error(message, detail) {
          write({ kind: 'log', message });
          log.error(message, detail);
        },
      },
    };
  }

  const middleware = actionTimeline({
    ended: () => ended,
    record: (step) => void steps.push(step),
    stateAfter: (state) => {
      latestState = asJson(state);
      options.onChange?.();
    },
  });

  function userEvent(event: UserEvent) {
    const last = steps[steps.length - 1];
    // Keystrokes that changed nothing else in between are one fill with the field's final text.
    if (
      event.action === 'fill' &&
      last?.kind === 'user' &&
      last.action === 'fill' &&
      sameTarget(last.target, event.target)
    ) {
      replace(steps.length - 1, { kind: 'user', ...event });
      return;
    }
    write({ kind: 'user', ...event });
  }

  return {
    wrapServices,
    middleware,
    routeChanged: (path) => void write({ kind: 'route', path }),
    userEvent,
    screenChecked: (check) => void write({ kind: 'see', ...check }),
    stepCount: () => steps.length,
    scenario,
  };
}
