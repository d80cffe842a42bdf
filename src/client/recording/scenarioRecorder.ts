import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { XSRF_COOKIE } from '../../contract/api';
import type { PortalConfig } from '../../contract/config';
import type { IdentityFailure, Services } from '../services/types';
import {
  SCENARIO_FORMAT,
  type RecordedAction,
  type Scenario,
  type ScenarioStart,
  type ScenarioStep,
} from '../../scenarios/scenario';
import { httpRequestRecord } from './requestRecord';

// Records one page's session as a scenario: wraps the services (every exchange with the outside
// world) and watches the store (every action, and which of them the person dispatched).

/** redux-saga marks every action a saga puts with this property; the rest come from the UI. */
const SAGA_ACTION_MARK = '@@redux-saga/SAGA_ACTION';
/** A 2xx reaches the sagas as its body only, so it is written as 200 (docs/scenarios.md). */
const SUCCESS_STATUS = 200;
const NO_RESPONSE = 0;

export interface ScenarioRecorderOptions {
  config: PortalConfig;
  /** Path and query the page opened at, without the record flag. */
  url: string;
  localStorage: ScenarioStart['localStorage'];
  /** Cookies a script can read right now (XSRF-TOKEN), by name. */
  readCookies: () => Record<string, string>;
  /** When the page opened, epoch milliseconds. */
  startedAt: number;
  recordedWith: string;
  /** Called after every recorded step, e.g. to keep the scenario across a reload. */
  onChange?: (scenario: Scenario) => void;
}

export interface ScenarioRecorder {
  /** The same services, each call also written to the scenario. */
  wrapServices(services: Services): Services;
  /** Store middleware that writes every action (intent or saga put) and keeps the latest state. */
  middleware: Middleware;
  /** The scenario so far; the final state is the store's state now. */
  scenario(title?: string): Scenario;
}

function isPlainAction(value: unknown): value is UnknownAction {
  return (
    typeof value === 'object' && value !== null && typeof (value as UnknownAction).type === 'string'
  );
}

function asRecordedAction(action: UnknownAction): RecordedAction {
  return JSON.parse(
    JSON.stringify({ type: action.type, payload: action.payload }),
  ) as RecordedAction;
}

function asIdentityFailure(failure: unknown): IdentityFailure {
  if (typeof failure === 'object' && failure !== null && 'error' in failure) {
    const { error, description } = failure as { error: unknown; description?: unknown };
    const plain: IdentityFailure = { error: String(error) };
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

/** Cookies that changed during an exchange: the ones the answer set. */
function changedCookies(
  before: Record<string, string>,
  after: Record<string, string>,
): Record<string, string> | undefined {
  const changed = Object.entries(after).filter(([name, value]) => before[name] !== value);
  return changed.length === 0 ? undefined : Object.fromEntries(changed);
}

export function createScenarioRecorder(options: ScenarioRecorderOptions): ScenarioRecorder {
  const steps: ScenarioStep[] = [];
  const readings: number[] = [];
  const start: ScenarioStart = {
    url: options.url,
    localStorage: { ...options.localStorage },
    cookies: options.readCookies(),
    clock: { start: options.startedAt, readings },
    config: JSON.parse(JSON.stringify(options.config)) as PortalConfig,
  };
  let latestState: unknown = {};

  function scenario(title = `Session recorded at ${options.url}`): Scenario {
    return JSON.parse(
      JSON.stringify({
        format: SCENARIO_FORMAT,
        title,
        recordedWith: options.recordedWith,
        recordedAt: new Date(options.startedAt).toISOString(),
        start,
        steps,
        finalState: { match: 'whole', state: latestState },
      }),
    ) as Scenario;
  }

  function write(step: ScenarioStep): number {
    const position = steps.push(step) - 1;
    options.onChange?.(scenario());
    return position;
  }

  function replace(position: number, step: ScenarioStep) {
    steps[position] = step;
    options.onChange?.(scenario());
  }

  async function exchange<T>(
    request: ReturnType<typeof httpRequestRecord>,
    send: () => Promise<T>,
  ): Promise<T> {
    const cookiesBefore = options.readCookies();
    const position = write({
      kind: 'http',
      request,
      response: { status: NO_RESPONSE, body: null },
    });
    const settle = (status: number, body: unknown) => {
      const cookies = changedCookies(cookiesBefore, options.readCookies());
      const response = cookies ? { status, body, cookies } : { status, body };
      replace(position, { kind: 'http', request, response: JSON.parse(JSON.stringify(response)) });
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

  function wrapServices(services: Services): Services {
    const { http, identity, storage, browser, clock, log } = services;
    return {
      http: {
        get: (path, query, headers) =>
          exchange(httpRequestRecord('GET', path, { query, headers }), () =>
            http.get(path, query, headers),
          ),
        post: (path, body) =>
          exchange(
            httpRequestRecord('POST', path, {
              body,
              xsrfToken: options.readCookies()[XSRF_COOKIE],
            }),
            () => http.post(path, body),
          ),
      },
      identity: {
        async requestToken(hint, scopes) {
          const request = { hint, scopes: [...scopes] };
          const position = write({
            kind: 'identity',
            request,
            result: { error: { error: 'no_answer_yet' } },
          });
          try {
            const token = await identity.requestToken(hint, scopes);
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
          readings.push(Math.max(0, now - options.startedAt));
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

  const middleware: Middleware = (api) => (next) => (action) => {
    if (!isPlainAction(action) || action.type.startsWith('@@')) return next(action);
    const byPerson = !(action as Record<string, unknown>)[SAGA_ACTION_MARK];
    const step: ScenarioStep = byPerson
      ? { kind: 'intent', action: asRecordedAction(action) }
      : { kind: 'action', action: asRecordedAction(action) };
    steps.push(step);
    const result = next(action);
    latestState = api.getState();
    options.onChange?.(scenario());
    return result;
  };

  return { wrapServices, middleware, scenario };
}
