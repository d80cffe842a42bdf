import { act } from '@testing-library/react';
import type { SagaContext } from '../../client/app/sagaContext';
import type { PortalConfig } from '../../contract/config';
import type { ErrorEnvelope, ErrorStatus } from '../../contract/errors';
import type {
  ConsoleHttpService,
  HttpFailure,
  IdentityFailure,
  IdentityToken,
  Query,
  TokenData,
} from '../../client/services/types';

// In-memory stand-ins for every service, recording each call, for saga tests and component tests.

export interface FakeHttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Query;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A 2xx status resolves with the body; any other status rejects with HttpFailure (0 = network). */
export interface FakeHttpAnswer {
  status: number;
  body: unknown;
}

export type FakeHttpRoute =
  FakeHttpAnswer | ((request: FakeHttpRequest) => FakeHttpAnswer | Promise<FakeHttpAnswer>);

export type FakeIdentityAnswer =
  | IdentityToken
  | IdentityFailure
  | ((hint: string, scopes: readonly string[]) => Promise<IdentityToken>);

export interface FakeServicesOptions {
  config?: Partial<PortalConfig>;
  /** What clock.now() answers (epoch ms). */
  now?: number;
  /** Initial local storage contents. */
  email?: string | null;
  tokenData?: TokenData | null;
  /** Answers keyed by `${method} ${path}`, e.g. 'GET /api/email-validator'. */
  http?: Record<string, FakeHttpRoute>;
  identity?: FakeIdentityAnswer;
  /** What identity.revoke does: resolve (default), reject with this failure, or leave it out. */
  revoke?: IdentityFailure | 'absent' | (() => Promise<void>);
}

export interface FakeCalls {
  http: FakeHttpRequest[];
  identity: { hint: string; scopes: string[] }[];
  /** Tokens identity.revoke was asked to withdraw. */
  revoked: string[];
  navigate: string[];
  assign: string[];
  reloads: number;
  log: { message: string; detail?: unknown }[];
  /** The fake local storage as it is now. */
  storage: { email: string | null; tokenData: TokenData | null };
  tokenDataRemovals: number;
}

export interface FakeServices {
  /** Hand to makeStore({ context }) or to expectSaga through `provider`. */
  /** The console's http service too (PUT), for the console's saga tests. */
  services: SagaContext & { http: ConsoleHttpService };
  calls: FakeCalls;
  /** expectSaga(...).provide(fake.provider): answers every getContext from `services`. */
  provider: { getContext: (key: string) => unknown };
}

export const FAKE_NOW = Date.UTC(2025, 0, 15, 9, 0, 0);
export const FAKE_ACCESS_TOKEN = 'fake-access-token';
const FAKE_EXPIRES_IN_SECONDS = 3599;

export const fakeConfig: PortalConfig = {
  identity: { kind: 'sandbox', clientId: 'portal-test', authorizeUrl: '/sandbox/oauth/authorize' },
  contactUrl: 'https://contact.example/contact',
  helpdeskUrl: 'https://helpdesk.example/portal',
  supportSiteUrl: 'https://support.example/site',
  helpCentreUrl: 'https://help.example/flexible',
};

/** A 200 answer. */
export const ok = (body: unknown): FakeHttpAnswer => ({ status: 200, body });

/** An error answer in the contract's envelope (docs/behaviour.md 2). */
export function apiError(
  code: number,
  status: ErrorStatus,
  message: string,
  details?: string,
): FakeHttpAnswer {
  const body: ErrorEnvelope = {
    error: details === undefined ? { code, status, message } : { code, status, message, details },
  };
  return { status: code, body };
}

/** No response at all (the network failed). */
export const networkFailure: FakeHttpAnswer = { status: 0, body: null };

const isSuccess = (status: number) => status >= 200 && status < 300;

function isIdentityFailure(answer: IdentityToken | IdentityFailure): answer is IdentityFailure {
  return 'error' in answer;
}

/** Builds the fakes; every option is optional and overrides a harmless default. */
export function createFakeServices(options: FakeServicesOptions = {}): FakeServices {
  const calls: FakeCalls = {
    http: [],
    identity: [],
    revoked: [],
    navigate: [],
    assign: [],
    reloads: 0,
    log: [],
    storage: { email: options.email ?? null, tokenData: options.tokenData ?? null },
    tokenDataRemovals: 0,
  };
  const routes = options.http ?? {};

  async function answer<T>(request: FakeHttpRequest): Promise<T> {
    calls.http.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const reply: FakeHttpAnswer =
      route === undefined
        ? apiError(404, 'NOT_FOUND', `No fake answer for ${request.method} ${request.path}`)
        : typeof route === 'function'
          ? await route(request)
          : route;
    if (isSuccess(reply.status)) return reply.body as T;
    const failure: HttpFailure = { status: reply.status, body: reply.body };
    throw failure;
  }

  const services: SagaContext & { http: ConsoleHttpService } = {
    config: { ...fakeConfig, ...options.config },
    http: {
      get: <T>(path: string, query?: Query, headers?: Record<string, string>) =>
        answer<T>({ method: 'GET', path, query, headers }),
      post: <T>(path: string, body: unknown) => answer<T>({ method: 'POST', path, body }),
      put: <T>(path: string, body: unknown) => answer<T>({ method: 'PUT', path, body }),
    },
    identity: {
      async requestToken(hint, scopes) {
        calls.identity.push({ hint, scopes: [...scopes] });
        const given = options.identity;
        if (typeof given === 'function') return given(hint, scopes);
        if (given === undefined) {
          return {
            accessToken: FAKE_ACCESS_TOKEN,
            expiresIn: FAKE_EXPIRES_IN_SECONDS,
            scope: scopes.join(' '),
          };
        }
        if (isIdentityFailure(given)) throw given;
        return given;
      },
      ...(options.revoke === 'absent'
        ? {}
        : {
            async revoke(token: string) {
              calls.revoked.push(token);
              const given = options.revoke;
              if (typeof given === 'function') return given();
              if (given !== undefined) throw given;
            },
          }),
    },
    storage: {
      getEmail: () => calls.storage.email,
      setEmail: (email) => {
        calls.storage.email = email;
      },
      getTokenData: () => calls.storage.tokenData,
      setTokenData: (data) => {
        calls.storage.tokenData = data;
      },
      removeTokenData: () => {
        calls.storage.tokenData = null;
        calls.tokenDataRemovals += 1;
      },
    },
    browser: {
      navigate: (path) => {
        calls.navigate.push(path);
      },
      assign: (url) => {
        calls.assign.push(url);
      },
      reload: () => {
        calls.reloads += 1;
      },
    },
    clock: { now: () => options.now ?? FAKE_NOW },
    log: {
      error: (message, detail) => {
        calls.log.push({ message, detail });
      },
    },
  };

  return {
    services,
    calls,
    provider: { getContext: (key: string) => services[key as keyof SagaContext] },
  };
}

/** An answer the test releases when it wants, to see the in-between states. */
export function heldAnswer() {
  let release: (answer: FakeHttpAnswer) => void = () => undefined;
  const answer = new Promise<FakeHttpAnswer>((resolve) => {
    release = resolve;
  });
  return { route: () => answer, release: (reply: FakeHttpAnswer) => act(() => release(reply)) };
}
