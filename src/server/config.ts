import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { ConfigError } from './configError';
import { EMULATOR_SWITCH, readEmulatedSettings, type EmulatedSetting } from './emulator';
import {
  CUSTOMER_RATE_LIMIT_MAX,
  DEFAULT_HOST,
  DEFAULT_PURCHASE_GRACE_MS,
  DEFAULT_PORT,
  MAX_PORT,
  RATE_LIMIT_CEILING,
  RATE_LIMIT_WINDOW_MS,
  SESSION_RATE_LIMIT_MAX,
  SESSION_SECRET_BYTES,
  SESSION_SECRET_MIN_LENGTH,
  UNAUTHENTICATED_RATE_LIMIT_MAX,
} from './limits';

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

export interface ServerConfig extends DestinationUrls {
  host: string;
  port: number;
  provider: ProviderKind;
  /** Absolute path of the sandbox database, the portal store and the generated session secret. */
  dataDir: string;
  /** PostgreSQL connection string of the portal store; null keeps the store in SQLite in dataDir. */
  databaseUrl: string | null;
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

/** Loopback: Prometheus on the same machine, or METRICS_HOST for a scraper elsewhere. */
const DEFAULT_METRICS_HOST = '127.0.0.1';
const SANDBOX_RESELLER_NAME = 'Sandbox Reseller';
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
/** The sandbox's demo prices, used when PRICE_FILE is unset (README, Configuration). */
const SANDBOX_PRICE_FILE = path.join('src', 'server', 'providers', 'sandbox', 'prices.json');
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
const FALSE_WORDS = ['0', 'false', 'off', 'no'];

type Env = NodeJS.ProcessEnv;

/** The value of a variable, or undefined when it is unset or blank. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readPort(env: Env): number {
  const raw = read(env, 'PORT');
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > MAX_PORT) {
    throw new ConfigError(`PORT must be a whole number from 0 to ${MAX_PORT}; got '${raw}'.`);
  }
  return port;
}

/** The metrics listener is off unless METRICS_PORT names a port of its own (docs/deploy.md, Metrics). */
function readMetricsPort(env: Env, publicPort: number): number | null {
  const raw = read(env, 'METRICS_PORT');
  if (raw === undefined) return null;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > MAX_PORT) {
    throw new ConfigError(
      `METRICS_PORT must be a whole number from 1 to ${MAX_PORT}; got '${raw}'.`,
    );
  }
  if (port === publicPort) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (${publicPort}): metrics are never served on the public port.`,
    );
  }
  return port;
}

function readProvider(env: Env): ProviderKind {
  const raw = read(env, 'PORTAL_PROVIDER') ?? 'sandbox';
  if (raw !== 'sandbox' && raw !== 'google') {
    throw new ConfigError(`PORTAL_PROVIDER must be 'sandbox' or 'google'; got '${raw}'.`);
  }
  return raw;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const word = raw.toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new ConfigError(`${name} must be true or false; got '${raw}'.`);
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
function readTrustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
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
function readDatabaseUrl(env: Env): string | null {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return null;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // Falls through to the message below.
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    // The value may hold a password, so the message does not repeat it.
    throw new ConfigError(
      'DATABASE_URL must be a PostgreSQL connection URL (postgres://user:password@host:5432/database).',
    );
  }
  return raw;
}

/** A limit of the quota shield: requests per minute, from 1 to RATE_LIMIT_CEILING. */
function readRateLimit(env: Env, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > RATE_LIMIT_CEILING) {
    throw new ConfigError(
      `${name} must be a whole number of requests per minute from 1 to ${RATE_LIMIT_CEILING}; got '${raw}'.`,
    );
  }
  return value;
}

function readRateLimits(env: Env): RateLimits {
  return {
    max: readRateLimit(env, 'RATE_LIMIT_PER_ADDRESS', UNAUTHENTICATED_RATE_LIMIT_MAX),
    perSession: readRateLimit(env, 'RATE_LIMIT_PER_SESSION', SESSION_RATE_LIMIT_MAX),
    perCustomer: readRateLimit(env, 'RATE_LIMIT_PER_CUSTOMER', CUSTOMER_RATE_LIMIT_MAX),
    windowMs: RATE_LIMIT_WINDOW_MS,
  };
}

/** Loopback: reachable from this machine only (127.0.0.0/8, ::1, localhost). */
function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * The sandbox's popup signs anyone in as any demo account, so it stays on loopback unless the
 * operator says the sandbox is meant to be public (a demo host).
 */
const PURCHASE_GRACE_ENV = 'UNCONFIRMED_PURCHASE_GRACE_MS';
/** A day: longer than any purchase Google takes to apply. */
const MAX_PURCHASE_GRACE_MS = 86_400_000;

function readPurchaseGrace(env: Env): number {
  const raw = read(env, PURCHASE_GRACE_ENV);
  if (raw === undefined) return DEFAULT_PURCHASE_GRACE_MS;
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms > MAX_PURCHASE_GRACE_MS) {
    throw new ConfigError(
      `${PURCHASE_GRACE_ENV} must be a whole number of milliseconds from 0 to ${MAX_PURCHASE_GRACE_MS}; got '${raw}'.`,
    );
  }
  return ms;
}

function readHost(env: Env, provider: ProviderKind): string {
  const host = read(env, 'HOST') ?? DEFAULT_HOST;
  if (provider === 'sandbox' && !isLoopbackHost(host)) {
    if (!readBoolean(env, 'PORTAL_SANDBOX_PUBLIC', false)) {
      throw new ConfigError(
        `HOST=${host} would put the sandbox, which signs anyone in as any demo account, on the network; set PORTAL_PROVIDER=google, or PORTAL_SANDBOX_PUBLIC=true for a public demo.`,
      );
    }
  }
  return host;
}

function readLogLevel(env: Env): LogLevel {
  const raw = read(env, 'LOG_LEVEL') ?? 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === raw.toLowerCase());
  if (level === undefined) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got '${raw}'.`);
  }
  return level;
}

/** A destination is an absolute http(s) URL or a path on this server. */
function readUrl(env: Env, name: string, fallback: string | undefined): string {
  const raw = read(env, name) ?? fallback;
  if (raw === undefined) {
    throw new ConfigError(`${name} is required when PORTAL_PROVIDER=google.`);
  }
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:' || url.protocol === 'http:') return raw;
  } catch {
    // Falls through to the message below.
  }
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
  env: Env,
  name: string,
  emulated: boolean,
  portalOrigins: readonly string[],
): string {
  const raw = read(env, name);
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

function readSessionSecret(env: Env, provider: ProviderKind, dataDir: string): string {
  const raw = read(env, 'SESSION_SECRET');
  if (raw === undefined) {
    if (provider === 'google') {
      throw new ConfigError(
        `SESSION_SECRET is required when PORTAL_PROVIDER=google (at least ${SESSION_SECRET_MIN_LENGTH} characters).`,
      );
    }
    return persistedSandboxSecret(dataDir);
  }
  if (raw.length < SESSION_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `SESSION_SECRET must be at least ${SESSION_SECRET_MIN_LENGTH} characters; got ${raw.length}.`,
    );
  }
  return raw;
}

/** The recorder keeps what people do and see: in google mode, only on an emulator's made-up data. */
function readRecording(env: Env, provider: ProviderKind, emulated: boolean): boolean {
  const recording = readBoolean(env, 'PORTAL_RECORDING', false);
  if (recording && provider === 'google' && !emulated) {
    throw new ConfigError(
      `PORTAL_RECORDING=true would record real people's sessions with Google; in google mode the recorder runs only against an emulator (${EMULATOR_SWITCH}=true).`,
    );
  }
  return recording;
}

/** PRICE_FILE's path; the sandbox shows its demo prices without one, google mode no price. */
function readPriceFile(env: Env, provider: ProviderKind, cwd: string): string | null {
  const file = read(env, 'PRICE_FILE') ?? (provider === 'sandbox' ? SANDBOX_PRICE_FILE : undefined);
  return file === undefined ? null : path.resolve(cwd, file);
}

/** Reads the environment into a typed configuration; throws ConfigError naming the bad variable. */
export function readConfig(env: Env, cwd: string = process.cwd()): ServerConfig {
  const provider = readProvider(env);
  const sandbox = provider === 'sandbox';
  const emulated = readEmulatedSettings(
    env,
    readBoolean(env, EMULATOR_SWITCH, false),
    provider === 'google',
  );
  const dataDir = path.resolve(cwd, read(env, 'PORTAL_DATA_DIR') ?? '.data');
  const googleClientId = read(env, 'GOOGLE_CLIENT_ID') ?? (sandbox ? SANDBOX_CLIENT_ID : undefined);
  if (googleClientId === undefined) {
    throw new ConfigError('GOOGLE_CLIENT_ID is required when PORTAL_PROVIDER=google.');
  }
  const resellerName = read(env, 'RESELLER_NAME') ?? (sandbox ? SANDBOX_RESELLER_NAME : undefined);
  if (resellerName === undefined) {
    throw new ConfigError('RESELLER_NAME is required when PORTAL_PROVIDER=google.');
  }
  const host = readHost(env, provider);
  const port = readPort(env);
  const destination = (name: string, sandboxPath: string) =>
    sandbox
      ? readUrl(env, name, sandboxPath)
      : readExternalPage(env, name, emulated !== null, ownOrigins(host, port));
  return {
    host,
    port,
    provider,
    dataDir,
    databaseUrl: readDatabaseUrl(env),
    clientDir: path.resolve(cwd, read(env, 'PORTAL_CLIENT_DIR') ?? path.join('dist', 'client')),
    sessionSecret: readSessionSecret(env, provider, dataDir),
    resellerName,
    googleClientId,
    contactUrl: destination('CONTACT_URL', SANDBOX_DESTINATIONS.contactUrl),
    helpdeskUrl: destination('HELPDESK_URL', SANDBOX_DESTINATIONS.helpdeskUrl),
    supportSiteUrl: destination('SUPPORT_SITE_URL', SANDBOX_DESTINATIONS.supportSiteUrl),
    helpCentreUrl: readUrl(env, 'HELP_CENTRE_URL', GOOGLE_PLANS_HELP_URL),
    trustProxy: readTrustProxy(env),
    logLevel: readLogLevel(env),
    recording: readRecording(env, provider, emulated !== null),
    serveSourceMaps: readBoolean(env, 'SERVE_SOURCE_MAPS', false),
    development: env.NODE_ENV === 'development',
    rateLimit: readRateLimits(env),
    purchaseGraceMs: readPurchaseGrace(env),
    emulated,
    metricsPort: readMetricsPort(env, port),
    metricsHost: read(env, 'METRICS_HOST') ?? DEFAULT_METRICS_HOST,
    priceFile: readPriceFile(env, provider, cwd),
  };
}
