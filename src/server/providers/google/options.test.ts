import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../../configError';
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

it('reads a complete configuration', () => {
  expect(readGoogleOptions(ENV)).toEqual({
    clientId: ENV.GOOGLE_CLIENT_ID,
    resellerName: 'Example Reseller',
    resellerAdminEmail: 'admin@reseller.example',
    serviceAccountKey: KEY,
    delegateGroupTemplate: ENV.DELEGATE_GROUP_TEMPLATE,
  });
});

it.each(['GOOGLE_CLIENT_ID', 'RESELLER_NAME', 'RESELLER_ADMIN_EMAIL', 'DELEGATE_GROUP_TEMPLATE'])(
  'names %s when it is missing',
  (name) => {
    expect(configErrorOf({ ...ENV, [name]: '' }).message).toContain(name);
  },
);

it('names both credential variables when neither is set', () => {
  const message = configErrorOf({ ...ENV, GOOGLE_SERVICE_ACCOUNT_KEY: undefined }).message;
  expect(message).toContain('GOOGLE_APPLICATION_CREDENTIALS');
  expect(message).toContain('GOOGLE_SERVICE_ACCOUNT_KEY');
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
])('names %s when its value %j is unusable', (name, value) => {
  expect(configErrorOf({ ...ENV, [name]: value }).message).toContain(name);
});
