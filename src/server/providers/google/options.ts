import { readFileSync } from 'node:fs';
import { isValidHomeEmail } from '../../../contract/email';
import { ConfigError } from '../../configError';

// Configuration of the Google provider, read from the environment once at start-up so a bad value
// stops the server with a message naming the variable (docs/configuration-google.md lists them).

/** The two fields of a service-account key file the provider uses. */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

export interface GoogleProviderOptions {
  /** OAuth client id of the portal: tokens issued to any other client are refused. */
  clientId: string;
  /** Shown in 'Not a customer of <name>'. */
  resellerName: string;
  /** The reseller's admin, whom the service account impersonates (domain-wide delegation). */
  resellerAdminEmail: string;
  serviceAccountKey: ServiceAccountKey;
  /** Address of the delegate group per customer and kind, with {kind} and {customerId} placeholders. */
  delegateGroupTemplate: string;
  /** Base URL of Google's APIs; tests point it at a local fake. Default https://www.googleapis.com/. */
  apiRootUrl?: string;
  /** Google's token-information endpoint. Default https://oauth2.googleapis.com/tokeninfo. */
  tokenInfoUrl?: string;
  /** Retry idempotent Google calls on 5xx and 429 (default true). */
  retry?: boolean;
  /** An access token of the reseller admin for these scopes; defaults to the service account's JWT. */
  delegatedAccessToken?: (scopes: readonly string[]) => Promise<string>;
  /** DNS MX lookup; defaults to node:dns. */
  resolveMx?: (domain: string) => Promise<{ exchange: string; priority: number }[]>;
}

export const GOOGLE_ENV = {
  clientId: 'GOOGLE_CLIENT_ID',
  resellerName: 'RESELLER_NAME',
  resellerAdminEmail: 'RESELLER_ADMIN_EMAIL',
  credentialsFile: 'GOOGLE_APPLICATION_CREDENTIALS',
  inlineKey: 'GOOGLE_SERVICE_ACCOUNT_KEY',
  delegateGroupTemplate: 'DELEGATE_GROUP_TEMPLATE',
} as const;

const GROUP_PLACEHOLDERS = ['{kind}', '{customerId}'] as const;

function required(env: NodeJS.ProcessEnv, name: string, what: string): string {
  const value = env[name]?.trim();
  if (value === undefined || value === '') {
    throw new ConfigError(`${name} is required when PORTAL_PROVIDER=google: ${what}.`);
  }
  return value;
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

function readServiceAccountKey(env: NodeJS.ProcessEnv): ServiceAccountKey {
  const inline = env[GOOGLE_ENV.inlineKey]?.trim();
  if (inline !== undefined && inline !== '') return parseKey(inline, GOOGLE_ENV.inlineKey);
  const file = env[GOOGLE_ENV.credentialsFile]?.trim();
  if (file === undefined || file === '') {
    throw new ConfigError(
      `${GOOGLE_ENV.credentialsFile} (a key file path) or ${GOOGLE_ENV.inlineKey} (the key JSON) is required when PORTAL_PROVIDER=google.`,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(
      `${GOOGLE_ENV.credentialsFile} names a file that cannot be read: ${file}.`,
    );
  }
  return parseKey(text, `${GOOGLE_ENV.credentialsFile} (${file})`);
}

export function readGoogleOptions(env: NodeJS.ProcessEnv): GoogleProviderOptions {
  const clientId = required(env, GOOGLE_ENV.clientId, 'the OAuth client id of the portal');
  const resellerName = required(env, GOOGLE_ENV.resellerName, "the reseller's name");
  const resellerAdminEmail = required(
    env,
    GOOGLE_ENV.resellerAdminEmail,
    "the reseller admin's address the service account acts as",
  );
  if (!isValidHomeEmail(resellerAdminEmail)) {
    throw new ConfigError(
      `${GOOGLE_ENV.resellerAdminEmail} is not an e-mail address: ${resellerAdminEmail}.`,
    );
  }
  const serviceAccountKey = readServiceAccountKey(env);
  const delegateGroupTemplate = required(
    env,
    GOOGLE_ENV.delegateGroupTemplate,
    'the delegate group address, e.g. portal-{kind}-{customerId}@reseller.example',
  );
  const missing = GROUP_PLACEHOLDERS.filter((p) => !delegateGroupTemplate.includes(p));
  if (missing.length > 0 || !delegateGroupTemplate.includes('@')) {
    throw new ConfigError(
      `${GOOGLE_ENV.delegateGroupTemplate} must be a group address containing {kind} and {customerId}; got ${delegateGroupTemplate}.`,
    );
  }
  return { clientId, resellerName, resellerAdminEmail, serviceAccountKey, delegateGroupTemplate };
}
