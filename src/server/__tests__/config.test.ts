import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../config';
import { ConfigError } from '../configError';

// Environment → ServerConfig, with a ConfigError naming the variable for every bad value.

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

const GOOGLE_ENV = {
  PORTAL_PROVIDER: 'google',
  SESSION_SECRET: 'a'.repeat(32),
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  RESELLER_NAME: 'Example Reseller',
  CONTACT_URL: 'https://reseller.example/contact',
  HELPDESK_URL: 'https://help.reseller.example/',
  SUPPORT_SITE_URL: 'https://support.reseller.example/',
};

it('runs the sandbox on 127.0.0.1:8080 by default', () => {
  const config = readConfig({}, cwd);
  expect(config).toMatchObject({
    host: '127.0.0.1',
    port: 8080,
    provider: 'sandbox',
    dataDir: path.join(cwd, '.data'),
    clientDir: path.join(cwd, 'dist', 'client'),
    resellerName: 'Sandbox Reseller',
    googleClientId: 'sandbox-client',
    contactUrl: '/sandbox/contact',
    helpdeskUrl: '/sandbox/helpdesk',
    supportSiteUrl: '/sandbox/support-site',
    trustProxy: false,
    logLevel: 'info',
    recording: false,
  });
});

it('generates the sandbox session secret once and keeps it in the data directory', () => {
  const first = readConfig({}, cwd).sessionSecret;
  expect(first.length).toBeGreaterThanOrEqual(32);
  expect(readConfig({}, cwd).sessionSecret).toBe(first);
  const file = path.join(cwd, '.data', 'session-secret');
  expect(readFileSync(file, 'utf8').trim()).toBe(first);
  expect(statSync(file).mode & 0o777).toBe(0o600);
});

it('reads every variable', () => {
  const config = readConfig(
    {
      HOST: '0.0.0.0',
      PORT: '9090',
      PORTAL_DATA_DIR: '/var/portal',
      PORTAL_CLIENT_DIR: 'build/web',
      SESSION_SECRET: 'b'.repeat(40),
      RESELLER_NAME: 'Acme Cloud',
      CONTACT_URL: 'https://acme.example/contact',
      HELP_CENTRE_URL: '/help',
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      PORTAL_RECORDING: 'true',
    },
    cwd,
  );
  expect(config).toMatchObject({
    host: '0.0.0.0',
    port: 9090,
    dataDir: '/var/portal',
    clientDir: path.join(cwd, 'build', 'web'),
    sessionSecret: 'b'.repeat(40),
    resellerName: 'Acme Cloud',
    contactUrl: 'https://acme.example/contact',
    helpCentreUrl: '/help',
    trustProxy: 2,
    logLevel: 'warn',
    recording: true,
  });
  expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }, cwd).trustProxy).toEqual([
    '10.0.0.1',
    '10.0.0.2',
  ]);
});

it('needs the Google settings in google mode', () => {
  expect(readConfig(GOOGLE_ENV, cwd)).toMatchObject({
    provider: 'google',
    supportSiteUrl: 'https://support.reseller.example/',
  });
  for (const name of [
    'SESSION_SECRET',
    'GOOGLE_CLIENT_ID',
    'RESELLER_NAME',
    'CONTACT_URL',
    'HELPDESK_URL',
    'SUPPORT_SITE_URL',
  ]) {
    const env: NodeJS.ProcessEnv = { ...GOOGLE_ENV, [name]: '' };
    expect(() => readConfig(env, cwd)).toThrow(new RegExp(`^${name} is required`));
  }
});

it.each([
  ['PORT', 'eighty', /PORT must be a whole number/],
  ['PORT', '70000', /PORT must be a whole number from 0 to 65535/],
  ['PORTAL_PROVIDER', 'azure', /PORTAL_PROVIDER must be 'sandbox' or 'google'; got 'azure'/],
  ['SESSION_SECRET', 'short', /SESSION_SECRET must be at least 32 characters; got 5/],
  ['CONTACT_URL', 'javascript:alert(1)', /CONTACT_URL must be an http\(s\) URL/],
  ['HELPDESK_URL', '//evil.example', /HELPDESK_URL must be an http\(s\) URL/],
  ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
  ['PORTAL_RECORDING', 'maybe', /PORTAL_RECORDING must be true or false/],
  ['TRUST_PROXY', 'a, ,b', /TRUST_PROXY must be/],
])('refuses %s=%s with a ConfigError', (name, value, message) => {
  const read = () => readConfig({ [name]: value }, cwd);
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(message);
});

it('keeps the portal store in SQLite unless DATABASE_URL names a PostgreSQL database', () => {
  expect(readConfig({}, cwd).databaseUrl).toBeNull();
  expect(readConfig({ DATABASE_URL: 'postgres://portal:pw@db:5432/portal' }, cwd).databaseUrl).toBe(
    'postgres://portal:pw@db:5432/portal',
  );
  expect(readConfig({ DATABASE_URL: 'postgresql://db/portal' }, cwd).databaseUrl).toBe(
    'postgresql://db/portal',
  );
  for (const wrong of ['mysql://db/portal', 'portal.db', 'https://db.example/portal']) {
    let message = '';
    try {
      readConfig({ DATABASE_URL: `${wrong}?password=secret` }, cwd);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toBe(
      'DATABASE_URL must be a PostgreSQL connection URL (postgres://user:password@host:5432/database).',
    );
    expect(message).not.toContain('secret');
  }
});
