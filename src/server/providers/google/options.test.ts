import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../configError';
import { DEFAULT_WORKSPACE_SKU_IDS } from '../skus';
import { readGoogleOptions } from './options';

// Start-up configuration of the Google provider: every required variable, named when it is wrong.

const KEY = { client_email: 'portal@project.iam.gserviceaccount.com', private_key: 'PEM' };
const ENV = {
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  RESELLER_NAME: 'Example Reseller',
  RESELLER_ADMIN_EMAIL: 'admin@reseller.example',
  GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify(KEY),
  DELEGATE_GROUP_TEMPLATE: 'portal-{kind}-{customerId}@reseller.example',
};

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    readGoogleOptions(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

it('reads a complete configuration, with the documented defaults', () => {
  expect(readGoogleOptions(ENV)).toEqual({
    clientId: ENV.GOOGLE_CLIENT_ID,
    resellerName: 'Example Reseller',
    resellerAdminEmail: 'admin@reseller.example',
    serviceAccountKey: KEY,
    delegateGroupTemplate: ENV.DELEGATE_GROUP_TEMPLATE,
    workspaceSkuIds: DEFAULT_WORKSPACE_SKU_IDS,
    callTimeoutMs: 8000,
    mxTimeoutMs: 3000,
    cacheTtlMs: 15000,
    cacheMaxEntries: 5000,
    writeTimeoutMs: 60000,
  });
});

it('reads the tuning and emulator variables', () => {
  expect(
    readGoogleOptions({
      ...ENV,
      WORKSPACE_SKU_IDS: ' 1010020025 , 1010020028',
      GOOGLE_CALL_TIMEOUT_MS: '2500',
      MX_LOOKUP_TIMEOUT_MS: '500',
      GOOGLE_CACHE_TTL_MS: '0',
      GOOGLE_CACHE_MAX_ENTRIES: '200',
      GOOGLE_API_ROOT_URL: 'http://127.0.0.1:9000',
      GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:9000/tokeninfo',
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9000/token',
      GOOGLE_SIGN_IN_POPUP_URL: 'http://127.0.0.1:9000/o/oauth2/auth',
      PORTAL_DNS_SERVERS: '127.0.0.1:5353, [::1]:53,10.0.0.2',
    }),
  ).toMatchObject({
    workspaceSkuIds: ['1010020025', '1010020028'],
    callTimeoutMs: 2500,
    mxTimeoutMs: 500,
    cacheTtlMs: 0,
    cacheMaxEntries: 200,
    apiRootUrl: 'http://127.0.0.1:9000/',
    tokenInfoUrl: 'http://127.0.0.1:9000/tokeninfo',
    tokenUrl: 'http://127.0.0.1:9000/token',
    signInPopupUrl: 'http://127.0.0.1:9000/o/oauth2/auth',
    dnsServers: ['127.0.0.1:5353', '[::1]:53', '10.0.0.2'],
  });
});

it.each(['GOOGLE_CLIENT_ID', 'RESELLER_NAME', 'RESELLER_ADMIN_EMAIL', 'DELEGATE_GROUP_TEMPLATE'])(
  'names %s when it is missing',
  (name) => {
    expect(configErrorOf({ ...ENV, [name]: '' }).message).toContain(name);
  },
);

it('names every credential variable when none is set', () => {
  const message = configErrorOf({ ...ENV, GOOGLE_SERVICE_ACCOUNT_KEY: undefined }).message;
  expect(message).toContain('GOOGLE_APPLICATION_CREDENTIALS');
  expect(message).toContain('GOOGLE_SERVICE_ACCOUNT_KEY');
  expect(message).toContain('GOOGLE_SERVICE_ACCOUNT_EMAIL');
});

it('goes keyless with GOOGLE_SERVICE_ACCOUNT_EMAIL and no key; a key still wins', () => {
  const email = 'portal@project.iam.gserviceaccount.com';
  const keyless = readGoogleOptions({
    ...ENV,
    GOOGLE_SERVICE_ACCOUNT_KEY: undefined,
    GOOGLE_SERVICE_ACCOUNT_EMAIL: email,
  });
  expect(keyless.serviceAccountEmail).toBe(email);
  expect(keyless.serviceAccountKey).toBeUndefined();
  expect(readGoogleOptions({ ...ENV, GOOGLE_SERVICE_ACCOUNT_EMAIL: email })).toMatchObject({
    serviceAccountKey: KEY,
  });
  expect(
    configErrorOf({
      ...ENV,
      GOOGLE_SERVICE_ACCOUNT_KEY: undefined,
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'not-an-address',
    }).message,
  ).toContain('GOOGLE_SERVICE_ACCOUNT_EMAIL');
});

it('reads the key file named by GOOGLE_APPLICATION_CREDENTIALS', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'google-key-'));
  const file = path.join(dir, 'key.json');
  writeFileSync(file, JSON.stringify({ type: 'service_account', ...KEY }));
  try {
    const env = {
      ...ENV,
      GOOGLE_SERVICE_ACCOUNT_KEY: undefined,
      GOOGLE_APPLICATION_CREDENTIALS: file,
    };
    expect(readGoogleOptions(env).serviceAccountKey).toEqual(KEY);
    expect(
      configErrorOf({ ...env, GOOGLE_APPLICATION_CREDENTIALS: path.join(dir, 'missing.json') })
        .message,
    ).toContain('GOOGLE_APPLICATION_CREDENTIALS');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it.each([
  ['GOOGLE_SERVICE_ACCOUNT_KEY', 'not json'],
  ['GOOGLE_SERVICE_ACCOUNT_KEY', '{"client_email":"x"}'],
  ['RESELLER_ADMIN_EMAIL', 'not-an-address'],
  ['DELEGATE_GROUP_TEMPLATE', 'portal@reseller.example'],
  ['DELEGATE_GROUP_TEMPLATE', 'portal-{kind}-{customerId}'],
  ['WORKSPACE_SKU_IDS', '1010020028;1010020025'],
  ['WORKSPACE_SKU_IDS', '1010020028,1010340001'],
  ['GOOGLE_CALL_TIMEOUT_MS', '0'],
  ['GOOGLE_CALL_TIMEOUT_MS', '8s'],
  ['MX_LOOKUP_TIMEOUT_MS', '-1'],
  ['GOOGLE_CACHE_TTL_MS', '9999999'],
  ['GOOGLE_CACHE_MAX_ENTRIES', '0'],
  ['GOOGLE_CACHE_MAX_ENTRIES', '2000000'],
  ['GOOGLE_CACHE_MAX_ENTRIES', 'lots'],
  ['GOOGLE_API_ROOT_URL', 'ftp://127.0.0.1/'],
  ['GOOGLE_TOKENINFO_URL', 'not a url'],
  ['GOOGLE_OAUTH_TOKEN_URL', '127.0.0.1:9000/token'],
  ['PORTAL_DNS_SERVERS', 'dns.example:53'],
  ['PORTAL_DNS_SERVERS', '127.0.0.1:99999'],
])('names %s when its value %j is unusable', (name, value) => {
  expect(configErrorOf({ ...ENV, [name]: value }).message).toContain(name);
});
