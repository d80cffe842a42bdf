import { spawn } from 'node:child_process';
import path from 'node:path';
import { GROUP_SETUP_SCOPES } from '../providers/google/delegateGroups';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../../testing/fakeGoogle';
import { GOOGLE_SCOPES } from '../providers/google/googleProvider';
import { readGoogleOptions } from '../providers/google/options';
import { runGooglePreflight, type CheckResult } from '../providers/google/preflight';
import { createResellerTokens } from '../providers/google/credentials';

// `npm run google:check` (docs/google-setup.md, step 7): one call per Google API with the portal's own
// configuration, one line per check, the setting that fixes a failure, and a non-zero exit on one.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CHECK = path.join(ROOT, 'src', 'server', 'googleCheck.ts');
/** Upper bound for one run under tsx on a slow machine. */
const RUN_TIMEOUT_MS = 30_000;

let fake: FakeGoogle;
beforeEach(async () => {
  fake = await startFakeGoogle();
});
afterEach(async () => {
  await fake.close();
});

function check(customerId?: string, keyless = false): Promise<CheckResult[]> {
  const configured = readGoogleOptions(fakeGoogleEnv(fake, 'unused-session-secret'));
  // Keyless: signJwt as the service account, the runtime's token from the fake metadata server.
  const google = keyless
    ? {
        ...configured,
        serviceAccountKey: undefined,
        serviceAccountEmail: fake.serviceAccountEmail,
        runtimeAccessToken: () => fake.runtimeToken(),
      }
    : configured;
  const tokens = createResellerTokens(google);
  return runGooglePreflight({
    google,
    tokens,
    ...(customerId === undefined ? {} : { customerId }),
  });
}

const named = (results: CheckResult[], name: string) => {
  const found = results.find((result) => result.name === name);
  if (found === undefined) throw new Error(`no check named ${name}`);
  return found;
};

describe('google:check against the fake Google', () => {
  it('passes every check with a complete set-up, on the first customer the reseller lists', async () => {
    const results = await check();
    expect(results.filter((result) => !result.ok)).toEqual([]);
    expect(results.map((result) => result.name)).toEqual([
      ...[...Object.values(GOOGLE_SCOPES), ...Object.values(GROUP_SETUP_SCOPES)].map(
        (scope) => `credentials for ${scope}`,
      ),
      'reseller subscriptions',
      'reseller customer',
      'customer subscriptions',
      'customer directory user',
      'delegate group',
      'delegate group settings',
    ]);
    expect(named(results, 'reseller subscriptions').detail).toBe('first customer C0acme001');
    expect(named(results, 'customer subscriptions').detail).toContain(
      'Workspace subscription sub-acme-001',
    );
    expect(named(results, 'delegate group settings').detail).toContain(
      'accepts members from outside the reseller',
    );
  });

  it('checks the customer it is given', async () => {
    const results = await check('C0flex001');
    expect(results.map((result) => result.name)).not.toContain('reseller subscriptions');
    expect(named(results, 'reseller customer').detail).toBe('C0flex001 is flex.example');
    expect(named(results, 'customer directory user').detail).toBe('read admin@flex.example');
  });

  it("names the scope that the reseller's domain-wide delegation lacks", async () => {
    fake.withdrawDelegation(GROUP_SETUP_SCOPES.groupSettings);
    const failed = named(await check(), `credentials for ${GROUP_SETUP_SCOPES.groupSettings}`);
    expect(failed.ok).toBe(false);
    expect(failed.fix).toContain('Manage domain-wide delegation');
    expect(failed.fix).toContain(GROUP_SETUP_SCOPES.groupSettings);
  });

  it('passes keyless, and names the role a keyless runtime lacks', async () => {
    expect((await check(undefined, true)).filter((result) => !result.ok)).toEqual([]);
    fake.iam.tokenCreators.clear();
    const failed = named(
      await check(undefined, true),
      `credentials for ${GOOGLE_SCOPES.resellerOrders}`,
    );
    expect(failed.ok).toBe(false);
    expect(failed.fix).toContain('Service Account Token Creator');
  });

  it('names the API to enable when Google says it is disabled', async () => {
    // Google's newer front ends: details[] (ErrorInfo SERVICE_DISABLED) and no errors[].
    fake.failNext('GET', /^\/admin\/directory\/v1\/users$/, { errorInfo: 'SERVICE_DISABLED' });
    const failed = named(await check(), 'customer directory user');
    expect(failed).toMatchObject({ ok: false });
    expect(failed.detail).toMatch(/^HTTP 403 accessNotConfigured: .*has not been used/);
    expect(failed.fix).toBe(
      'Cloud console → APIs & Services → Library: enable the Admin SDK API in the project of the service account.',
    );
  });

  it('reports a delegate group refusing outsiders, and one not made yet', async () => {
    const group = fake.groupTemplate
      .replaceAll('{kind}', 'licence')
      .replaceAll('{customerId}', 'c0acme001');
    // As groups.insert leaves it: internal.
    fake.createGroup(group);
    expect(fake.groupSettings(group)?.allowExternalMembers).toBe('false');
    expect(named(await check(), 'delegate group settings').detail).toContain(
      'refuses outside members; the next delegate add sets it',
    );
    fake.deleteGroup(group);
    expect(named(await check(), 'delegate group').detail).toBe(
      `${group} does not exist yet; the first delegate add creates it`,
    );
  });
});

describe('npm run google:check', () => {
  function runCheck(args: string[]) {
    return new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [TSX_CLI, CHECK, ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...fakeGoogleEnv(fake, 'unused-session-secret') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout });
      });
    });
  }

  it(
    'prints a line per check and exits 0 when all pass, non-zero with the fix when one fails',
    async () => {
      const passed = await runCheck([]);
      expect(passed.code).toBe(0);
      expect(passed.stdout).toMatch(
        /^ok {3}credentials for https:\/\/www\.googleapis\.com\/auth\/apps\.order: /m,
      );
      expect(passed.stdout).toMatch(/^All \d+ checks passed\.$/m);

      fake.withdrawDelegation(GOOGLE_SCOPES.resellerOrders);
      const failed = await runCheck(['C0acme001']);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(
        /^FAIL credentials for https:\/\/www\.googleapis\.com\/auth\/apps\.order: HTTP 401/m,
      );
      expect(failed.stdout).toMatch(/^ {5}fix: Admin console .* domain-wide delegation/m);
      expect(failed.stdout).toMatch(/^\d+ of \d+ checks failed\.$/m);
    },
    2 * RUN_TIMEOUT_MS,
  );
});
