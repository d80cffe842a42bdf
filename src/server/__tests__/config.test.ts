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

/** readConfig refuses `env` with a ConfigError saying `message`. */
function expectRefusal(env: NodeJS.ProcessEnv, message: string | RegExp): void {
  const read = () => readConfig(env, cwd);
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(message);
}

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
      PORTAL_SANDBOX_PUBLIC: 'true',
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

describe('the quota shield', () => {
  it('limits 60 a minute per address, 60 per session and 240 per customer by default', () => {
    expect(readConfig({}, cwd).rateLimit).toEqual({
      max: 60,
      perSession: 60,
      perCustomer: 240,
      windowMs: 60_000,
    });
  });

  it('reads each limit from its variable', () => {
    const env = {
      RATE_LIMIT_PER_ADDRESS: '30',
      RATE_LIMIT_PER_SESSION: '90',
      RATE_LIMIT_PER_CUSTOMER: '1000',
    };
    expect(readConfig(env, cwd).rateLimit).toMatchObject({
      max: 30,
      perSession: 90,
      perCustomer: 1000,
    });
  });

  it.each([
    ['RATE_LIMIT_PER_ADDRESS', '0'],
    ['RATE_LIMIT_PER_SESSION', 'lots'],
    ['RATE_LIMIT_PER_CUSTOMER', '1000001'],
    ['RATE_LIMIT_PER_CUSTOMER', '2.5'],
  ])('refuses %s=%s in one line naming it', (name, value) => {
    expectRefusal(
      { [name]: value },
      `${name} must be a whole number of requests per minute from 1 to 1000000; got '${value}'.`,
    );
  });
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
  ['TRUST_PROXY', 'proxy.internal', /'proxy.internal' in 'proxy.internal' is none of these/],
  ['TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY must be/],
  ['TRUST_PROXY', '10.0.0.1/8/1', /TRUST_PROXY must be/],
  ['TRUST_PROXY', '-1', /TRUST_PROXY must be/],
  ['PORTAL_SANDBOX_PUBLIC', 'maybe', /PORTAL_SANDBOX_PUBLIC must be true or false/],
  ['METRICS_PORT', 'nine', /METRICS_PORT must be a whole number from 1 to 65535; got 'nine'/],
  ['METRICS_PORT', '0', /METRICS_PORT must be a whole number from 1 to 65535/],
  ['METRICS_PORT', '70000', /METRICS_PORT must be a whole number from 1 to 65535/],
  ['METRICS_PORT', '8080', /METRICS_PORT must differ from PORT \(8080\)/],
])('refuses %s=%s with a ConfigError', (name, value, message) => {
  // A public HOST makes the sandbox read PORTAL_SANDBOX_PUBLIC.
  expectRefusal({ HOST: '0.0.0.0', PORTAL_SANDBOX_PUBLIC: 'true', [name]: value }, message);
});

it('serves no metrics unless METRICS_PORT is set, and then on loopback unless METRICS_HOST says', () => {
  expect(readConfig({}, cwd)).toMatchObject({ metricsPort: null, metricsHost: '127.0.0.1' });
  expect(readConfig({ METRICS_PORT: '9464' }, cwd)).toMatchObject({
    metricsPort: 9464,
    metricsHost: '127.0.0.1',
  });
  expect(readConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }, cwd).metricsHost).toBe(
    '10.0.0.5',
  );
});

it('reconciles the ledger every 6 hours, every RECONCILE_EVERY, or never with off or 0', () => {
  const every = (value: string) => readConfig({ RECONCILE_EVERY: value }, cwd).reconcileEveryMs;
  expect(readConfig({}, cwd).reconcileEveryMs).toBe(6 * 3_600_000);
  expect(every('30m')).toBe(30 * 60_000);
  expect(every('90s')).toBe(90_000);
  expect(every('24d')).toBe(24 * 86_400_000);
  expect(every('off')).toBeNull();
  expect(every('0')).toBeNull();
  // Node's timers cannot wait longer: the job would run at once instead.
  expectRefusal(
    { RECONCILE_EVERY: '25d' },
    "RECONCILE_EVERY must be a duration such as 6h, 30m or 90s, at most 24d, or off; got '25d'.",
  );
  for (const value of ['6 hours', '1.5h', '0h', 'never']) {
    expectRefusal({ RECONCILE_EVERY: value }, /^RECONCILE_EVERY/);
  }
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

describe('TRUST_PROXY', () => {
  const proxyAdvice =
    'set the number of proxies in front of the portal (e.g. 1) or their addresses (e.g. 10.0.0.1 or 10.0.0.0/8).';
  it.each(['true', 'on', 'yes', 'TRUE'])(
    'refuses %s: any client could choose its address',
    (value) =>
      expectRefusal(
        { TRUST_PROXY: value },
        `TRUST_PROXY=${value} would trust any client's X-Forwarded-For; ${proxyAdvice}`,
      ),
  );

  it.each([
    ['1', 1],
    ['0', 0],
    ['false', false],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
    ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
  ])('takes %s', (value, expected) => {
    expect(readConfig({ TRUST_PROXY: value }, cwd).trustProxy).toEqual(expected);
  });
});

describe('the sandbox on a public address', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'portal.example'])(
    'refuses HOST=%s unless PORTAL_SANDBOX_PUBLIC=true',
    (host) => {
      expectRefusal(
        { HOST: host },
        `HOST=${host} would put the sandbox, which signs anyone in as any demo account, on the network; set PORTAL_PROVIDER=google, or PORTAL_SANDBOX_PUBLIC=true for a public demo.`,
      );
      expect(() => readConfig({ HOST: host, PORTAL_SANDBOX_PUBLIC: 'false' }, cwd)).toThrow(
        ConfigError,
      );
      expect(readConfig({ HOST: host, PORTAL_SANDBOX_PUBLIC: 'true' }, cwd).host).toBe(host);
    },
  );

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])(
    'listens on the loopback address %s without it',
    (host) => {
      expect(readConfig({ HOST: host }, cwd).host).toBe(host);
    },
  );

  it('leaves HOST alone in google mode', () => {
    expect(readConfig({ ...GOOGLE_ENV, HOST: '0.0.0.0' }, cwd).host).toBe('0.0.0.0');
  });
});

describe("google mode's external pages", () => {
  it.each([
    ['SUPPORT_SITE_URL', '/support-site'],
    ['SUPPORT_SITE_URL', 'http://support.reseller.example/'],
    ['CONTACT_URL', 'http://reseller.example/contact'],
    ['HELPDESK_URL', '/sandbox/helpdesk'],
    ['HELPDESK_URL', 'ftp://help.reseller.example/'],
  ])('refuses %s=%s: not an absolute https URL', (name, value) => {
    expectRefusal(
      { ...GOOGLE_ENV, [name]: value },
      new RegExp(`^${name} must be an absolute https URL on another origin`),
    );
  });

  it("refuses the portal's own origin, even on an emulator over http", () => {
    const env = {
      ...GOOGLE_ENV,
      ...EMULATED,
      PORT: '8080',
      SUPPORT_SITE_URL: 'http://localhost:8080/support-site',
    };
    expect(() => readConfig(env, cwd)).toThrow(
      "SUPPORT_SITE_URL must be an absolute https URL on another origin than the portal's when PORTAL_PROVIDER=google; got 'http://localhost:8080/support-site'.",
    );
    expect(readConfig({ ...env, SUPPORT_SITE_URL: 'http://127.0.0.1:8090/s' }, cwd)).toMatchObject({
      supportSiteUrl: 'http://127.0.0.1:8090/s',
    });
  });

  it('keeps paths on this server for the sandbox', () => {
    expect(readConfig({ SUPPORT_SITE_URL: '/help/site' }, cwd).supportSiteUrl).toBe('/help/site');
  });
});

const EMULATED = {
  GOOGLE_EMULATOR: 'true',
  GOOGLE_API_ROOT_URL: 'http://127.0.0.1:8090/',
  GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:8090/tokeninfo',
  GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:8090/token',
};

describe('the emulator variables', () => {
  it.each([
    'GOOGLE_API_ROOT_URL',
    'GOOGLE_TOKENINFO_URL',
    'GOOGLE_OAUTH_TOKEN_URL',
    'GOOGLE_SIGN_IN_POPUP_URL',
    'PORTAL_DNS_SERVERS',
  ])('refuses %s unless GOOGLE_EMULATOR=true, naming it', (name) => {
    for (const env of [GOOGLE_ENV, {}]) {
      const read = () => readConfig({ ...env, [name]: '127.0.0.1:5353' }, cwd);
      expect(read).toThrow(
        `${name} points the portal at an emulator instead of Google; unset it in production, or set GOOGLE_EMULATOR=true on a test machine.`,
      );
    }
  });

  it('takes them with GOOGLE_EMULATOR=true and lists what is emulated', () => {
    expect(readConfig({ ...GOOGLE_ENV, ...EMULATED }, cwd).emulated).toEqual([
      { name: 'GOOGLE_API_ROOT_URL', value: 'http://127.0.0.1:8090/' },
      { name: 'GOOGLE_TOKENINFO_URL', value: 'http://127.0.0.1:8090/tokeninfo' },
      { name: 'GOOGLE_OAUTH_TOKEN_URL', value: 'http://127.0.0.1:8090/token' },
    ]);
    expect(readConfig(GOOGLE_ENV, cwd).emulated).toBeNull();
  });

  it('in google mode, needs the token checks and the APIs emulated too', () => {
    const env = { ...GOOGLE_ENV, ...EMULATED, GOOGLE_TOKENINFO_URL: '' };
    expect(() => readConfig(env, cwd)).toThrow(
      'GOOGLE_EMULATOR=true needs GOOGLE_TOKENINFO_URL as well, so that nothing is asked of Google itself.',
    );
  });
});

describe('the recorder', () => {
  it('is refused in google mode against Google', () => {
    expect(() => readConfig({ ...GOOGLE_ENV, PORTAL_RECORDING: 'true' }, cwd)).toThrow(
      "PORTAL_RECORDING=true would record real people's sessions with Google; in google mode the recorder runs only against an emulator (GOOGLE_EMULATOR=true).",
    );
  });

  it('runs on the sandbox, and in google mode against an emulator', () => {
    expect(readConfig({ PORTAL_RECORDING: 'true' }, cwd).recording).toBe(true);
    const emulated = { ...GOOGLE_ENV, ...EMULATED, PORTAL_RECORDING: 'true' };
    expect(readConfig(emulated, cwd).recording).toBe(true);
  });
});

describe("the reseller console's staff groups", () => {
  it('has the sandbox its own groups, and google mode none until both are set (the console off)', () => {
    expect(readConfig({}, cwd).staffGroups).toEqual({
      admins: 'reseller-admins@sandbox.example',
      support: 'reseller-support@sandbox.example',
    });
    expect(readConfig(GOOGLE_ENV, cwd).staffGroups).toBeNull();
    const both = {
      ...GOOGLE_ENV,
      RESELLER_ADMINS_GROUP: 'Admins@Reseller.example',
      RESELLER_SUPPORT_GROUP: 'support@reseller.example',
    };
    expect(readConfig(both, cwd).staffGroups).toEqual({
      admins: 'admins@reseller.example',
      support: 'support@reseller.example',
    });
  });

  it('stops the start with one group without the other, or groups of two domains', () => {
    expect(() =>
      readConfig({ ...GOOGLE_ENV, RESELLER_ADMINS_GROUP: 'admins@reseller.example' }, cwd),
    ).toThrow(
      'RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP go together: set both to turn the reseller console on, or neither.',
    );
    expect(() =>
      readConfig(
        {
          ...GOOGLE_ENV,
          RESELLER_ADMINS_GROUP: 'admins@reseller.example',
          RESELLER_SUPPORT_GROUP: 'support@elsewhere.example',
        },
        cwd,
      ),
    ).toThrow(/must be groups of the reseller's own domain/);
  });
});
