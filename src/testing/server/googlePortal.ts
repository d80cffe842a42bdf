import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import type { SubscriptionInfo } from '../../contract/subscription';
import { buildApp } from '../../server/app';
import { readConfig, type LogLevel, type ServerConfig } from '../../server/config';
import { createLogger } from '../../server/plugins/logger';
import { createPortalMetrics, type PortalMetrics } from '../../server/plugins/metrics';
import { createGoogleProvider, readGoogleOptions } from '../../server/providers/google';
import type { PortalProvider } from '../../server/providers/provider';
import { createSettlementWorker } from '../../server/services/settlementWorker';
import { openPortalSettings } from '../../server/settings/portalSettings';
import { readSettingsSeed } from '../../server/settings/settingsSeed';
import { createSqliteStore } from '../../server/store/openStore';
import type { PortalStore } from '../../server/store/portalStore';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../fakeGoogle';
import {
  Browser,
  removeDataDir,
  UNLIMITED_IN_TESTS,
  writeStandInClient,
  type Answer,
} from './portalHarness';
import { captureLogs } from './capturedLogs';

// A portal in google mode in this process, on 127.0.0.1 port 0, against a fake Google of its own, as
// `npm run start:fake-google` runs it: the routes, the Google provider and, if asked, a portal store.

export const GOOGLE_SESSION_SECRET = 'a-session-secret-of-at-least-thirty-two-characters';
/** One preference for every exchange of the fake's MX table: the order is the table's. */
const FAKE_MX_PRIORITY = 10;

export interface GooglePortalOptions {
  /** More environment over the fake's (fakeGoogleEnv): limits, a seat cap, a proxy. */
  env?: Record<string, string>;
  /** The level of the JSON lines kept in `logs`; default silent. */
  logLevel?: LogLevel;
  /** A portal store (SQLite in memory) for the change history; default none. */
  withStore?: boolean;
  /** Write a stand-in client build (PORTAL_CLIENT_DIR); default none. */
  withClient?: boolean;
  /** The clock the app reads; default the machine's. */
  now?: () => number;
  /** Each API request's deadline (PORTAL_REQUEST_DEADLINE_MS); default the app's. */
  requestDeadlineMs?: number;
}

/** How a person signs in: the address typed (default the account's) and the token's scopes. */
export interface GoogleSignIn {
  typed?: string;
  scopes?: readonly string[];
}

export interface GooglePortal {
  fake: FakeGoogle;
  provider: PortalProvider;
  store: PortalStore | undefined;
  app: FastifyInstance;
  config: ServerConfig;
  /** The app's and the provider's metrics registry (tests serve it with buildMetricsServer). */
  metrics: PortalMetrics;
  baseUrl: string;
  /** Every JSON log line written so far, at `logLevel`. */
  logs: Record<string, unknown>[];
  browser(): Browser;
  /** A new browser's sign-in as `email` with a token of the fake's, whatever it answers. */
  signIn(
    email: string,
    how?: GoogleSignIn,
  ): Promise<{ browser: Browser; answer: Answer<SubscriptionInfo> }>;
  /** One pass of the settlement worker main.ts starts (withStore), on the portal's clock. */
  settle(): Promise<number>;
  close(): Promise<void>;
}

/** A new browser's sign-in at `baseUrl` as `email`, with a token the fake Google issued. */
export async function signInWithGoogle(
  baseUrl: string,
  fake: FakeGoogle,
  email: string,
  how: GoogleSignIn = {},
): Promise<{ browser: Browser; answer: Answer<SubscriptionInfo> }> {
  const browser = new Browser(baseUrl);
  const answer = await browser.get<SubscriptionInfo>(
    `${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(how.typed ?? email)}`,
    { [TOKEN_HEADER]: fake.issueToken(email, how.scopes ?? SIGN_IN_SCOPES) },
  );
  return { browser, answer };
}

export async function startGooglePortal(options: GooglePortalOptions = {}): Promise<GooglePortal> {
  const fake = await startFakeGoogle();
  const clientDir = options.withClient
    ? mkdtempSync(path.join(tmpdir(), 'portal-google-client-'))
    : undefined;
  if (clientDir !== undefined) writeStandInClient(clientDir);
  const logLevel = options.logLevel ?? 'silent';
  const env = {
    ...fakeGoogleEnv(fake, GOOGLE_SESSION_SECRET),
    LOG_LEVEL: logLevel,
    ...(clientDir === undefined ? {} : { PORTAL_CLIENT_DIR: clientDir }),
    RATE_LIMIT_PER_ADDRESS: String(UNLIMITED_IN_TESTS),
    RATE_LIMIT_PER_SESSION: String(UNLIMITED_IN_TESTS),
    RATE_LIMIT_PER_CUSTOMER: String(UNLIMITED_IN_TESTS),
    ...options.env,
  };
  const config = readConfig(env);
  const metrics = createPortalMetrics();
  const { logs, sink } = captureLogs();
  const logger = createLogger(logLevel, sink);
  // The settings' store always; the test sees it only when it asked for one.
  const opened = createSqliteStore(':memory:');
  await opened.migrate();
  const settings = await openPortalSettings(opened.store, readSettingsSeed(env, Date.now()), {
    log: logger,
  });
  const store: PortalStore | undefined = options.withStore ? opened.store : undefined;
  const provider = createGoogleProvider({
    ...readGoogleOptions(env),
    metrics,
    seatPolicy: settings,
    // The dataset's .example domains have no DNS; the fake's MX table answers instead.
    resolveMx: async (domain) =>
      (fake.state.mx.get(domain) ?? []).map((exchange) => ({
        exchange,
        priority: FAKE_MX_PRIORITY,
      })),
  });
  const settlement =
    store === undefined
      ? undefined
      : createSettlementWorker({
          store,
          provider,
          log: logger,
          pollMs: config.settlementPollMs,
          graceMs: config.purchaseGraceMs,
          ...(options.now === undefined ? {} : { now: options.now }),
          metrics,
        });
  const app = buildApp({
    config,
    metrics,
    provider,
    store: opened.store,
    settings,
    logger,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.requestDeadlineMs === undefined
      ? {}
      : { requestDeadlineMs: options.requestDeadlineMs }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    fake,
    provider,
    store,
    app,
    config,
    metrics,
    baseUrl,
    logs,
    browser: () => new Browser(baseUrl),
    signIn: (email, how) => signInWithGoogle(baseUrl, fake, email, how),
    async settle() {
      if (settlement === undefined) throw new Error('startGooglePortal without withStore');
      return settlement.runOnce();
    },
    async close() {
      await app.close();
      await provider.close();
      await opened.store.close();
      await fake.close();
      if (clientDir !== undefined) removeDataDir(clientDir);
    },
  };
}
