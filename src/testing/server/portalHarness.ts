import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  sessionCookieNames,
  TOKEN_HEADER,
  XSRF_HEADER,
  type SessionCookieNames,
} from '../../contract/api';
import type { ErrorEnvelope } from '../../contract/errors';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import { buildApp } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';
import { createLogger } from '../../server/plugins/logger';
import { createPortalMetrics, type PortalMetrics } from '../../server/plugins/metrics';
import { openSandbox, type Sandbox } from '../../server/providers/sandbox';
import { SERVER_TEXT } from '../../server/messages';
import { createSettlementWorker } from '../../server/services/settlementWorker';
import { openPortalSettings, type PortalSettings } from '../../server/settings/portalSettings';
import { readSettingsSeed } from '../../server/settings/settingsSeed';
import { openPortalStore } from '../../server/store/openStore';
import type { PortalStore } from '../../server/store/portalStore';
import { recordRoutes, type RouteRecord } from './routeTable';
import { captureLogs } from './capturedLogs';

// A real portal on 127.0.0.1, port 0, over the real sandbox in a fresh temp directory, with a clock
// the test moves. Browsers keep their own cookie jars, like people on different machines.

export const TEST_INDEX_HTML =
  '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>';

export interface PortalOptions {
  dataDir?: string;
  /** The quota shield's limits (RATE_LIMIT_PER_ADDRESS, _PER_SESSION, _PER_CUSTOMER); default 10000. */
  rateLimitMax?: number;
  sessionRateLimitMax?: number;
  customerRateLimitMax?: number;
  /** Write a stand-in client build (default true). */
  withClient?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Each API request's deadline (PORTAL_REQUEST_DEADLINE_MS); default the app's. */
  requestDeadlineMs?: number;
}

export interface Clock {
  now: number;
  advance(ms: number): void;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** The cookie of `pick` under the name it has (__Host- over https and in google mode), if any. */
function sessionCookie(
  cookies: ReadonlyMap<string, string>,
  pick: keyof SessionCookieNames,
): string | undefined {
  return (
    cookies.get(sessionCookieNames(true)[pick]) ?? cookies.get(sessionCookieNames(false)[pick])
  );
}

/** How a request with a body goes out besides it. */
export interface BodyOptions {
  xsrf?: string | null;
  raw?: string;
  contentType?: string;
  /** More headers, e.g. the browser's X-Time-Zone. */
  headers?: Record<string, string>;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair === undefined || at < 0) continue;
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
  }

  async request<T = unknown>(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer<T>> {
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { ...this.cookieHeader(), ...init.headers },
      body: init.body,
    });
    this.remember(response.headers);
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (HTML or plain text): the raw text is the body.
    }
    return { status: response.status, headers: response.headers, body: body as T, text };
  }

  get<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    return this.request<T>('GET', url, { headers });
  }

  /** A JSON POST carrying the XSRF header from the cookie, as the SPA's http service does. */
  post<T = unknown>(url: string, body: unknown, options: BodyOptions = {}): Promise<Answer<T>> {
    return this.send<T>('POST', url, body, options);
  }

  /** A JSON PUT, as the console's http service sends one: the XSRF header too. */
  put<T = unknown>(url: string, body: unknown, options: BodyOptions = {}): Promise<Answer<T>> {
    return this.send<T>('PUT', url, body, options);
  }

  private send<T>(
    method: string,
    url: string,
    body: unknown,
    options: BodyOptions,
  ): Promise<Answer<T>> {
    const xsrf = options.xsrf === undefined ? sessionCookie(this.cookies, 'xsrf') : options.xsrf;
    const headers: Record<string, string> = {
      ...options.headers,
      'content-type': options.contentType ?? 'application/json',
    };
    if (xsrf !== null && xsrf !== undefined) headers[XSRF_HEADER] = xsrf;
    return this.request<T>(method, url, {
      headers,
      body: options.raw ?? JSON.stringify(body),
    });
  }

  get session(): string | undefined {
    return sessionCookie(this.cookies, 'session');
  }
}

export interface Portal {
  baseUrl: string;
  app: FastifyInstance;
  sandbox: Sandbox;
  /** The portal store: SQLite in dataDir, or PostgreSQL when env.DATABASE_URL is set. */
  store: PortalStore;
  /** The customers' settings in force on this instance (the console changes them). */
  settings: PortalSettings;
  config: ServerConfig;
  /** The app's metrics registry (tests serve it with buildMetricsServer). */
  metrics: PortalMetrics;
  clock: Clock;
  dataDir: string;
  /** Every JSON log line written so far. */
  logs: Record<string, unknown>[];
  browser(): Browser;
  /** A browser signed in as `email` (subscription-info answered 200). */
  signIn(email: string, scopes?: readonly string[]): Promise<Browser>;
  /** A browser signed in to the reseller console as `email` (the staff sign-in answered 200). */
  signInStaff(email: string): Promise<Browser>;
  token(email: string, scopes?: readonly string[]): string;
  /** Every route of the app with its session hook, as Fastify runs it (testing/routeTable.ts). */
  routes(): RouteRecord[];
  /** One pass of the settlement worker main.ts starts, on the portal's clock; how many keys it settled. */
  settle(): Promise<number>;
  close(): Promise<void>;
}

/** A client build's stand-in in `clientDir`: the page and one hashed script. */
export function writeStandInClient(clientDir: string): void {
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(path.join(clientDir, 'main.0123abcd.js'), 'console.log("portal");');
}

const START_TIME = Date.UTC(2030, 0, 15, 9, 0, 0);
/** More requests per minute than any test sends, so only the tests of the quota shield meet it. */
export const UNLIMITED_IN_TESTS = 10_000;

export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-api-'));
  const clientDir = path.join(dataDir, 'client');
  if (options.withClient !== false) writeStandInClient(clientDir);
  const clock: Clock = {
    now: START_TIME,
    advance(ms) {
      this.now += ms;
    },
  };
  const now = () => clock.now;
  const config = readConfig({
    PORTAL_DATA_DIR: dataDir,
    PORTAL_CLIENT_DIR: clientDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_ADDRESS: String(options.rateLimitMax ?? UNLIMITED_IN_TESTS),
    RATE_LIMIT_PER_SESSION: String(options.sessionRateLimitMax ?? UNLIMITED_IN_TESTS),
    RATE_LIMIT_PER_CUSTOMER: String(options.customerRateLimitMax ?? UNLIMITED_IN_TESTS),
    ...options.env,
  });
  const { logs, sink } = captureLogs();
  const logger = createLogger(config.logLevel, sink);
  // As main.ts: the store first, its settings the sandbox's seat policy.
  const store = await openPortalStore(config, now());
  const settings = await openPortalSettings(store, readSettingsSeed(options.env ?? {}, now()), {
    log: logger,
  });
  const sandbox = await openSandbox({ dataDir, now, seatPolicy: settings });
  const metrics = createPortalMetrics();
  const settlement = createSettlementWorker({
    store,
    provider: sandbox.provider,
    log: logger,
    pollMs: config.settlementPollMs,
    graceMs: config.purchaseGraceMs,
    now,
    metrics,
  });
  const app = buildApp({
    metrics,
    config,
    provider: sandbox.provider,
    sandbox,
    store,
    settings,
    now,
    logger,
    ...(options.requestDeadlineMs === undefined
      ? {}
      : { requestDeadlineMs: options.requestDeadlineMs }),
  });
  const routes = recordRoutes(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const token = (email: string, scopes: readonly string[] = SIGN_IN_SCOPES) =>
    sandbox.issueToken(email, [...scopes]).access_token;

  return {
    baseUrl,
    app,
    sandbox,
    store,
    settings,
    config,
    metrics,
    clock,
    dataDir,
    logs,
    browser: () => new Browser(baseUrl),
    token,
    routes,
    settle: () => settlement.runOnce(),
    async signIn(email, scopes) {
      const browser = new Browser(baseUrl);
      const answer = await browser.get(
        `/api/subscription-info?email=${encodeURIComponent(email)}`,
        { [TOKEN_HEADER]: token(email, scopes) },
      );
      if (answer.status !== 200) {
        throw new Error(`sign-in of ${email} answered ${answer.status}: ${answer.text}`);
      }
      return browser;
    },
    async signInStaff(email) {
      const browser = new Browser(baseUrl);
      const answer = await browser.get(
        `${API_PATHS.staffSignIn}?email=${encodeURIComponent(email)}`,
        { [TOKEN_HEADER]: token(email) },
      );
      if (answer.status !== 200) {
        throw new Error(`staff sign-in of ${email} answered ${answer.status}: ${answer.text}`);
      }
      return browser;
    },
    async close() {
      await app.close();
      sandbox.close();
      await store.close();
    },
  };
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/** The envelope's error body, for assertions. */
export function errorOf(answer: Answer): ErrorEnvelope['error'] {
  return (answer.body as ErrorEnvelope).error;
}

/** The request deadline's answer: 504 in the envelope, far below the default 20 s after `started`. */
export function expectDeadlineAnswer(answer: Answer, started: number): void {
  expect(Date.now() - started).toBeLessThan(3000);
  expect(answer.status).toBe(504);
  expect(errorOf(answer)).toEqual({
    code: 504,
    status: 'DEADLINE_EXCEEDED',
    message: SERVER_TEXT.deadlineExceeded,
  });
}

/** The portal of the running test, which can be restarted as the process would be. */
export interface TestPortal extends Portal {
  /** Closes the portal and starts another with the same options on its data folder. */
  restart(): Promise<void>;
}

/**
 * The one set-up of a test file's sandbox portal: started before each test (or once, `'all'`),
 * closed and its data folder removed after. The answer stands for the portal of the running test.
 */
export function portalForTests(
  options: PortalOptions = {},
  per: 'each' | 'all' = 'each',
): TestPortal {
  let current: Portal | undefined;
  (per === 'all' ? beforeAll : beforeEach)(async () => {
    current = await startPortal(options);
  });
  (per === 'all' ? afterAll : afterEach)(async () => {
    await current?.close();
    if (current !== undefined) removeDataDir(current.dataDir);
    current = undefined;
  });
  const started = (): Portal => {
    if (current === undefined) throw new Error('The portal is used outside a test.');
    return current;
  };
  const restart = async (): Promise<void> => {
    const { dataDir } = started();
    await started().close();
    current = await startPortal({ ...options, dataDir });
  };
  // Tests read `portal.x` as before; each read reaches the portal of the test that runs.
  return new Proxy({} as TestPortal, {
    get: (_target, key) => (key === 'restart' ? restart : (Reflect.get(started(), key) as unknown)),
  });
}
