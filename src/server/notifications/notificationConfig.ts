import ms from 'ms';
import { isValidHomeEmail } from '../../contract/email';
import { isLoopbackHost, SANDBOX_RESELLER_NAME, type ProviderKind } from '../config';
import { ConfigError } from '../configError';
import { settingsOf, type ConfigSource } from '../configuration/environment';
import { WEBHOOK_SECRET_MIN_LENGTH } from '../configuration/schema';

// The notifications' variables (README, Configuration; docs/notifications.md), read in one place.
// WEBHOOK_SECRET is a secret: it is never logged, and no message here prints it.

/** The sandbox's mailbox (GET /sandbox/mail) shows mail from and to these without any set-up. */
const SANDBOX_MAIL_FROM = 'Sandbox Reseller <portal@sandbox.example>';
const SANDBOX_RESELLER_EMAIL = 'reseller@sandbox.example';

export interface WorkerTuning {
  /** The first retry's delay; each next one doubles it. */
  retryBaseMs: number;
  /** How long after its window opened a row is retried before it is failed (WEBHOOK_RETRY_FOR). */
  retryForMs: number;
  leaseMs: number;
  pollMs: number;
}

/** Who sells the licences, as the order confirmation names them (docs/notifications.md, E-mail). */
export interface Seller {
  /** Who sends the invoice: RESELLER_LEGAL_NAME, else RESELLER_NAME, else 'your reseller'. */
  name: string;
  legalName: string | null;
  /** RESELLER_ADDRESS's lines; none when unset. */
  address: string[];
  vatId: string | null;
}

export interface NotificationConfig {
  /** smtp:// or smtps://; null: no SMTP (the sandbox keeps mail in its mailbox instead). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the reseller's notices go; null: none. */
  resellerEmail: string | null;
  webhook: { url: string; secret: string } | null;
  seller: Seller;
  /** PORTAL_PUBLIC_URL: where the mails' links point; null: no links (main.ts sets the sandbox's). */
  portalUrl: string | null;
  worker: WorkerTuning;
  /** Plain-text URLs off loopback: main.ts logs each at start. */
  warnings: string[];
}

/** The notifications' variables, read by the one schema (configuration/schema.ts). */
const NOTIFICATION_VARIABLES = [
  'SMTP_URL',
  'MAIL_FROM',
  'NOTIFY_RESELLER_EMAIL',
  'RESELLER_NAME',
  'RESELLER_LEGAL_NAME',
  'RESELLER_ADDRESS',
  'RESELLER_VAT_ID',
  'PORTAL_PUBLIC_URL',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'OUTBOX_RETRY_BASE_MS',
  'WEBHOOK_RETRY_FOR',
  'OUTBOX_LEASE_MS',
  'OUTBOX_POLL_MS',
] as const;

function readUrl(
  value: string | undefined,
  name: string,
  protocols: readonly string[],
): URL | null {
  if (value === undefined) return null;
  const starts = protocols.map((protocol) => `${protocol}//`).join(' or ');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL starting with ${starts}.`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${starts}.`);
  }
  return url;
}

function readAddress(
  value: string | undefined,
  name: string,
  fallback: string | null,
): string | null {
  if (value === undefined) return fallback;
  // 'Name <address>' or a bare address; no line breaks, which would add mail headers.
  const address = /^[^<>\r\n]*<([^<>\r\n]+)>$/.exec(value)?.[1] ?? value;
  if (!isValidHomeEmail(address)) throw new ConfigError(`${name} must be an e-mail address.`);
  return value;
}

/** A warning for a plain-text URL that leaves this machine; null for TLS or loopback. */
function plainTextWarning(url: URL | null, name: string, plain: string): string | null {
  if (url === null || url.protocol !== plain || isLoopbackHost(url.hostname)) return null;
  return `${name} sends notifications unencrypted (${plain}) to ${url.hostname}: use TLS off this machine.`;
}

/** Who a mail without RESELLER_LEGAL_NAME or RESELLER_NAME says sends the invoice. */
const UNNAMED_SELLER = 'your reseller';

/** RESELLER_ADDRESS's lines: an environment variable carries them as `\n` or real line breaks. */
export function addressLines(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(/\\n|\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Why mail in google mode would lack what a customer files it for; nothing without SMTP_URL. */
function missingMailDetails(
  sending: boolean,
  provider: ProviderKind,
  seller: Seller,
  portalUrl: URL | null,
): string[] {
  if (!sending || provider !== 'google') return [];
  const missing = [
    ...(seller.legalName === null ? ['RESELLER_LEGAL_NAME'] : []),
    ...(seller.address.length === 0 ? ['RESELLER_ADDRESS'] : []),
    ...(seller.vatId === null ? ['RESELLER_VAT_ID'] : []),
  ];
  return [
    ...(missing.length === 0
      ? []
      : [
          `${missing.join(', ')} not set: the order confirmations leave the reseller's legal details out (docs/notifications.md).`,
        ]),
    ...(portalUrl === null
      ? [
          'PORTAL_PUBLIC_URL is not set: the mails carry no link to the change history (docs/notifications.md).',
        ]
      : []),
  ];
}

/**
 * WEBHOOK_RETRY_FOR in milliseconds: the schema let through only `<n>s`, `<n>m`, `<n>h` or `<n>d`,
 * which `ms` (the small, long-kept parser of Vercel's) reads.
 */
export function retryWindowMs(duration: string): number {
  const window = ms(duration as ms.StringValue) as number | undefined;
  if (window === undefined || !Number.isFinite(window) || window <= 0) {
    throw new ConfigError(
      `WEBHOOK_RETRY_FOR must be a duration such as 72h, 30m or 90s; got '${duration}'.`,
    );
  }
  return window;
}

/** The sandbox's mails link to where it listens, unless PORTAL_PUBLIC_URL says otherwise. */
export function withPortalUrl(
  config: NotificationConfig,
  listening: string | null,
): NotificationConfig {
  return config.portalUrl !== null || listening === null
    ? config
    : { ...config, portalUrl: listening };
}

export function readNotificationConfig(
  source: ConfigSource,
  provider: ProviderKind,
): NotificationConfig {
  const settings = settingsOf(source, NOTIFICATION_VARIABLES);
  const sandbox = provider === 'sandbox';
  const smtp = readUrl(settings.SMTP_URL, 'SMTP_URL', ['smtp:', 'smtps:']);
  const webhookUrl = readUrl(settings.WEBHOOK_URL, 'WEBHOOK_URL', ['https:', 'http:']);
  const mailFrom = readAddress(settings.MAIL_FROM, 'MAIL_FROM', sandbox ? SANDBOX_MAIL_FROM : null);
  if (smtp !== null && mailFrom === null) {
    throw new ConfigError('MAIL_FROM is required with SMTP_URL.');
  }
  const portalUrl = readUrl(settings.PORTAL_PUBLIC_URL, 'PORTAL_PUBLIC_URL', ['https:', 'http:']);
  const legalName = settings.RESELLER_LEGAL_NAME ?? null;
  const seller: Seller = {
    name: legalName ?? settings.RESELLER_NAME ?? (sandbox ? SANDBOX_RESELLER_NAME : UNNAMED_SELLER),
    legalName,
    address: addressLines(settings.RESELLER_ADDRESS),
    vatId: settings.RESELLER_VAT_ID ?? null,
  };
  const secret = settings.WEBHOOK_SECRET;
  if (webhookUrl !== null && secret === undefined) {
    throw new ConfigError(
      `WEBHOOK_SECRET is required with WEBHOOK_URL: at least ${WEBHOOK_SECRET_MIN_LENGTH} characters.`,
    );
  }
  return {
    smtpUrl: smtp?.href ?? null,
    mailFrom: mailFrom ?? SANDBOX_MAIL_FROM,
    resellerEmail: readAddress(
      settings.NOTIFY_RESELLER_EMAIL,
      'NOTIFY_RESELLER_EMAIL',
      sandbox && smtp === null ? SANDBOX_RESELLER_EMAIL : null,
    ),
    webhook: webhookUrl === null || secret === undefined ? null : { url: webhookUrl.href, secret },
    seller,
    portalUrl: portalUrl?.href ?? null,
    worker: {
      retryBaseMs: settings.OUTBOX_RETRY_BASE_MS,
      retryForMs: retryWindowMs(settings.WEBHOOK_RETRY_FOR),
      leaseMs: settings.OUTBOX_LEASE_MS,
      pollMs: settings.OUTBOX_POLL_MS,
    },
    warnings: [
      plainTextWarning(smtp, 'SMTP_URL', 'smtp:'),
      plainTextWarning(webhookUrl, 'WEBHOOK_URL', 'http:'),
      ...missingMailDetails(smtp !== null, provider, seller, portalUrl),
    ].filter((warning) => warning !== null),
  };
}
