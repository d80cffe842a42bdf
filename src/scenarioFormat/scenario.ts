import type { PortalConfig } from '../contract/config';

// The scenario format (docs/scenarios.md, scenario.schema.json): what a person did on the screen,
// the intents it produced, what the portal exchanged with the outside world through its services,
// where the screen went, and what came of it, in one timeline. The recorder (src/client/recording)
// writes it and the replay (src/scenarios) reads it; neither owns it, so it lives below both.

export const SCENARIO_FORMAT = 2;

/** A Redux action as JSON: `undefined` fields are left out, as JSON does. */
export interface RecordedAction {
  type: string;
  payload?: unknown;
}

export type Query = Record<string, string>;

export interface ScenarioClock {
  /** Epoch milliseconds when the page opened. */
  start: number;
  /** Milliseconds after `start` that each `clock.now()` answered, in order; the clock then stays put. */
  readings: number[];
}

export interface ScenarioStart {
  /** Path and query the page opened at, e.g. '/?customer=support'. */
  url: string;
  /** The local storage entries the portal reads, as raw stored strings. */
  localStorage: { email?: string; tokenData?: string };
  /** Cookies a script could read when the page opened (XSRF-TOKEN), as placeholders. */
  cookies: Record<string, string>;
  clock: ScenarioClock;
  /** The runtime configuration the server injected into the page: where assign() leads. */
  config: PortalConfig;
}

export interface HttpRequestRecord {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  /** Headers the saga passed (x-goog-token carries the access token's placeholder). */
  headers?: Record<string, string>;
  body?: unknown;
  /** Whether the X-XSRF-TOKEN header went out with a value (every non-GET sends it). */
  xsrf: boolean;
  /** The placeholder of the value it carried, when sent. */
  xsrfToken?: string;
}

export interface HttpResponseRecord {
  /** HTTP status; a 2xx is recorded as 200 (the service hands sagas the body only); 0 = no answer. */
  status: number;
  body: unknown;
  /** Script-readable cookies the answer set (XSRF-TOKEN from subscription-info), as placeholders;
   * '' for one it removed (sign-out). */
  cookies?: Record<string, string>;
}

export interface RecordedToken {
  accessToken: string;
  /** Seconds, as the provider said. */
  expiresIn: number;
  scope: string;
}

export interface RecordedIdentityFailure {
  error: string;
  description?: string;
}

export type IdentityResult = { token: RecordedToken } | { error: RecordedIdentityFailure };

/** What the identity provider said when asked to withdraw a token at sign-out. */
export type RevokeResult = { revoked: true } | { error: RecordedIdentityFailure };

export type StorageWrite =
  | { call: 'setEmail'; value: string }
  | { call: 'setTokenData'; value: { token: string; expiry: number } }
  | { call: 'removeTokenData' };

/** A dialog (or other landmark) an element sits in, by its role and accessible name. */
export interface ScopeRef {
  role: string;
  name: string;
}

/** An element as a person finds it: its ARIA role and accessible name, inside a dialog when in one. */
export interface ElementRef {
  role: string;
  name: string;
  within?: ScopeRef;
}

/** What the person did, on an element found by role and name. */
export type UserEvent =
  /** A pointer click. */
  | { action: 'click'; target: ElementRef }
  /** The field's text became `text` in one input (typed, pasted or cleared). */
  | { action: 'fill'; target: ElementRef; text: string }
  /** A key pressed on the focused element (`null`: nothing focused), e.g. 'Enter', 'Shift+Tab'. */
  | { action: 'key'; target: ElementRef | null; key: string };

/** Something the person saw (or made sure was gone); checked when replayed through the screen. */
export type ScreenCheck =
  | { target: ElementRef; absent?: true; disabled?: boolean }
  | { text: string; within?: ScopeRef; absent?: true };

/** One thing that happened, in the order it happened. */
export type ScenarioStep =
  /** The person's event on the screen; replay through the UI performs it. */
  | ({ kind: 'user' } & UserEvent)
  /** A check of the screen at this point; replay through the UI makes it. */
  | ({ kind: 'see' } & ScreenCheck)
  /** Dispatched by the screen (not by a saga); saga-only replay dispatches it. */
  | { kind: 'intent'; action: RecordedAction }
  /** Put by the sagas. */
  | { kind: 'action'; action: RecordedAction }
  | { kind: 'http'; request: HttpRequestRecord; response: HttpResponseRecord }
  | { kind: 'identity'; request: { hint: string; scopes: string[] }; result: IdentityResult }
  /** Sign-out asked the identity provider to withdraw the token (its placeholder). */
  | { kind: 'revoke'; request: { token: string }; result: RevokeResult }
  | ({ kind: 'storage' } & StorageWrite)
  /** The browser's readable cookies changed outside any answer (one expired, they were cleared):
   * all of them now, as placeholders. Replay takes them as its own before the next call. */
  | { kind: 'cookies'; cookies: Record<string, string> }
  /** A saga asked the browser service for an in-app move. */
  | { kind: 'navigate'; path: string }
  /** The screen's location changed (a saga's move, a guard's redirect), path and query. */
  | { kind: 'route'; path: string }
  | { kind: 'assign'; url: string }
  | { kind: 'reload' }
  | { kind: 'log'; message: string };

export type StepKind = ScenarioStep['kind'];

/** Steps that only the screen produces or consumes: saga-only replay leaves them out. */
export const SCREEN_STEP_KINDS: ReadonlySet<StepKind> = new Set(['user', 'see', 'route']);

export const isScreenStep = (step: ScenarioStep): boolean => SCREEN_STEP_KINDS.has(step.kind);

/** After these the page is gone: nothing later belongs to the page's session. */
export const isPageEnd = (step: ScenarioStep): boolean =>
  step.kind === 'assign' || step.kind === 'reload';

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
  /** Where and how it was recorded, e.g. 'the sandbox, driven by scripts/record-scenarios.ts'. */
  recordedWith?: string;
  recordedAt?: string;
  start: ScenarioStart;
  steps: ScenarioStep[];
  finalState: ExpectedFinalState;
}
