import { isValidHomeEmail } from '../../contract/email';
import { isLoopbackHost, type ProviderKind } from '../config';
import { ConfigError } from '../configError';

// The notifications' variables (README, Configuration; docs/notifications.md), read in one place.
// WEBHOOK_SECRET is a secret: it is never logged, and no message here prints it.

/** Receivers expect a retry within a minute (docs/notifications.md, Delivery). */
const DEFAULT_RETRY_BASE_MS = 10_000;
const DEFAULT_MAX_ATTEMPTS = 8;
/** Longer than one delivery can take (each channel's own timeout), so a live worker keeps its rows. */
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 1000;
const MAX_TUNING_MS = 86_400_000;
const MAX_ATTEMPTS_CEILING = 100;
/** HMAC-SHA256 keys shorter than this are guessable. */
export const WEBHOOK_SECRET_MIN_LENGTH = 32;
/** The sandbox's mailbox (GET /sandbox/mail) shows mail from and to these without any set-up. */
const SANDBOX_MAIL_FROM = 'Sandbox Reseller <portal@sandbox.example>';
const SANDBOX_RESELLER_EMAIL = 'reseller@sandbox.example';

export interface WorkerTuning {
  /** The first retry's delay; each next one doubles it. */
  retryBaseMs: number;
  /** Attempts before a row is failed. */
  maxAttempts: number;
  leaseMs: number;
  pollMs: number;
}

export interface NotificationConfig {
  /** smtp:// or smtps://; null: no SMTP (the sandbox keeps mail in its mailbox instead). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the reseller's notices go; null: none. */
  resellerEmail: string | null;
  webhook: { url: string; secret: string } | null;
  worker: WorkerTuning;
  /** Plain-text URLs off loopback: main.ts logs each at start. */
  warnings: string[];
}

function readUrl(env: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): URL | null {
  const value = env[name]?.trim();
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(' or ')}).`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}//.`);
  }
  return url;
}

function readAddress(env: NodeJS.ProcessEnv, name: string, fallback: string | null): string | null {
  const value = env[name]?.trim();
  if (value === undefined || value === '') return fallback;
  // 'Name <address>' or a bare address; no line breaks, which would add mail headers.
  const address = /^[^<>\r\n]*<([^<>\r\n]+)>$/.exec(value)?.[1] ?? value;
  if (!isValidHomeEmail(address)) throw new ConfigError(`${name} must be an e-mail address.`);
  return value;
}

function readTuning(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const value = env[name]?.trim();
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > max) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${max}.`);
  }
  return number;
}

/** A warning for a plain-text URL that leaves this machine; null for TLS or loopback. */
function plainTextWarning(url: URL | null, name: string, plain: string): string | null {
  if (url === null || url.protocol !== plain || isLoopbackHost(url.hostname)) return null;
  return `${name} sends notifications unencrypted (${plain}) to ${url.hostname}: use TLS off this machine.`;
}

export function readNotificationConfig(
  env: NodeJS.ProcessEnv,
  provider: ProviderKind,
): NotificationConfig {
  const sandbox = provider === 'sandbox';
  const smtp = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const webhookUrl = readUrl(env, 'WEBHOOK_URL', ['https:', 'http:']);
  const mailFrom = readAddress(env, 'MAIL_FROM', sandbox ? SANDBOX_MAIL_FROM : null);
  if (smtp !== null && mailFrom === null) {
    throw new ConfigError('MAIL_FROM is required with SMTP_URL.');
  }
  const secret = env.WEBHOOK_SECRET ?? '';
  if (webhookUrl !== null && secret.length < WEBHOOK_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `WEBHOOK_SECRET is required with WEBHOOK_URL: at least ${WEBHOOK_SECRET_MIN_LENGTH} characters.`,
    );
  }
  return {
    smtpUrl: smtp?.href ?? null,
    mailFrom: mailFrom ?? SANDBOX_MAIL_FROM,
    resellerEmail: readAddress(
      env,
      'NOTIFY_RESELLER_EMAIL',
      sandbox && smtp === null ? SANDBOX_RESELLER_EMAIL : null,
    ),
    webhook: webhookUrl === null ? null : { url: webhookUrl.href, secret },
    worker: {
      retryBaseMs: readTuning(env, 'OUTBOX_RETRY_BASE_MS', DEFAULT_RETRY_BASE_MS, MAX_TUNING_MS),
      maxAttempts: readTuning(
        env,
        'OUTBOX_MAX_ATTEMPTS',
        DEFAULT_MAX_ATTEMPTS,
        MAX_ATTEMPTS_CEILING,
      ),
      leaseMs: readTuning(env, 'OUTBOX_LEASE_MS', DEFAULT_LEASE_MS, MAX_TUNING_MS),
      pollMs: readTuning(env, 'OUTBOX_POLL_MS', DEFAULT_POLL_MS, MAX_TUNING_MS),
    },
    warnings: [
      plainTextWarning(smtp, 'SMTP_URL', 'smtp:'),
      plainTextWarning(webhookUrl, 'WEBHOOK_URL', 'http:'),
    ].filter((warning) => warning !== null),
  };
}
