import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isValidHomeEmail } from '../../../contract/email';
import { ConfigError } from '../../configError';
import { settingsOf, type ConfigSource, type Environment } from '../../configuration/environment';
import { GOOGLE_DEFAULTS } from '../../configuration/schema';
import type { PortalMetrics } from '../../plugins/metrics';
import type { SeatPolicy } from '../seatPolicy';
import { DEFAULT_WORKSPACE_SKU_IDS, isArchivedUserSku } from '../skus';

// Configuration of the Google provider, read from the environment once at start-up so a bad value
// stops the server with a message naming the variable (docs/configuration-google.md lists them).

/** The two fields of a service-account key file the provider uses. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

/** Where the provider writes what an operator should know (a pino logger fits). */
export interface ProviderLog {
  warn(details: object, message: string): void;
}

export interface GoogleProviderOptions {
  /** OAuth client id of the portal: tokens issued to any other client are refused. */
  clientId: string;
  /** Shown in 'Not a customer of <name>'. */
  resellerName: string;
  /** The reseller's admin, whom the service account impersonates (domain-wide delegation). */
  resellerAdminEmail: string;
  /** The service account's key; without one, serviceAccountEmail signs through the IAM Credentials API. */
  serviceAccountKey?: ServiceAccountKey;
  /** Keyless: the service account the runtime's default credentials sign as (GOOGLE_SERVICE_ACCOUNT_EMAIL). */
  serviceAccountEmail?: string;
  /** Address of the delegate group per customer and kind, with {kind} and {customerId} placeholders. */
  delegateGroupTemplate: string;
  /** Base URL of Google's APIs (an emulator's, for testing); default each API's own host. */
  apiRootUrl?: string;
  /** Google's token-information endpoint. Default https://oauth2.googleapis.com/tokeninfo. */
  tokenInfoUrl?: string;
  /** The service account's token exchange. Default https://oauth2.googleapis.com/token. */
  tokenUrl?: string;
  /** DNS servers (host:port) for the MX lookups; default the system's resolvers. */
  dnsServers?: string[];
  /** Time limit of one Google call (default 8000 ms). */
  callTimeoutMs?: number;
  /** Time limit of a seat change and its read-backs together (default 60000 ms). */
  writeTimeoutMs?: number;
  /** Time limit of one MX lookup (default 3000 ms). */
  mxTimeoutMs?: number;
  /** How long customers, subscription lists and delegate lists are reused (default 15000 ms; 0: never). */
  cacheTtlMs?: number;
  /** The most answers the cache keeps, least recently used out first (default 5000). */
  cacheMaxEntries?: number;
  /** Workspace edition SKU ids the portal may choose, in order of preference. */
  workspaceSkuIds?: readonly string[];
  /** The annual seat cap (ANNUAL_SEAT_CAP, SEAT_CAP_FILE); default 50 for everyone. */
  seatPolicy?: SeatPolicy;
  /** For testing: the sign-in popup the client opens instead of Google Identity Services. */
  signInPopupUrl?: string;
  log?: ProviderLog;
  /** Every Google call is counted and timed here (docs/deploy.md, Metrics). */
  metrics?: PortalMetrics;
  /** For testing: the runtime's access token for keyless signing; default application default credentials. */
  runtimeAccessToken?: () => Promise<string | null | undefined>;
  /** MX lookup; defaults to node:dns with dnsServers and mxTimeoutMs. */
  resolveMx?: (domain: string) => Promise<{ exchange: string; priority: number }[]>;
}

export const GOOGLE_ENV = {
  clientId: 'GOOGLE_CLIENT_ID',
  resellerName: 'RESELLER_NAME',
  resellerAdminEmail: 'RESELLER_ADMIN_EMAIL',
  credentialsFile: 'GOOGLE_APPLICATION_CREDENTIALS',
  inlineKey: 'GOOGLE_SERVICE_ACCOUNT_KEY',
  serviceAccountEmail: 'GOOGLE_SERVICE_ACCOUNT_EMAIL',
  delegateGroupTemplate: 'DELEGATE_GROUP_TEMPLATE',
  workspaceSkuIds: 'WORKSPACE_SKU_IDS',
  callTimeoutMs: 'GOOGLE_CALL_TIMEOUT_MS',
  writeTimeoutMs: 'GOOGLE_WRITE_TIMEOUT_MS',
  mxTimeoutMs: 'MX_LOOKUP_TIMEOUT_MS',
  cacheTtlMs: 'GOOGLE_CACHE_TTL_MS',
  cacheMaxEntries: 'GOOGLE_CACHE_MAX_ENTRIES',
  apiRootUrl: 'GOOGLE_API_ROOT_URL',
  tokenInfoUrl: 'GOOGLE_TOKENINFO_URL',
  tokenUrl: 'GOOGLE_OAUTH_TOKEN_URL',
  dnsServers: 'PORTAL_DNS_SERVERS',
  signInPopupUrl: 'GOOGLE_SIGN_IN_POPUP_URL',
} as const;

export { GOOGLE_DEFAULTS };

const GROUP_PLACEHOLDERS = ['{kind}', '{customerId}'] as const;
const MAX_PORT = 65_535;

type GoogleVariable = (typeof GOOGLE_ENV)[keyof typeof GOOGLE_ENV];

function required(settings: Environment, name: GoogleVariable, what: string): string {
  const value = settings[name];
  if (typeof value !== 'string') {
    throw new ConfigError(`${name} is required when PORTAL_PROVIDER=google: ${what}.`);
  }
  return value;
}

function readHttpUrl(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL; got '${raw}'.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL; got '${raw}'.`);
  }
  return raw;
}

/** host:port pairs, IPv4 or [IPv6]; Node's resolver takes addresses, not names. */
function readDnsServers(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const servers = raw.split(',').map((part) => part.trim());
  for (const server of servers) {
    const match = /^(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::(\d+))?$/i.exec(server);
    const address = match?.[1] ?? match?.[2] ?? '';
    const port = match?.[3] === undefined ? 53 : Number(match[3]);
    if (match === null || isIP(address) === 0 || port < 1 || port > MAX_PORT) {
      throw new ConfigError(
        `${GOOGLE_ENV.dnsServers} must be a comma-separated list of IP addresses with optional ports, e.g. 127.0.0.1:5353; got '${server}'.`,
      );
    }
  }
  return servers;
}

function readSkuIds(raw: string | undefined): readonly string[] {
  if (raw === undefined) return DEFAULT_WORKSPACE_SKU_IDS;
  const ids = raw.split(',').map((part) => part.trim());
  if (ids.some((id) => !/^[A-Za-z0-9-]+$/.test(id))) {
    throw new ConfigError(
      `${GOOGLE_ENV.workspaceSkuIds} must be a comma-separated list of SKU ids, e.g. 1010020028,1010020025; got '${raw}'.`,
    );
  }
  const archived = ids.filter((id) => isArchivedUserSku(id));
  if (archived.length > 0) {
    throw new ConfigError(
      `${GOOGLE_ENV.workspaceSkuIds} must list Workspace editions; ${archived.join(', ')} is an Archived User SKU.`,
    );
  }
  return ids;
}

function parseKey(json: string, source: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError(`${source} is not a JSON service-account key.`);
  }
  const key = parsed as Partial<Record<keyof ServiceAccountKey, unknown>> | null;
  if (
    typeof key !== 'object' ||
    key === null ||
    typeof key.client_email !== 'string' ||
    typeof key.private_key !== 'string'
  ) {
    throw new ConfigError(
      `${source} must be a service-account key with client_email and private_key.`,
    );
  }
  return { client_email: key.client_email, private_key: key.private_key };
}

/** A key (inline or file), else the keyless service account's e-mail; one of them is required. */
function readServiceAccount(
  settings: Environment,
): Pick<GoogleProviderOptions, 'serviceAccountKey' | 'serviceAccountEmail'> {
  const inline = settings[GOOGLE_ENV.inlineKey];
  if (inline !== undefined) return { serviceAccountKey: parseKey(inline, GOOGLE_ENV.inlineKey) };
  const file = settings[GOOGLE_ENV.credentialsFile];
  if (file === undefined) {
    const email = settings[GOOGLE_ENV.serviceAccountEmail];
    if (email === undefined) {
      throw new ConfigError(
        `${GOOGLE_ENV.credentialsFile} (a key file path), ${GOOGLE_ENV.inlineKey} (the key JSON) or, without a key, ${GOOGLE_ENV.serviceAccountEmail} (the service account the runtime signs as) is required when PORTAL_PROVIDER=google.`,
      );
    }
    if (!isValidHomeEmail(email)) {
      throw new ConfigError(
        `${GOOGLE_ENV.serviceAccountEmail} is not a service account's e-mail address: ${email}.`,
      );
    }
    return { serviceAccountEmail: email };
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(
      `${GOOGLE_ENV.credentialsFile} names a file that cannot be read: ${file}.`,
    );
  }
  return { serviceAccountKey: parseKey(text, `${GOOGLE_ENV.credentialsFile} (${file})`) };
}

/** The Google provider's options from the environment read by the schema (configuration/schema.ts). */
export function readGoogleOptions(source: ConfigSource): GoogleProviderOptions {
  const settings = settingsOf(source, Object.values(GOOGLE_ENV));
  const clientId = required(settings, GOOGLE_ENV.clientId, 'the OAuth client id of the portal');
  const resellerName = required(settings, GOOGLE_ENV.resellerName, "the reseller's name");
  const resellerAdminEmail = required(
    settings,
    GOOGLE_ENV.resellerAdminEmail,
    "the reseller admin's address the service account acts as",
  );
  if (!isValidHomeEmail(resellerAdminEmail)) {
    throw new ConfigError(
      `${GOOGLE_ENV.resellerAdminEmail} is not an e-mail address: ${resellerAdminEmail}.`,
    );
  }
  const serviceAccount = readServiceAccount(settings);
  const delegateGroupTemplate = required(
    settings,
    GOOGLE_ENV.delegateGroupTemplate,
    'the delegate group address, e.g. portal-{kind}-{customerId}@reseller.example',
  );
  const missing = GROUP_PLACEHOLDERS.filter((p) => !delegateGroupTemplate.includes(p));
  if (missing.length > 0 || !delegateGroupTemplate.includes('@')) {
    throw new ConfigError(
      `${GOOGLE_ENV.delegateGroupTemplate} must be a group address containing {kind} and {customerId}; got ${delegateGroupTemplate}.`,
    );
  }
  const options: GoogleProviderOptions = {
    clientId,
    resellerName,
    resellerAdminEmail,
    ...serviceAccount,
    delegateGroupTemplate,
    workspaceSkuIds: readSkuIds(settings[GOOGLE_ENV.workspaceSkuIds]),
    callTimeoutMs: settings[GOOGLE_ENV.callTimeoutMs],
    writeTimeoutMs: settings[GOOGLE_ENV.writeTimeoutMs],
    mxTimeoutMs: settings[GOOGLE_ENV.mxTimeoutMs],
    cacheTtlMs: settings[GOOGLE_ENV.cacheTtlMs],
    cacheMaxEntries: settings[GOOGLE_ENV.cacheMaxEntries],
  };
  // The emulator settings are for testing; they appear only when set (refused without GOOGLE_EMULATOR: emulator.ts).
  const apiRootUrl = readHttpUrl(settings[GOOGLE_ENV.apiRootUrl], GOOGLE_ENV.apiRootUrl);
  const tokenInfoUrl = readHttpUrl(settings[GOOGLE_ENV.tokenInfoUrl], GOOGLE_ENV.tokenInfoUrl);
  const tokenUrl = readHttpUrl(settings[GOOGLE_ENV.tokenUrl], GOOGLE_ENV.tokenUrl);
  const signInPopupUrl = readHttpUrl(
    settings[GOOGLE_ENV.signInPopupUrl],
    GOOGLE_ENV.signInPopupUrl,
  );
  const dnsServers = readDnsServers(settings[GOOGLE_ENV.dnsServers]);
  if (apiRootUrl !== undefined)
    options.apiRootUrl = apiRootUrl.endsWith('/') ? apiRootUrl : `${apiRootUrl}/`;
  if (tokenInfoUrl !== undefined) options.tokenInfoUrl = tokenInfoUrl;
  if (tokenUrl !== undefined) options.tokenUrl = tokenUrl;
  if (signInPopupUrl !== undefined) options.signInPopupUrl = signInPopupUrl;
  if (dnsServers !== undefined) options.dnsServers = dnsServers;
  return options;
}
