import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './configError';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  MAX_PORT,
  RATE_LIMIT_WINDOW_MS,
  SESSION_SECRET_BYTES,
  SESSION_SECRET_MIN_LENGTH,
  UNAUTHENTICATED_RATE_LIMIT_MAX,
} from './limits';

export type ProviderKind = 'sandbox' | 'google';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** Fastify's trustProxy: off, on, a hop count, or a list of proxy addresses. */
export type TrustProxy = boolean | number | string[];

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
  /** Absolute path of the sandbox database and the generated session secret. */
  dataDir: string;
  /** Absolute path of the built SPA (index.html and hashed assets). */
  clientDir: string;
  sessionSecret: string;
  resellerName: string;
  googleClientId: string;
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** Scenario recording switch handed to the client (issue 4). */
  recording: boolean;
  /** The client's source maps (*.map) are served only when this is on. */
  serveSourceMaps: boolean;
  /** NODE_ENV=development: index.html is re-read on every request (webpack rewrites it). */
  development: boolean;
  rateLimit: { max: number; windowMs: number };
}

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

function readTrustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const word = raw.toLowerCase();
  if (TRUE_WORDS.includes(word) && word !== '1') return true;
  if (FALSE_WORDS.includes(word) && word !== '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((part) => part.trim());
  if (addresses.some((address) => address === '' || /\s/.test(address))) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses; got '${raw}'.`,
    );
  }
  return addresses;
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

/** Reads the environment into a typed configuration; throws ConfigError naming the bad variable. */
export function readConfig(env: Env, cwd: string = process.cwd()): ServerConfig {
  const provider = readProvider(env);
  const sandbox = provider === 'sandbox';
  const dataDir = path.resolve(cwd, read(env, 'PORTAL_DATA_DIR') ?? '.data');
  const googleClientId = read(env, 'GOOGLE_CLIENT_ID') ?? (sandbox ? SANDBOX_CLIENT_ID : undefined);
  if (googleClientId === undefined) {
    throw new ConfigError('GOOGLE_CLIENT_ID is required when PORTAL_PROVIDER=google.');
  }
  const resellerName = read(env, 'RESELLER_NAME') ?? (sandbox ? SANDBOX_RESELLER_NAME : undefined);
  if (resellerName === undefined) {
    throw new ConfigError('RESELLER_NAME is required when PORTAL_PROVIDER=google.');
  }
  return {
    host: read(env, 'HOST') ?? DEFAULT_HOST,
    port: readPort(env),
    provider,
    dataDir,
    clientDir: path.resolve(cwd, read(env, 'PORTAL_CLIENT_DIR') ?? path.join('dist', 'client')),
    sessionSecret: readSessionSecret(env, provider, dataDir),
    resellerName,
    googleClientId,
    contactUrl: readUrl(env, 'CONTACT_URL', sandbox ? SANDBOX_DESTINATIONS.contactUrl : undefined),
    helpdeskUrl: readUrl(
      env,
      'HELPDESK_URL',
      sandbox ? SANDBOX_DESTINATIONS.helpdeskUrl : undefined,
    ),
    supportSiteUrl: readUrl(
      env,
      'SUPPORT_SITE_URL',
      sandbox ? SANDBOX_DESTINATIONS.supportSiteUrl : undefined,
    ),
    helpCentreUrl: readUrl(env, 'HELP_CENTRE_URL', GOOGLE_PLANS_HELP_URL),
    trustProxy: readTrustProxy(env),
    logLevel: readLogLevel(env),
    recording: readBoolean(env, 'PORTAL_RECORDING', false),
    serveSourceMaps: readBoolean(env, 'SERVE_SOURCE_MAPS', false),
    development: env.NODE_ENV === 'development',
    rateLimit: { max: UNAUTHENTICATED_RATE_LIMIT_MAX, windowMs: RATE_LIMIT_WINDOW_MS },
  };
}
