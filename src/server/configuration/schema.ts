import { Type, type Static, type TSchema } from 'typebox';
import {
  CUSTOMER_RATE_LIMIT_MAX,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_PURCHASE_GRACE_MS,
  MAX_PORT,
  RATE_LIMIT_CEILING,
  SESSION_RATE_LIMIT_MAX,
  SESSION_SECRET_MIN_LENGTH,
  UNAUTHENTICATED_RATE_LIMIT_MAX,
} from '../limits';

// Every environment variable the portal reads, declared once (docs/architecture.md, Configuration):
// its type, default, range and description; readEnvironment parses and checks by this, and
// `npm run config:docs` writes README's table, docs/configuration-google.md's and .env.example from it.

/** Where a variable is documented: README's table, or docs/configuration-google.md's. */
export type VariableGroup = 'portal' | 'google' | 'emulator' | 'dev';

/** What the docs and the messages read beside JSON Schema's own keywords. */
export interface VariableNotes {
  description: string;
  group: VariableGroup;
  /** The unit of a whole number, for messages and docs ("of milliseconds"). */
  unit?: string;
  /** The docs' default when it is not one value (it depends on the provider, or is computed). */
  shown?: string;
  /** docs/configuration-google.md's Required column. */
  need?: string;
  /** Never repeated in a message, left empty in .env.example. */
  secret?: boolean;
  /** What a text value must look like, for messages and docs ("a duration such as `72h`"). */
  form?: string;
}

/** Request deadline of every API request (README, PORTAL_REQUEST_DEADLINE_MS). */
export const DEFAULT_REQUEST_DEADLINE_MS = 20_000;
const MIN_REQUEST_DEADLINE_MS = 100;
/** Keeps the sandbox demo as README shows it: acme has 20 and may add up to 30 more. */
export const DEFAULT_ANNUAL_SEAT_CAP = 50;
/** A day: longer than any purchase Google takes to apply. */
const MAX_PURCHASE_GRACE_MS = 86_400_000;
/** The settlement worker's pass (docs/api.md, GET /api/history): an entry Google can confirm is
 * settled within a minute, so the slowest pass and a slow read of Google's total fit in it. */
export const DEFAULT_SETTLEMENT_POLL_MS = 10_000;
const MIN_SETTLEMENT_POLL_MS = 100;
const MAX_SETTLEMENT_POLL_MS = 30_000;
/** Longer than any sensible wait for one Google call; a typo of an extra zero is caught. */
const MAX_TIMEOUT_MS = 120_000;
/** A purchase waited for longer than this would leave the buyer staring at a spinner. */
const MAX_WRITE_TIMEOUT_MS = 300_000;
const MAX_CACHE_TTL_MS = 600_000;
/** Far above what one instance serves; a typo of extra digits is caught. */
const MAX_CACHE_ENTRIES = 1_000_000;

/** The Google provider's tuning defaults (docs/configuration-google.md, Variables). */
export const GOOGLE_DEFAULTS = {
  callTimeoutMs: 8000,
  writeTimeoutMs: 60_000,
  mxTimeoutMs: 3000,
  cacheTtlMs: 15_000,
  cacheMaxEntries: 5000,
} as const;

/** The outbox worker's tuning defaults (docs/notifications.md, Delivery): receivers expect a retry
 * within a minute; a lease longer than one delivery can take keeps a live worker's rows. */
export const OUTBOX_DEFAULTS = {
  retryBaseMs: 10_000,
  leaseMs: 60_000,
  pollMs: 1000,
} as const;
const MAX_OUTBOX_TUNING_MS = 86_400_000;
/** A failed delivery is tried again within a minute (docs/notifications.md, Delivery). */
export const FIRST_RETRY_WITHIN_MS = 60_000;
/** The slowest poll and the longest first wait still retry within FIRST_RETRY_WITHIN_MS. */
export const MAX_OUTBOX_POLL_MS = 10_000;
export const MAX_OUTBOX_RETRY_BASE_MS = FIRST_RETRY_WITHIN_MS - MAX_OUTBOX_POLL_MS;
/** Stripe's model (docs/notifications.md, Delivery): a receiver down for a weekend still gets its events. */
export const DEFAULT_WEBHOOK_RETRY_FOR = '72h';
/** A whole number of seconds, minutes, hours or days, parsed with `ms` (notificationConfig.ts). */
const DURATION_PATTERN = '^[1-9][0-9]{0,5}(s|m|h|d)$';
/** The ledger's reconciliation every six hours (docs/api.md, Reconciliation). */
export const DEFAULT_RECONCILE_EVERY = '6h';
/** Words that turn the reconciliation job off. */
export const RECONCILE_OFF = ['off', '0'] as const;
/** A key of the reseller API (docs/security.md): as long as the webhook's secret. */
export const RESELLER_API_KEY_MIN_LENGTH = 32;
/** HMAC-SHA256 keys shorter than this are guessable. */
export const WEBHOOK_SECRET_MIN_LENGTH = 32;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const GOOGLE_REQUIRED = 'sandbox: %s; google: **required**';

function whole(
  notes: VariableNotes,
  range: { minimum: number; maximum?: number; default?: number },
) {
  return Type.Integer({ ...notes, ...range });
}
function flag(notes: VariableNotes) {
  return Type.Boolean({ ...notes, default: false });
}
function text(notes: VariableNotes, options: { default?: string; minLength?: number } = {}) {
  return Type.String({ ...notes, ...options });
}
/** A group's address: one @, a dotted domain, no spaces. */
const GROUP_ADDRESS_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
function sandboxOr(value: string): string {
  return GOOGLE_REQUIRED.replace('%s', value);
}

export const ENVIRONMENT = Type.Object({
  PORT: whole(
    { group: 'portal', description: 'Listening port' },
    { minimum: 0, maximum: MAX_PORT, default: DEFAULT_PORT },
  ),
  HOST: text(
    {
      group: 'portal',
      description:
        'Listening address; the sandbox refuses a non-loopback one unless `PORTAL_SANDBOX_PUBLIC=true`',
    },
    { default: DEFAULT_HOST },
  ),
  PORTAL_SANDBOX_PUBLIC: flag({
    group: 'portal',
    description: 'Lets the sandbox listen on a non-loopback `HOST` (a public demo)',
  }),
  METRICS_PORT: Type.Optional(
    whole(
      {
        group: 'portal',
        shown: 'unset (off)',
        description:
          'Port of the Prometheus metrics listener (not `PORT`); metrics are never served on the public port (docs/deploy.md, Metrics)',
      },
      { minimum: 1, maximum: MAX_PORT },
    ),
  ),
  METRICS_HOST: text(
    {
      group: 'portal',
      description: 'Address of the metrics listener; loopback unless a scraper elsewhere needs it',
    },
    { default: '127.0.0.1' },
  ),
  PORTAL_PROVIDER: Type.Enum(['sandbox', 'google'], {
    group: 'portal',
    default: 'sandbox',
    description:
      '`sandbox` (embedded, offline) or `google` (Reseller API, Directory API, Google sign-in)',
  }),
  PORTAL_DATA_DIR: text(
    {
      group: 'portal',
      description:
        'The portal store (`portal.db`), the sandbox database and the generated session secret',
    },
    { default: '.data' },
  ),
  DATABASE_URL: Type.Optional(
    text({
      group: 'portal',
      secret: true,
      shown: 'unset: the portal store is SQLite in `PORTAL_DATA_DIR`',
      description:
        '`postgres://…`: keep the portal store (sign-outs, change history) in PostgreSQL, for several instances',
    }),
  ),
  PORTAL_CLIENT_DIR: text(
    { group: 'portal', description: 'The built web client' },
    { default: 'dist/client' },
  ),
  SESSION_SECRET: Type.Optional(
    text(
      {
        group: 'portal',
        secret: true,
        shown: sandboxOr('generated once and kept in `PORTAL_DATA_DIR/session-secret`'),
        description: 'Signs the session cookie',
      },
      { minLength: SESSION_SECRET_MIN_LENGTH },
    ),
  ),
  RESELLER_NAME: Type.Optional(
    text({
      group: 'portal',
      shown: sandboxOr('`Sandbox Reseller`'),
      description: "Used in 'Not a customer of …'",
    }),
  ),
  GOOGLE_CLIENT_ID: Type.Optional(
    text({
      group: 'portal',
      shown: sandboxOr('`sandbox-client`'),
      description:
        'OAuth client id of the sign-in popup; tokens issued to any other client are refused',
    }),
  ),
  CONTACT_URL: Type.Optional(
    text({
      group: 'portal',
      shown: sandboxOr('`/sandbox/contact`'),
      description:
        "The reseller's contact page (consumer accounts, non-customers); google: absolute `https`, another origin",
    }),
  ),
  HELPDESK_URL: Type.Optional(
    text({
      group: 'portal',
      shown: sandboxOr('`/sandbox/helpdesk`'),
      description:
        'The help-desk portal (the support destination); google: absolute `https`, another origin',
    }),
  ),
  SUPPORT_SITE_URL: Type.Optional(
    text({
      group: 'portal',
      shown: sandboxOr('`/sandbox/support-site`'),
      description:
        'The support site framed, sandboxed, at `/support`; google: absolute `https`, another origin',
    }),
  ),
  HELP_CENTRE_URL: Type.Optional(
    text({
      group: 'portal',
      shown: "Google's help-centre article on payment plans",
      description: 'The link in the Flexible-plan message',
    }),
  ),
  TRUST_PROXY: Type.Optional(
    text({
      group: 'portal',
      shown: '`false`',
      description:
        'A hop count, or comma-separated proxy addresses or CIDRs; never `true`. Needed behind a TLS proxy (Secure)',
    }),
  ),
  ANNUAL_SEAT_CAP: whole(
    {
      group: 'portal',
      description:
        "The reseller's default seat cap, written to the portal store on its first start; from then on the reseller console's defaults apply (docs/reseller-console.md)",
    },
    { minimum: 1, default: DEFAULT_ANNUAL_SEAT_CAP },
  ),
  SEAT_CAP_FILE: Type.Optional(
    text({
      group: 'portal',
      description:
        'JSON file of per-customer caps, `{"<customerId>": <cap>}`, imported into the portal store once, on its first start; then the console\'s settings apply',
    }),
  ),
  RATE_LIMIT_PER_ADDRESS: whole(
    {
      group: 'portal',
      unit: 'requests per minute',
      description:
        'Requests a minute per client address (IPv6: per /64) to each open API route, then 429',
    },
    { minimum: 1, maximum: RATE_LIMIT_CEILING, default: UNAUTHENTICATED_RATE_LIMIT_MAX },
  ),
  RATE_LIMIT_PER_SESSION: whole(
    {
      group: 'portal',
      unit: 'requests per minute',
      description: 'Requests a minute per session over every signed-in API route, then 429',
    },
    { minimum: 1, maximum: RATE_LIMIT_CEILING, default: SESSION_RATE_LIMIT_MAX },
  ),
  RATE_LIMIT_PER_CUSTOMER: whole(
    {
      group: 'portal',
      unit: 'requests per minute',
      description:
        'Requests a minute per customer (all its sessions) over every signed-in API route',
    },
    { minimum: 1, maximum: RATE_LIMIT_CEILING, default: CUSTOMER_RATE_LIMIT_MAX },
  ),
  PORTAL_REQUEST_DEADLINE_MS: whole(
    {
      group: 'portal',
      unit: 'milliseconds',
      description:
        "Each API request's overall deadline (add-licence: plus `GOOGLE_WRITE_TIMEOUT_MS` in google mode); past it 504 `DEADLINE_EXCEEDED`",
    },
    { minimum: MIN_REQUEST_DEADLINE_MS, default: DEFAULT_REQUEST_DEADLINE_MS },
  ),
  UNCONFIRMED_PURCHASE_GRACE_MS: whole(
    {
      group: 'portal',
      unit: 'milliseconds',
      description:
        'How long a purchase Google did not confirm is listed `unconfirmed` before `not-made`',
    },
    { minimum: 0, maximum: MAX_PURCHASE_GRACE_MS, default: DEFAULT_PURCHASE_GRACE_MS },
  ),
  SETTLEMENT_POLL_MS: whole(
    {
      group: 'portal',
      unit: 'milliseconds',
      description:
        "How often the settlement worker reads Google's totals for `pending` and `unconfirmed` history entries (docs/api.md, GET /api/history)",
    },
    {
      minimum: MIN_SETTLEMENT_POLL_MS,
      maximum: MAX_SETTLEMENT_POLL_MS,
      default: DEFAULT_SETTLEMENT_POLL_MS,
    },
  ),
  RECONCILE_EVERY: Type.String({
    group: 'portal',
    form: 'a duration such as `6h`, `30m` or `90s` (at most `24d`), or `off`',
    description:
      "How often every customer's seat total at Google is compared with the ledger's (docs/api.md, Reconciliation); `off` or `0`: only `npm run ledger:reconcile`",
    pattern: `^(off|0|${DURATION_PATTERN.slice(1, -1)})$`,
    default: DEFAULT_RECONCILE_EVERY,
  }),
  PRICE_FILE: Type.Optional(
    text({
      group: 'portal',
      shown: 'sandbox: its demo prices (`src/server/providers/sandbox/prices.json`); google: none',
      description:
        "JSON file of the reseller's prices per SKU and plan, with customers' own (docs/api.md, GET /api/price-preview); read at start-up",
    }),
  ),
  SMTP_URL: Type.Optional(
    text({
      group: 'portal',
      shown: 'unset: no e-mail (sandbox: kept at `/sandbox/mail`)',
      description:
        "`smtp://` or `smtps://` server of receipts and the reseller's notices (docs/notifications.md)",
    }),
  ),
  MAIL_FROM: Type.Optional(
    text({
      group: 'portal',
      shown: 'sandbox: `Sandbox Reseller <portal@sandbox.example>`; with `SMTP_URL`: **required**',
      description: "The sender of the portal's mail, `address` or `Name <address>`",
    }),
  ),
  NOTIFY_RESELLER_EMAIL: Type.Optional(
    text({
      group: 'portal',
      shown: 'unset: none (sandbox without `SMTP_URL`: `reseller@sandbox.example`)',
      description:
        "Where the reseller's notice of every completed purchase and delegate change goes",
    }),
  ),
  RESELLER_LEGAL_NAME: Type.Optional(
    text({
      group: 'portal',
      shown: 'unset: no seller block (google mode with `SMTP_URL`: a warning at start)',
      description:
        "The reseller's legal name, printed with `RESELLER_ADDRESS` and `RESELLER_VAT_ID` on the order confirmation (docs/notifications.md)",
    }),
  ),
  RESELLER_ADDRESS: Type.Optional(
    text({
      group: 'portal',
      shown: 'unset',
      description:
        "The reseller's postal address; `\\n` (a backslash and n) or a line break separates its lines",
    }),
  ),
  RESELLER_VAT_ID: Type.Optional(
    text({
      group: 'portal',
      shown: 'unset',
      description: "The reseller's VAT number, e.g. `GB123456789`",
    }),
  ),
  PORTAL_PUBLIC_URL: Type.Optional(
    text({
      group: 'portal',
      shown: 'sandbox: `http://<HOST>:<port>`; google: unset, no links (warned with `SMTP_URL`)',
      description:
        "The portal's address as people reach it (`https://portal.example`); the mails link to its change history",
    }),
  ),
  WEBHOOK_URL: Type.Optional(
    text({
      group: 'portal',
      shown: 'unset (off)',
      description:
        'Each completed change is POSTed here as a signed JSON event (docs/notifications.md)',
    }),
  ),
  WEBHOOK_SECRET: Type.Optional(
    text(
      {
        group: 'portal',
        secret: true,
        shown: 'with `WEBHOOK_URL`: **required**',
        description: 'Signs the webhook (HMAC-SHA256, `Portal-Signature`); never logged',
      },
      { minLength: WEBHOOK_SECRET_MIN_LENGTH },
    ),
  ),
  OUTBOX_RETRY_BASE_MS: whole(
    {
      group: 'portal',
      unit: 'milliseconds',
      description:
        "A failed delivery's first retry; each next one waits twice as long (at most an hour)",
    },
    { minimum: 1, maximum: MAX_OUTBOX_RETRY_BASE_MS, default: OUTBOX_DEFAULTS.retryBaseMs },
  ),
  WEBHOOK_RETRY_FOR: Type.String({
    group: 'portal',
    form: 'a duration such as `72h`, `30m` or `90s`',
    description:
      'How long a notification is retried (backing off) before it is kept as failed (`npm run outbox:resend`)',
    pattern: DURATION_PATTERN,
    default: DEFAULT_WEBHOOK_RETRY_FOR,
  }),
  RESELLER_API_KEYS: Type.Optional(
    Type.String({
      group: 'portal',
      secret: true,
      shown: 'unset: GET /api/reseller/events answers 401',
      form: `comma-separated keys of at least ${RESELLER_API_KEY_MIN_LENGTH} characters each`,
      description:
        'Keys of the billing systems that read GET /api/reseller/events (`Authorization: Bearer <key>`); never logged',
      pattern: `^[^,\\s]{${RESELLER_API_KEY_MIN_LENGTH},}(\\s*,\\s*[^,\\s]{${RESELLER_API_KEY_MIN_LENGTH},})*$`,
    }),
  ),
  RESELLER_ADMINS_GROUP: Type.Optional(
    Type.String({
      group: 'portal',
      shown: 'sandbox: `reseller-admins@sandbox.example`; google: unset (console off)',
      form: "a group address of the reseller's own domain",
      description:
        "The Google Group of the reseller's admins: its members sign in to the reseller console at `/reseller` and may change; with `RESELLER_SUPPORT_GROUP` or not at all",
      pattern: GROUP_ADDRESS_PATTERN,
    }),
  ),
  RESELLER_SUPPORT_GROUP: Type.Optional(
    Type.String({
      group: 'portal',
      shown: 'sandbox: `reseller-support@sandbox.example`; google: unset (console off)',
      form: 'a group address of the same domain as `RESELLER_ADMINS_GROUP`',
      description:
        "The Google Group of the reseller's support staff: its members sign in to the reseller console and may only read",
      pattern: GROUP_ADDRESS_PATTERN,
    }),
  ),
  OUTBOX_LEASE_MS: whole(
    {
      group: 'portal',
      unit: 'milliseconds',
      description:
        'How long a worker holds the notifications it took; then another instance may take them',
    },
    { minimum: 1, maximum: MAX_OUTBOX_TUNING_MS, default: OUTBOX_DEFAULTS.leaseMs },
  ),
  OUTBOX_POLL_MS: whole(
    {
      group: 'portal',
      unit: 'milliseconds',
      description: 'How often the worker looks for due notifications',
    },
    { minimum: 1, maximum: MAX_OUTBOX_POLL_MS, default: OUTBOX_DEFAULTS.pollMs },
  ),
  SERVE_SOURCE_MAPS: flag({
    group: 'portal',
    description: "Serves the web client's source maps (`*.map`); otherwise they answer 404",
  }),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, {
    group: 'portal',
    default: 'info',
    description: 'The least severe log lines written',
  }),
  LOG_FORMAT: Type.Optional(
    Type.Enum(['json', 'pretty'], {
      group: 'portal',
      shown: 'by stdout: `pretty` on a terminal, else `json`',
      description: '`json` (one JSON object a line) or `pretty` (pino-pretty lines)',
    }),
  ),
  PORTAL_RECORDING: flag({
    group: 'portal',
    description:
      '`true` loads the scenario recorder in every page (QA only; google mode: only with `GOOGLE_EMULATOR=true`)',
  }),
  NODE_ENV: Type.Optional(
    text({
      group: 'dev',
      description: '`development` re-reads `index.html` on every request (set by `npm run dev`)',
    }),
  ),
  API_PORT: whole(
    {
      group: 'dev',
      description: "`npm run dev` only: the API's port behind the webpack dev server",
    },
    { minimum: 0, maximum: MAX_PORT, default: 8081 },
  ),
  RESELLER_ADMIN_EMAIL: Type.Optional(
    text({
      group: 'google',
      need: 'yes',
      description:
        'An admin of the reseller domain whom the service account impersonates (domain-wide delegation).',
    }),
  ),
  GOOGLE_APPLICATION_CREDENTIALS: Type.Optional(
    text({
      group: 'google',
      need: 'one of these three',
      description: "Path to the service account's JSON key file.",
    }),
  ),
  GOOGLE_SERVICE_ACCOUNT_KEY: Type.Optional(
    text({
      group: 'google',
      need: 'one of these three',
      secret: true,
      description:
        'The same JSON key inline (wins over the file when both are set); handy for secret stores.',
    }),
  ),
  GOOGLE_SERVICE_ACCOUNT_EMAIL: Type.Optional(
    text({
      group: 'google',
      need: 'one of these three',
      description:
        "Keyless: the service account's e-mail; without a key the portal signs as it through the IAM Credentials API (below). A key, when set, wins.",
    }),
  ),
  DELEGATE_GROUP_TEMPLATE: Type.Optional(
    text({
      group: 'google',
      need: 'yes',
      description:
        "Address of the Google Group that holds a customer's delegates, with `{kind}` (`licence` or `support`) and `{customerId}` (lower-cased), e.g. `portal-{kind}-{customerId}@reseller.example`.",
    }),
  ),
  WORKSPACE_SKU_IDS: Type.Optional(
    text({
      group: 'google',
      need: 'no',
      shown: "Google's edition table (below)",
      description:
        "Comma-separated SKU ids the portal may take as a customer's Workspace subscription, in order of preference. An Archived User SKU (`101034…`) is refused.",
    }),
  ),
  GOOGLE_CALL_TIMEOUT_MS: whole(
    {
      group: 'google',
      need: 'no',
      unit: 'milliseconds',
      description:
        "Time limit of one Google call. Shortened to what the request's deadline leaves.",
    },
    { minimum: 1, maximum: MAX_TIMEOUT_MS, default: GOOGLE_DEFAULTS.callTimeoutMs },
  ),
  GOOGLE_WRITE_TIMEOUT_MS: whole(
    {
      group: 'google',
      need: 'no',
      unit: 'milliseconds',
      description:
        "Time limit of a seat change (`changeSeats`) and its read-backs together. The add-licence request's deadline is `PORTAL_REQUEST_DEADLINE_MS` plus this.",
    },
    { minimum: 1, maximum: MAX_WRITE_TIMEOUT_MS, default: GOOGLE_DEFAULTS.writeTimeoutMs },
  ),
  MX_LOOKUP_TIMEOUT_MS: whole(
    {
      group: 'google',
      need: 'no',
      unit: 'milliseconds',
      description: 'Time limit of one MX lookup of the e-mail validator.',
    },
    { minimum: 1, maximum: MAX_TIMEOUT_MS, default: GOOGLE_DEFAULTS.mxTimeoutMs },
  ),
  GOOGLE_CACHE_TTL_MS: whole(
    {
      group: 'google',
      need: 'no',
      unit: 'milliseconds',
      description:
        'How long customers, subscription lists and delegate lists are reused (`0` asks Google every time). Every change through this instance drops what it changed.',
    },
    { minimum: 0, maximum: MAX_CACHE_TTL_MS, default: GOOGLE_DEFAULTS.cacheTtlMs },
  ),
  GOOGLE_CACHE_MAX_ENTRIES: whole(
    {
      group: 'google',
      need: 'no',
      description:
        'The most answers the cache keeps, least recently used out first. An answer that a domain or customer is unknown is never kept.',
    },
    { minimum: 1, maximum: MAX_CACHE_ENTRIES, default: GOOGLE_DEFAULTS.cacheMaxEntries },
  ),
  GOOGLE_EMULATOR: flag({
    group: 'emulator',
    need: 'testing only',
    description:
      '`true` on a test machine only: allows the testing-only variables below, `http` external pages and the recorder, and logs a warning naming what is emulated at every start.',
  }),
  GOOGLE_API_ROOT_URL: Type.Optional(
    text({
      group: 'emulator',
      need: 'testing only',
      shown: "each API's own Google host",
      description:
        "Base URL of the Reseller, Directory, Groups Settings and IAM Credentials APIs: an emulator's, such as the fake Google.",
    }),
  ),
  GOOGLE_TOKENINFO_URL: Type.Optional(
    text({
      group: 'emulator',
      need: 'testing only',
      shown: '`https://oauth2.googleapis.com/tokeninfo`',
      description: 'Token information endpoint.',
    }),
  ),
  GOOGLE_OAUTH_TOKEN_URL: Type.Optional(
    text({
      group: 'emulator',
      need: 'testing only',
      shown: '`https://oauth2.googleapis.com/token`',
      description:
        "The service account's JWT-bearer token exchange (also the assertion's audience).",
    }),
  ),
  PORTAL_DNS_SERVERS: Type.Optional(
    text({
      group: 'emulator',
      need: 'testing only',
      shown: "the system's resolvers",
      description:
        'Comma-separated `ip[:port]` DNS servers for the MX lookups (IPv6 as `[::1]:53`).',
    }),
  ),
  GOOGLE_SIGN_IN_POPUP_URL: Type.Optional(
    text({
      group: 'emulator',
      need: 'testing only',
      shown: 'Google Identity Services',
      description:
        "A sign-in popup that speaks the sandbox popup's protocol (the fake Google's); the client opens it instead of Google's.",
    }),
  ),
  GCE_METADATA_HOST: Type.Optional(
    text({
      group: 'emulator',
      need: 'testing only',
      shown: 'the metadata server',
      description:
        "`host:port` of a metadata server for keyless sign-in (read by google-auth-library): the fake Google's.",
    }),
  ),
});

/** The parsed environment: every declared variable, typed, with its default when unset. */
export type Environment = Readonly<Static<typeof ENVIRONMENT>>;
export type VariableName = keyof Environment & string;

/** One declared variable: its schema with the notes above. */
export type Variable = TSchema & VariableNotes & Record<string, unknown>;

export function declaredVariables(): [VariableName, Variable][] {
  return Object.entries(ENVIRONMENT.properties) as unknown as [VariableName, Variable][];
}
