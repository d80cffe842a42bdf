// Defaults that cannot be left unsafe (docs/security.md, Safe defaults): the support frame's sandbox
// and google mode's external pages, emulator settings and the recorder refused outside a test machine,
// pseudonyms on by default, one process per SQLite data folder, the request-line 400 in the envelope,
// and CI's dependency audit.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { supportFrameSandbox } from '../../src/client/pages/supportFrame';
import { createRedaction } from '../../src/scenarioFormat/redaction';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../../src/testing/fakeGoogle';
import { removeDataDir, startPortal, type Portal } from '../../src/testing/server/portalHarness';
import { rawExchange, splitAnswers } from '../../src/testing/server/rawHttp';
import { startPortalProcess, type PortalProcess } from '../../src/testing/server/portalProcess';

const ROOT = path.resolve(__dirname, '..', '..');
const SESSION_SECRET = 'a-session-secret-of-at-least-thirty-two-characters';
/** Google mode on a real deployment, as far as the configuration goes (the key is never used). */
const GOOGLE = {
  PORTAL_PROVIDER: 'google',
  SESSION_SECRET,
  GOOGLE_CLIENT_ID: 'portal.apps.googleusercontent.com',
  RESELLER_NAME: 'Example Reseller',
  RESELLER_ADMIN_EMAIL: 'admin@reseller.example',
  GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify({ client_email: 'sa@x.example', private_key: 'PEM' }),
  DELEGATE_GROUP_TEMPLATE: 'portal-{kind}-{customerId}@reseller.example',
  CONTACT_URL: 'https://reseller.example/contact',
  HELPDESK_URL: 'https://help.reseller.example/',
  SUPPORT_SITE_URL: 'https://support.reseller.example/',
};

let dataDir: string;
const running: PortalProcess[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-defaults-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((portal) => portal.stop('SIGKILL')));
  rmSync(dataDir, { recursive: true, force: true });
});

async function started(env: NodeJS.ProcessEnv = {}): Promise<PortalProcess> {
  const portal = await startPortalProcess({ dataDir, env });
  running.push(portal);
  return portal;
}

/** The lines a portal that must not start wrote before it exited. */
async function refusal(env: NodeJS.ProcessEnv): Promise<string[]> {
  try {
    running.push(await startPortalProcess({ dataDir, env }));
  } catch (error) {
    const [, ...output] = String((error as Error).message).split('\n');
    return output.filter((line) => line.trim() !== '');
  }
  throw new Error('The portal started, but should have refused to');
}

describe('the support frame and the external pages', () => {
  it('frames another origin with only what a support site needs, its own origin without storage', () => {
    const portal = 'https://portal.reseller.example';
    const external = supportFrameSandbox('https://support.reseller.example/', portal).split(' ');
    expect(external).toContain('allow-scripts');
    expect(external).toContain('allow-same-origin');
    expect(external.filter((flag) => flag.startsWith('allow-top-navigation'))).toEqual([]);
    for (const own of ['/support-site', `${portal}/help`]) {
      expect(supportFrameSandbox(own, portal).split(' ')).not.toContain('allow-same-origin');
    }
  });

  it.each([
    ['SUPPORT_SITE_URL', '/support-site'],
    ['CONTACT_URL', 'http://reseller.example/contact'],
    ['HELPDESK_URL', 'javascript:alert(1)'],
  ])('refuses %s=%s in google mode with one line naming it', async (name, value) => {
    expect(await refusal({ ...GOOGLE, [name]: value })).toEqual([
      `Configuration error: ${name} must be an absolute https URL on another origin than the portal's when PORTAL_PROVIDER=google; got '${value}'.`,
    ]);
  });
});

describe('the emulator settings', () => {
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startFakeGoogle();
  });
  afterAll(async () => {
    await fake.close();
  });

  it.each([
    'GOOGLE_API_ROOT_URL',
    'GOOGLE_TOKENINFO_URL',
    'GOOGLE_OAUTH_TOKEN_URL',
    'GOOGLE_SIGN_IN_POPUP_URL',
  ])('refuses a leftover %s in production with one line naming it', async (name) => {
    expect(await refusal({ ...GOOGLE, [name]: 'http://127.0.0.1:9/' })).toEqual([
      `Configuration error: ${name} points the portal at an emulator instead of Google; unset it in production, or set GOOGLE_EMULATOR=true on a test machine.`,
    ]);
  });

  it('starts against an emulator with GOOGLE_EMULATOR=true, warning what is emulated', async () => {
    const portal = await started(fakeGoogleEnv(fake, SESSION_SECRET));
    const warning = portal
      .output()
      .split('\n')
      .find((line) => line.includes('GOOGLE_EMULATOR=true'));
    expect(JSON.parse(warning ?? '{}')).toMatchObject({
      level: 40,
      msg: expect.stringContaining(`GOOGLE_TOKENINFO_URL=${fake.tokenInfoUrl}`),
    });
    expect(warning).toContain(`GOOGLE_API_ROOT_URL=${fake.rootUrl}`);
  });

  it('refuses the recorder in google mode against Google, and allows it on the emulator', async () => {
    expect(await refusal({ ...GOOGLE, PORTAL_RECORDING: 'true' })).toEqual([
      "Configuration error: PORTAL_RECORDING=true would record real people's sessions with Google; in google mode the recorder runs only against an emulator (GOOGLE_EMULATOR=true).",
    ]);
    await started({ ...fakeGoogleEnv(fake, SESSION_SECRET), PORTAL_RECORDING: 'true' });
  });
});

it('pseudonymises addresses in any script and ids by default, one pseudonym per value', () => {
  const recorded = {
    start: { url: '/licenses?customer=C0acme001' },
    answer: { email: 'jöhn@acme.example', customerId: 'C0acme001', subscriptionId: '81234' },
    request: { body: { customerId: 'C0acme001', subscriptionId: '81234' } },
  };
  const text = JSON.stringify(createRedaction().apply(recorded));
  for (const kept of ['jö', 'C0acme001', '81234']) expect(text).not.toContain(kept);
  expect(text.match(/customer-1/g)).toHaveLength(3);
  expect(text.match(/subscription-1/g)).toHaveLength(2);
});

describe('one process per SQLite data folder', () => {
  it('refuses a second portal on the same folder with one line saying why and what to do', async () => {
    const first = await started();
    expect(await refusal({})).toEqual([
      `Another portal process is already running on the data folder ${dataDir} (it holds portal.lock). Run one process per data folder; for several instances, keep the portal store in PostgreSQL (DATABASE_URL) with PORTAL_PROVIDER=google (docs/deploy.md).`,
    ]);
    expect((await fetch(`${first.origin}/api/health`)).status).toBe(200);
  });

  it('lets a new process take the folder of one that was killed', async () => {
    const first = await started();
    await first.stop('SIGKILL');
    const second = await started();
    expect((await fetch(`${second.origin}/api/health`)).status).toBe(200);
  });
});

describe('the request-line refusal', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal.close();
    removeDataDir(portal.dataDir);
  });

  it.each(['GET /api/héalth', 'GET /api/he\talth', 'POST /api/he alth'])(
    '%s is a 400 in the error envelope',
    async (line) => {
      const raw = await rawExchange(
        portal.baseUrl,
        `${line} HTTP/1.1\r\nHost: portal.test\r\n\r\n`,
      );
      const [answer] = splitAnswers(raw, [false]).answers;
      expect(answer?.status).toBe(400);
      expect(JSON.parse(answer?.body.toString('utf8') ?? '')).toEqual({
        error: { code: 400, status: 'INVALID_ARGUMENT', message: 'The request is not valid HTTP.' },
      });
    },
  );
});

describe("CI's dependency audit", () => {
  const AUDIT = path.join(ROOT, 'scripts', 'audit-production.sh');
  let bin: string;
  beforeEach(() => {
    bin = mkdtempSync(path.join(tmpdir(), 'fake-npm-'));
  });
  afterEach(() => {
    rmSync(bin, { recursive: true, force: true });
  });

  /** Runs the audit step with an npm that answers `report` with `status`. */
  function audit(report: object, status: number) {
    const npm = path.join(bin, 'npm');
    writeFileSync(
      npm,
      `#!/bin/sh\ncat <<'JSON'\n${JSON.stringify(report)}\nJSON\nexit ${status}\n`,
    );
    chmodSync(npm, 0o755);
    const run = spawnSync('bash', [AUDIT], {
      cwd: ROOT,
      env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
      encoding: 'utf8',
    });
    return { status: run.status, output: run.stdout + run.stderr };
  }

  it('runs in .ci/run', () => {
    const ci = spawnSync('grep', ['-x', 'bash scripts/audit-production.sh', '.ci/run'], {
      cwd: ROOT,
    });
    expect(ci.status).toBe(0);
  });

  it('fails on a high or critical advisory in the production dependencies, naming it', () => {
    const { status, output } = audit(
      {
        vulnerabilities: { fastify: { severity: 'critical', range: '<5.3.2' } },
        metadata: { vulnerabilities: { high: 0, critical: 1 } },
      },
      1,
    );
    expect(status).not.toBe(0);
    expect(output).toContain('critical advisory in fastify (<5.3.2)');
  });

  it('passes when npm audit finds none at that level', () => {
    const { status, output } = audit({ metadata: { vulnerabilities: { high: 0 } } }, 0);
    expect(status).toBe(0);
    expect(output).toContain('no high or critical advisory');
  });

  it('says so, and passes, when the advisories cannot be read', () => {
    const { status, output } = audit({ message: '405 Method Not Allowed', error: {} }, 1);
    expect(status).toBe(0);
    expect(output).toContain('production dependencies NOT checked');
  });
});
