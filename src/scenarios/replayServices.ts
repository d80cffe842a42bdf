import type { SagaContext } from '../client/app/sagaContext';
import { createStorageService, EMAIL_KEY, TOKEN_DATA_KEY } from '../client/services/storage';
import type {
  HttpFailure,
  IdentityFailure,
  IdentityToken,
  Query,
  Services,
} from '../client/services/types';
import { XSRF_COOKIE } from '../contract/api';
import { asJson, httpRequestRecord, stableJson } from '../scenarioFormat/records';
import {
  isPageEnd,
  type HttpRequestRecord,
  type Scenario,
  type ScenarioStep,
} from '../scenarioFormat/scenario';

// Services that answer from a recording: every call is written to the replay's own timeline, and an
// HTTP or identity call gets the recorded answer that fits it, or fails when none does.

type Exchange = Extract<ScenarioStep, { kind: 'http' } | { kind: 'identity' } | { kind: 'revoke' }>;

interface RecordedExchange {
  /** Position in the recorded steps. */
  step: number;
  exchange: Exchange;
  used: boolean;
}

/** How replay answered a call; the verdict explains differences with it. */
export type AnswerSource =
  { kind: 'recorded'; step: number; inOrder: boolean; exact: boolean } | { kind: 'unrecorded' };

export interface ReplaySessionOptions {
  /** Waits before each answer is handed over; through the screen, the screen's turn comes first,
   * as a network answer arrives after the page has drawn what the person's event changed. */
  answerAfter?: () => Promise<void>;
  /** Moves the replay's router, for in-app navigation. */
  navigate?: (path: string) => void;
}

export interface ReplaySession {
  context: SagaContext;
  /** What happened in the replay, in the recording's shape. */
  timeline: ScenarioStep[];
  /** Adds a step, unless the page has ended; returns its position, or -1. */
  record(step: ScenarioStep): number;
  /** For each replayed exchange (by timeline position), where its answer came from. */
  answers: Map<number, AnswerSource>;
  /** Recorded exchanges nothing asked for. */
  unusedExchanges(): number[];
  /** Service calls waiting for their answer. */
  inFlight(): number;
  /** True once the page has gone (a task after assign or reload), as the recorder counts it. */
  ended(): boolean;
  /** Resolves once no service call is in flight and the sagas have had a turn to react. */
  settle(): Promise<void>;
}

/** A call with no recorded answer: the sagas see a failure, the verdict sees the call. */
const UNRECORDED_HTTP: HttpFailure = {
  status: 0,
  body: { error: { code: 0, message: 'Replay: this call is not in the recording.' } },
};
const UNRECORDED_IDENTITY: IdentityFailure = {
  error: 'not_in_recording',
  description: 'Replay: this identity request is not in the recording.',
};

const IDLE_TURNS = 2;
/** A bound on waiting, so a replay always ends even if something keeps calling. */
const MAX_SETTLE_TURNS = 1_000;

function memoryStorage(initial: Scenario['start']['localStorage']): Storage {
  const entries = new Map<string, string>();
  if (initial.email !== undefined) entries.set(EMAIL_KEY, initial.email);
  if (initial.tokenData !== undefined) entries.set(TOKEN_DATA_KEY, initial.tokenData);
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => {
      entries.delete(key);
    },
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
  };
}

export function createReplaySession(
  scenario: Scenario,
  options: ReplaySessionOptions = {},
): ReplaySession {
  const timeline: ScenarioStep[] = [];
  const answers = new Map<number, AnswerSource>();
  const cookies: Record<string, string> = { ...scenario.start.cookies };
  const recorded: RecordedExchange[] = [];
  scenario.steps.forEach((step, index) => {
    if (step.kind === 'http' || step.kind === 'identity' || step.kind === 'revoke') {
      recorded.push({ step: index, exchange: step, used: false });
    }
  });
  let inFlight = 0;
  let clockReads = 0;
  let ending = false;
  let ended = false;

  function record(step: ScenarioStep): number {
    if (ended) return -1;
    const position = timeline.push(step) - 1;
    if (isPageEnd(step) && !ending) {
      // Whatever the page still does in this task belongs to it; anything later does not.
      ending = true;
      setTimeout(() => {
        ended = true;
      }, 0);
    }
    return position;
  }

  function replaceAt(position: number, step: ScenarioStep) {
    if (position >= 0 && !ended) timeline[position] = step;
  }

  /** The recorded exchange that answers a call: the next one if it fits, else any unused exact fit,
   * else the next unused one to the same place (its request differs, which the verdict reports). */
  function pickAnswer(
    kind: Exchange['kind'],
    request: unknown,
    samePlace: (exchange: Exchange) => boolean,
  ): { entry: RecordedExchange; source: AnswerSource } | null {
    const wanted = stableJson(request);
    const unused = recorded.filter((entry) => !entry.used);
    const fits = (entry: RecordedExchange) =>
      entry.exchange.kind === kind && stableJson(entry.exchange.request) === wanted;
    const next = unused[0];
    const exact = unused.find(fits);
    const entry =
      exact ?? unused.find((item) => item.exchange.kind === kind && samePlace(item.exchange));
    if (!entry) return null;
    entry.used = true;
    return {
      entry,
      source: {
        kind: 'recorded',
        step: entry.step,
        inOrder: entry === next,
        exact: entry === exact,
      },
    };
  }

  function track<T>(work: () => Promise<T>): Promise<T> {
    inFlight += 1;
    return work().finally(() => {
      inFlight -= 1;
    });
  }

  const answerAfter = options.answerAfter ?? (() => Promise.resolve());

  async function http<T>(request: HttpRequestRecord): Promise<T> {
    const position = record({ kind: 'http', request, response: { status: 0, body: null } });
    const picked = pickAnswer(
      'http',
      request,
      (exchange) =>
        exchange.kind === 'http' &&
        exchange.request.method === request.method &&
        exchange.request.path === request.path,
    );
    await answerAfter();
    if (!picked || picked.entry.exchange.kind !== 'http') {
      if (position >= 0) answers.set(position, { kind: 'unrecorded' });
      throw UNRECORDED_HTTP;
    }
    if (position >= 0) answers.set(position, picked.source);
    const response = asJson(picked.entry.exchange.response);
    replaceAt(position, { kind: 'http', request, response });
    // The answer's cookies become the browser's; '' is one it removed (sign-out).
    for (const [name, value] of Object.entries(response.cookies ?? {})) {
      if (value === '') Reflect.deleteProperty(cookies, name);
      else cookies[name] = value;
    }
    if (response.status >= 200 && response.status < 300) return response.body as T;
    const failure: HttpFailure = { status: response.status, body: response.body };
    throw failure;
  }

  const cookieChanges = scenario.steps.flatMap((step, index) =>
    step.kind === 'cookies' ? [{ index, cookies: step.cookies }] : [],
  );
  /** Cookies the browser changed on its own before the next recorded call become the replay's. */
  function noticeCookies() {
    const next = recorded.find((entry) => !entry.used)?.step ?? Number.POSITIVE_INFINITY;
    while (cookieChanges[0] && cookieChanges[0].index < next) {
      const change = cookieChanges.shift() as (typeof cookieChanges)[number];
      for (const name of Object.keys(cookies)) Reflect.deleteProperty(cookies, name);
      Object.assign(cookies, change.cookies);
      record({ kind: 'cookies', cookies: { ...change.cookies } });
    }
  }

  const xsrfToken = () => {
    noticeCookies();
    return cookies[XSRF_COOKIE];
  };

  async function requestToken(hint: string, scopes: readonly string[]): Promise<IdentityToken> {
    const request = { hint, scopes: [...scopes] };
    const position = record({ kind: 'identity', request, result: { error: UNRECORDED_IDENTITY } });
    const picked = pickAnswer('identity', request, () => true);
    await answerAfter();
    if (!picked || picked.entry.exchange.kind !== 'identity') {
      if (position >= 0) answers.set(position, { kind: 'unrecorded' });
      throw UNRECORDED_IDENTITY;
    }
    if (position >= 0) answers.set(position, picked.source);
    const result = asJson(picked.entry.exchange.result);
    replaceAt(position, { kind: 'identity', request, result });
    if ('token' in result) return result.token;
    throw result.error;
  }

  async function revoke(token: string): Promise<void> {
    const request = { token };
    const position = record({ kind: 'revoke', request, result: { error: UNRECORDED_IDENTITY } });
    const picked = pickAnswer('revoke', request, () => true);
    await answerAfter();
    if (!picked || picked.entry.exchange.kind !== 'revoke') {
      if (position >= 0) answers.set(position, { kind: 'unrecorded' });
      throw UNRECORDED_IDENTITY;
    }
    if (position >= 0) answers.set(position, picked.source);
    const result = asJson(picked.entry.exchange.result);
    replaceAt(position, { kind: 'revoke', request, result });
    if ('error' in result) throw result.error;
  }

  // The portal's own storage service over an in-memory local storage seeded from the start.
  const localStorage = memoryStorage(scenario.start.localStorage);
  const realStorage = createStorageService(() => localStorage);

  const services: Services = {
    http: {
      get: <T>(path: string, query?: Query, headers?: Record<string, string>) => {
        noticeCookies();
        return track(() => http<T>(httpRequestRecord('GET', path, { query, headers })));
      },
      post: <T>(path: string, body: unknown) =>
        track(() => http<T>(httpRequestRecord('POST', path, { body, xsrfToken: xsrfToken() }))),
    },
    // Both real identity services can revoke; so can the replay, from the recording.
    identity: {
      requestToken: (hint, scopes) => track(() => requestToken(hint, scopes)),
      revoke: (token) => track(() => revoke(token)),
    },
    storage: {
      getEmail: () => realStorage.getEmail(),
      getTokenData: () => realStorage.getTokenData(),
      setEmail(email) {
        record({ kind: 'storage', call: 'setEmail', value: email });
        realStorage.setEmail(email);
      },
      setTokenData(data) {
        record({ kind: 'storage', call: 'setTokenData', value: { ...data } });
        realStorage.setTokenData(data);
      },
      removeTokenData() {
        record({ kind: 'storage', call: 'removeTokenData' });
        realStorage.removeTokenData();
      },
    },
    browser: {
      navigate(path) {
        record({ kind: 'navigate', path });
        options.navigate?.(path);
      },
      assign: (url) => void record({ kind: 'assign', url }),
      reload: () => void record({ kind: 'reload' }),
    },
    clock: {
      now() {
        const { start, readings } = scenario.start.clock;
        const reading = readings[Math.min(clockReads, readings.length - 1)] ?? 0;
        clockReads += 1;
        return start + reading;
      },
    },
    log: { error: (message) => void record({ kind: 'log', message }) },
  };

  function settle(): Promise<void> {
    return new Promise((resolve) => {
      let idle = 0;
      let turns = 0;
      const check = () => {
        turns += 1;
        idle = inFlight === 0 ? idle + 1 : 0;
        if (idle >= IDLE_TURNS || turns >= MAX_SETTLE_TURNS) resolve();
        else setImmediate(check);
      };
      setImmediate(check);
    });
  }

  return {
    context: { ...services, config: asJson(scenario.start.config) },
    timeline,
    record,
    answers,
    unusedExchanges: () => recorded.filter((entry) => !entry.used).map((entry) => entry.step),
    inFlight: () => inFlight,
    ended: () => ended,
    settle,
  };
}
