import type { PortalConfig } from '../contract/config';
import type { IdentityFailure, IdentityToken, Query, TokenData } from '../client/services/types';

// The scenario format (docs/scenarios.md, scenario.schema.json): what a person did, what the portal
// exchanged with the outside world through its services, and what came of it, in one timeline.

export const SCENARIO_FORMAT = 1;

/** A Redux action as JSON: `undefined` fields are left out, as JSON does. */
export interface RecordedAction {
  type: string;
  payload?: unknown;
}

export interface ScenarioClock {
  /** Epoch milliseconds when the page opened. */
  start: number;
  /** Milliseconds after `start` that each `clock.now()` answered, in order; the clock then stays put. */
  readings: number[];
}

export interface ScenarioStart {
  /** Path and query the page opened at, e.g. '/?customer=support' (the record flag left out). */
  url: string;
  /** The local storage entries the portal reads, as raw stored strings (spec §3). */
  localStorage: { email?: string; tokenData?: string };
  /** Cookies a script could read when the page opened (XSRF-TOKEN); opaque values. */
  cookies: Record<string, string>;
  clock: ScenarioClock;
  /** The runtime configuration the server injected (contract §1): where assign() leads. */
  config: PortalConfig;
}

export interface HttpRequestRecord {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  /** Headers the saga passed (x-goog-token carries the opaque access token). */
  headers?: Record<string, string>;
  body?: unknown;
  /** Whether the X-XSRF-TOKEN header went out with a value (every non-GET sends it, spec §7). */
  xsrf: boolean;
  /** The opaque value it carried, when sent. */
  xsrfToken?: string;
}

export interface HttpResponseRecord {
  /** HTTP status; a 2xx is recorded as 200 (the service hands sagas the body only); 0 = no answer. */
  status: number;
  body: unknown;
  /** Script-readable cookies the answer set (XSRF-TOKEN from subscription-info). */
  cookies?: Record<string, string>;
}

export type IdentityResult = { token: IdentityToken } | { error: IdentityFailure };

export type StorageWrite =
  | { call: 'setEmail'; value: string }
  | { call: 'setTokenData'; value: TokenData }
  | { call: 'removeTokenData' };

/** One thing that happened, in the order it happened. */
export type ScenarioStep =
  /** Dispatched by the person through the UI; replay dispatches it when the portal is idle. */
  | { kind: 'intent'; action: RecordedAction }
  /** Put by the sagas. */
  | { kind: 'action'; action: RecordedAction }
  | { kind: 'http'; request: HttpRequestRecord; response: HttpResponseRecord }
  | { kind: 'identity'; request: { hint: string; scopes: string[] }; result: IdentityResult }
  | ({ kind: 'storage' } & StorageWrite)
  | { kind: 'navigate'; path: string }
  | { kind: 'assign'; url: string }
  | { kind: 'reload' }
  | { kind: 'log'; message: string };

export type StepKind = ScenarioStep['kind'];

export interface ExpectedFinalState {
  /** 'whole': the state must equal `state`; 'part': every field given must match, others are free. */
  match: 'whole' | 'part';
  state: Record<string, unknown>;
}

export interface Scenario {
  $schema?: string;
  format: typeof SCENARIO_FORMAT;
  /** What the scenario shows, in a sentence. */
  title: string;
  /** Where and how it was recorded, e.g. 'sandbox via scripts/record-scenarios.ts'. */
  recordedWith?: string;
  recordedAt?: string;
  start: ScenarioStart;
  steps: ScenarioStep[];
  finalState: ExpectedFinalState;
}
