import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import ms from 'ms';
import { ConfigError } from './configError';
import { RECONCILE_OFF } from './configuration/schema';
import {
  FALSE_WORDS,
  settingsOf,
  TRUE_WORDS,
  type ConfigSource,
  type Environment,
} from './configuration/environment';
import { EMULATOR_SWITCH, readEmulatedSettings, type EmulatedSetting } from './emulator';
import type { StaffGroups } from './auth/staffRoles';
import { SANDBOX_STAFF_GROUPS } from './providers/sandbox/dataset';
import { RATE_LIMIT_WINDOW_MS, SESSION_SECRET_BYTES, SESSION_SECRET_MIN_LENGTH } from './limits';
import type { StoreLocation } from './store/openStore';

export type ProviderKind = 'sandbox' | 'google';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** Fastify's trustProxy: off, a hop count, or a list of proxy addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

export interface DestinationUrls {
  contactUrl: string;
  helpdeskUrl: string;
  supportSiteUrl: string;
  helpCentreUrl: string;
}

/** `dataDir` also holds the sandbox database and the generated session secret. */
export interface ServerConfig extends DestinationUrls, StoreLocation {
  host: string;
  port: number;
  provider: ProviderKind;
  /** Absolute path of the built SPA (index.html and hashed assets). */
  clientDir: string;
  sessionSecret: string;
  resellerName: string;
  googleClientId: string;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** Scenario recording switch handed to the client (docs/scenarios.md, In the browser). */
  recording: boolean;
  /** The client's source maps (*.map) are served only when this is on. */
  serveSourceMaps: boolean;
  /** NODE_ENV=development: index.html is re-read on every request (webpack rewrites it). */
  development: boolean;
  /** The quota shield (docs/security.md): requests per window per key. */
  rateLimit: RateLimits;
  /** UNCONFIRMED_PURCHASE_GRACE_MS: how long an unconfirmed purchase may take to show (README). */
  purchaseGraceMs: number;
  /** SETTLEMENT_POLL_MS: how often unsettled history entries are settled in the background. */
  settlementPollMs: number;
  /** RECONCILE_EVERY in milliseconds: how often the ledger is reconciled with Google; null when off. */
  reconcileEveryMs: number | null;
  /** Google mode, testing only (GOOGLE_SIGN_IN_POPUP_URL): the sign-in popup the client opens. */
  signInPopupUrl?: string;
  /** GOOGLE_EMULATOR=true: the emulator variables set (main.ts warns); null on a real deployment. */
  emulated: EmulatedSetting[] | null;
  /** METRICS_PORT: the Prometheus listener's port; null (unset) serves no metrics (docs/deploy.md). */
  metricsPort: number | null;
  /** METRICS_HOST: the metrics listener's address, loopback unless the operator says otherwise. */
  metricsHost: string;
  /** PRICE_FILE: absolute path of the reseller's prices; null shows no price (README). */
  priceFile: string | null;
  /** RESELLER_API_KEYS: the billing systems' keys of GET /api/reseller/events; never logged. */
  resellerApiKeys: readonly string[];
  /** RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP: the reseller console's staff; null turns it off. */
  staffGroups: StaffGroups | null;
}

export interface RateLimits {
  /** Per client address (IPv6 per /64) on each open endpoint. */
  max: number;
  /** Per session, over every signed-in endpoint. */
  perSession: number;
  /** Per customer, over every signed-in endpoint, all its sessions together. */
  perCustomer: number;
  windowMs: number;
}

export const SANDBOX_RESELLER_NAME = 'Sandbox Reseller';
const SANDBOX_CLIENT_ID = 'sandbox-client';
/** Google's help-centre article comparing the Flexible and Annual plans. */
const GOOGLE_PLANS_HELP_URL = 'https://support.google.com/a/answer/1247362';
const SANDBOX_DESTINATIONS: DestinationUrls = {
  contactUrl: '/sandbox/contact',
  helpdeskUrl: '/sandbox/helpdesk',
  supportSiteUrl: '/sandbox/support-site',
  helpCentreUrl: GOOGLE_PLANS_HELP_URL,
};
const SESSION_SECRET_FILE = 'session-secret';

/** The metrics listener is off unless METRICS_PORT names a port of its own (docs/deploy.md, Metrics). */
function readMetricsPort(settings: Environment): number | null {
  const port = settings.METRICS_PORT;
  if (port === undefined) return null;
  if (port === settings.PORT) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (${settings.PORT}): metrics are never served on the public port.`,
    );
  }
  return port;
}

/** proxy-addr's names for whole ranges (Fastify's trustProxy accepts them beside addresses). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const IPV4_BITS = 32;
const IPV6_BITS = 128;

/** An IP address, or an address/prefix-length range, or one of proxy-addr's range names. */
function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.includes(value)) return true;
  const [address = '', prefix, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? IPV4_BITS : IPV6_BITS);
}

/**
 * Hop counts and proxy addresses only: trusting every hop (`true`) would let any client choose the
 * address the rate limits count (docs/security.md).
 */
function readTrustProxy(settings: Environment): TrustProxy {
  const raw = settings.TRUST_PROXY;
  if (raw === undefined) return false;
  const word = raw.toLowerCase();
  if (TRUE_WORDS.includes(word) && word !== '1') {
    throw new ConfigError(
      `TRUST_PROXY=${raw} would trust any client's X-Forwarded-For; set the number of proxies in front of the portal (e.g. 1) or their addresses (e.g. 10.0.0.1 or 10.0.0.0/8).`,
    );
  }
  if (FALSE_WORDS.includes(word) && word !== '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((part) => part.trim());
  const wrong = addresses.find((address) => !isProxyAddress(address));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a hop count or a comma-separated list of proxy addresses or CIDR ranges; '${wrong}' in '${raw}' is none of these.`,
    );
  }
  return addresses;
}

/** A postgres:// or postgresql:// URL; unset keeps the portal store in SQLite (docs/deploy.md). */
function readDatabaseUrl(settings: Pick<Environment, 'DATABASE_URL'>): string | null {
  const raw = settings.DATABASE_URL;
  if (raw === undefined) return null;
  const protocol = URL.parse(raw)?.protocol ?? '';
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    // The value may hold a password, so the message does not repeat it.
    throw new ConfigError(
      'DATABASE_URL must be a PostgreSQL connection URL (postgres://user:password@host:5432/database).',
    );
  }
  return raw;
}

/** Where the portal store is: the data folder taken from `cwd`, and PostgreSQL's URL if set. */
function storeLocationFrom(
  settings: Pick<Environment, 'PORTAL_DATA_DIR' | 'DATABASE_URL'>,
  cwd: string,
): StoreLocation {
  return {
    dataDir: path.resolve(cwd, settings.PORTAL_DATA_DIR),
    databaseUrl: readDatabaseUrl(settings),
  };
}

/** The store the portal started in `cwd` with `source` opens, for the operator's commands
 * (docs/deploy.md, The release): read by the schema and checked as the portal reads them. */
export function storeLocationOf(source: ConfigSource, cwd: string = process.cwd()): StoreLocation {
  return storeLocationFrom(settingsOf(source, ['PORTAL_DATA_DIR', 'DATABASE_URL']), cwd);
}

function readRateLimits(settings: Environment): RateLimits {
  return {
    max: settings.RATE_LIMIT_PER_ADDRESS,
    perSession: settings.RATE_LIMIT_PER_SESSION,
    perCustomer: settings.RATE_LIMIT_PER_CUSTOMER,
    windowMs: RATE_LIMIT_WINDOW_MS,
  };
}

/** Loopback: reachable from this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * The sandbox's popup signs anyone in as any demo account, so it stays on loopback unless the
 * operator says the sandbox is meant to be public (a demo host).
 */
function readHost(settings: Environment): string {
  const host = settings.HOST;
  if (settings.PORTAL_PROVIDER === 'sandbox' && !isLoopbackHost(host)) {
    if (!settings.PORTAL_SANDBOX_PUBLIC) {
      throw new ConfigError(
        `HOST=${host} would put the sandbox, which signs anyone in as any demo account, on the network; set PORTAL_PROVIDER=google, or PORTAL_SANDBOX_PUBLIC=true for a public demo.`,
      );
    }
  }
  return host;
}

/** A destination is an absolute http(s) URL or a path on this server. */
function readUrl(name: string, raw: string | undefined): string {
  if (raw === undefined) {
    throw new ConfigError(`${name} is required when PORTAL_PROVIDER=google.`);
  }
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  const protocol = URL.parse(raw)?.protocol;
  if (protocol === 'https:' || protocol === 'http:') return raw;
  throw new ConfigError(
    `${name} must be an http(s) URL or a path starting with '/'; got '${raw}'.`,
  );
}

/** Host names that reach a loopback or unspecified listening address from this machine. */
const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const UNSPECIFIED_HOSTS = ['0.0.0.0', '::', '[::]'];

/** The origins this server itself answers on (the proxy's public name it cannot know). */
function ownOrigins(host: string, port: number): string[] {
  const names =
    isLoopbackHost(host) || UNSPECIFIED_HOSTS.includes(host)
      ? LOCAL_NAMES
      : [host.includes(':') && !host.startsWith('[') ? `[${host}]` : host];
  return names.map((name) => new URL(`http://${name}:${port}`).origin);
}

/**
 * Google mode's external pages (docs/security.md, The support frame): absolute https URLs on another
 * origin, so a framed or linked page never runs with the portal's origin; http only for an emulator.
 */
function readExternalPage(
  name: string,
  raw: string | undefined,
  emulated: boolean,
  portalOrigins: readonly string[],
): string {
  if (raw === undefined) {
    throw new ConfigError(`${name} is required when PORTAL_PROVIDER=google.`);
  }
  const schemes = emulated ? ['https:', 'http:'] : ['https:'];
  const url = URL.parse(raw);
  if (url === null || !schemes.includes(url.protocol) || portalOrigins.includes(url.origin)) {
    throw new ConfigError(
      `${name} must be an absolute https URL on another origin than the portal's when PORTAL_PROVIDER=google; got '${raw}'.`,
    );
  }
  return raw;
}

/** Sandbox: a secret generated once and kept in the data directory, so sessions survive restarts. */
function persistedSandboxSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= SESSION_SECRET_MIN_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(SESSION_SECRET_BYTES).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Google mode needs its own secret; the sandbox generates one (its length is the schema's check). */
function readSessionSecret(settings: Environment, dataDir: string): string {
  const secret = settings.SESSION_SECRET;
  if (secret !== undefined) return secret;
  if (settings.PORTAL_PROVIDER === 'google') {
    throw new ConfigError(
      `SESSION_SECRET is required when PORTAL_PROVIDER=google (at least ${SESSION_SECRET_MIN_LENGTH} characters).`,
    );
  }
  return persistedSandboxSecret(dataDir);
}

/** The recorder keeps what people do and see: in google mode, only on an emulator's made-up data. */
function readRecording(settings: Environment, emulated: boolean): boolean {
  const recording = settings.PORTAL_RECORDING;
  if (recording && settings.PORTAL_PROVIDER === 'google' && !emulated) {
    throw new ConfigError(
      `PORTAL_RECORDING=true would record real people's sessions with Google; in google mode the recorder runs only against an emulator (${EMULATOR_SWITCH}=true).`,
    );
  }
  return recording;
}

/** PRICE_FILE's absolute path; none: the sandbox shows its demo prices, google mode none. */
function readPriceFile(settings: Environment, cwd: string): string | null {
  return settings.PRICE_FILE === undefined ? null : path.resolve(cwd, settings.PRICE_FILE);
}

/** Google mode, testing only: the sign-in popup the client opens instead of Google's. */
function readSignInPopup(settings: Environment): Pick<ServerConfig, 'signInPopupUrl'> {
  const url = settings.GOOGLE_SIGN_IN_POPUP_URL;
  if (settings.PORTAL_PROVIDER !== 'google' || url === undefined) return {};
  const protocol = URL.parse(url)?.protocol;
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new ConfigError(`GOOGLE_SIGN_IN_POPUP_URL must be an http(s) URL; got '${url}'.`);
  }
  return { signInPopupUrl: url };
}

/** RESELLER_API_KEYS as the schema let it through (comma-separated, each long enough): the keys. */
function resellerApiKeysOf(value: string | undefined): readonly string[] {
  if (value === undefined) return [];
  return Object.freeze(value.split(',').map((key) => key.trim()));
}

/** Node's timers wait at most 2^31 − 1 ms (about 24.8 days); a longer wait would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * RECONCILE_EVERY in milliseconds, null for `off` or `0`: the schema let through only those and
 * `<n>s`, `<n>m`, `<n>h` or `<n>d`, which `ms` reads (as WEBHOOK_RETRY_FOR).
 */
export function readReconcileEvery(value: string): number | null {
  if ((RECONCILE_OFF as readonly string[]).includes(value)) return null;
  const every = ms(value as ms.StringValue) as number | undefined;
  if (every === undefined || !Number.isFinite(every) || every <= 0 || every > LONGEST_TIMER_MS) {
    throw new ConfigError(
      `RECONCILE_EVERY must be a duration such as 6h, 30m or 90s, at most 24d, or off; got '${value}'.`,
    );
  }
  return every;
}

/**
 * The reseller console's two staff groups (docs/security.md, The reseller's console): the sandbox's
 * own unless set; in google mode both or neither (the console off), in one domain, the reseller's.
 */
function readStaffGroups(settings: Environment, sandbox: boolean): StaffGroups | null {
  const admins =
    settings.RESELLER_ADMINS_GROUP ?? (sandbox ? SANDBOX_STAFF_GROUPS.admins : undefined);
  const support =
    settings.RESELLER_SUPPORT_GROUP ?? (sandbox ? SANDBOX_STAFF_GROUPS.support : undefined);
  if (admins === undefined && support === undefined) return null;
  if (admins === undefined || support === undefined) {
    throw new ConfigError(
      'RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP go together: set both to turn the reseller console on, or neither.',
    );
  }
  const groups = { admins: admins.toLowerCase(), support: support.toLowerCase() };
  const domain = (address: string) => address.slice(address.lastIndexOf('@') + 1);
  if (domain(groups.admins) !== domain(groups.support)) {
    throw new ConfigError(
      `RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP must be groups of the reseller's own domain, the same for both; got ${groups.admins} and ${groups.support}.`,
    );
  }
  if (groups.admins === groups.support) {
    throw new ConfigError('RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP must be two groups.');
  }
  return Object.freeze(groups);
}

/** The configuration of the server, from the environment read by the schema (configuration/schema.ts). */
export function readConfig(source: ConfigSource, cwd: string = process.cwd()): ServerConfig {
  const settings = settingsOf(source);
  const provider = settings.PORTAL_PROVIDER;
  const sandbox = provider === 'sandbox';
  const emulated = readEmulatedSettings(settings, settings.GOOGLE_EMULATOR, !sandbox);
  const { dataDir, databaseUrl } = storeLocationFrom(settings, cwd);
  const googleClientId = settings.GOOGLE_CLIENT_ID ?? (sandbox ? SANDBOX_CLIENT_ID : undefined);
  if (googleClientId === undefined) {
    throw new ConfigError('GOOGLE_CLIENT_ID is required when PORTAL_PROVIDER=google.');
  }
  const resellerName = settings.RESELLER_NAME ?? (sandbox ? SANDBOX_RESELLER_NAME : undefined);
  if (resellerName === undefined) {
    throw new ConfigError('RESELLER_NAME is required when PORTAL_PROVIDER=google.');
  }
  const host = readHost(settings);
  const port = settings.PORT;
  const destination = (
    name: 'CONTACT_URL' | 'HELPDESK_URL' | 'SUPPORT_SITE_URL',
    sandboxPath: string,
  ) =>
    sandbox
      ? readUrl(name, settings[name] ?? sandboxPath)
      : readExternalPage(name, settings[name], emulated !== null, ownOrigins(host, port));
  // Read once and never edited after (docs/architecture.md, Configuration).
  return Object.freeze({
    host,
    port,
    provider,
    dataDir,
    databaseUrl,
    clientDir: path.resolve(cwd, settings.PORTAL_CLIENT_DIR),
    sessionSecret: readSessionSecret(settings, dataDir),
    resellerName,
    googleClientId,
    contactUrl: destination('CONTACT_URL', SANDBOX_DESTINATIONS.contactUrl),
    helpdeskUrl: destination('HELPDESK_URL', SANDBOX_DESTINATIONS.helpdeskUrl),
    supportSiteUrl: destination('SUPPORT_SITE_URL', SANDBOX_DESTINATIONS.supportSiteUrl),
    helpCentreUrl: readUrl('HELP_CENTRE_URL', settings.HELP_CENTRE_URL ?? GOOGLE_PLANS_HELP_URL),
    trustProxy: readTrustProxy(settings),
    logLevel: settings.LOG_LEVEL,
    recording: readRecording(settings, emulated !== null),
    serveSourceMaps: settings.SERVE_SOURCE_MAPS,
    development: settings.NODE_ENV === 'development',
    rateLimit: Object.freeze(readRateLimits(settings)),
    priceFile: readPriceFile(settings, cwd),
    purchaseGraceMs: settings.UNCONFIRMED_PURCHASE_GRACE_MS,
    settlementPollMs: settings.SETTLEMENT_POLL_MS,
    reconcileEveryMs: readReconcileEvery(settings.RECONCILE_EVERY),
    ...readSignInPopup(settings),
    emulated,
    metricsPort: readMetricsPort(settings),
    metricsHost: settings.METRICS_HOST,
    resellerApiKeys: resellerApiKeysOf(settings.RESELLER_API_KEYS),
    staffGroups: readStaffGroups(settings, sandbox),
  });
}
