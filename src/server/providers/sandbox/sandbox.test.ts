import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIGN_IN_SCOPES } from '../../../contract/limits';
import { openSandbox, resetSandbox } from './index';
import { SANDBOX_TOKEN_LIFETIME_SECONDS } from './tokens';

// What the sandbox adds beyond the shared contract: its files, its popup's token issue, and the
// write lock shared by two processes on one data directory.

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

it('creates the data directory and its database on first open', async () => {
  const nested = path.join(dataDir, 'fresh', 'dir');
  const sandbox = await openSandbox({ dataDir: nested });
  expect(existsSync(path.join(nested, 'sandbox.db'))).toBe(true);
  expect(sandbox.provider.kind).toBe('sandbox');
  expect(sandbox.provider.resellerName).toBe('Sandbox Reseller');
  sandbox.close();
});

it('seeds only on first open, and again after a reset', async () => {
  let sandbox = await openSandbox({ dataDir });
  await sandbox.provider.changeSeats('C0acme001', 'sub-acme-001', 30);
  sandbox.close();

  sandbox = await openSandbox({ dataDir });
  await expect(sandbox.provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
    numberOfSeats: 30,
  });
  sandbox.close();

  resetSandbox(dataDir);
  expect(existsSync(path.join(dataDir, 'sandbox.db'))).toBe(false);
  sandbox = await openSandbox({ dataDir });
  await expect(sandbox.provider.findWorkspaceSubscription('C0acme001')).resolves.toMatchObject({
    numberOfSeats: 20,
  });
  sandbox.close();
});

/** Upper bound for one run of `npm run sandbox:reset` under tsx on a loaded machine. */
const SCRIPT_TIMEOUT_MS = 60_000;

it(
  'npm run sandbox:reset reads PORTAL_DATA_DIR as the portal does: blank is unset, so .data where it runs',
  async () => {
    const folder = path.join(dataDir, '.data');
    (await openSandbox({ dataDir: folder })).close();
    const script = path.resolve(__dirname, '..', '..', '..', '..', 'scripts', 'sandbox-reset.js');
    const run = spawnSync(process.execPath, [script], {
      cwd: dataDir,
      env: { PATH: process.env.PATH, PORTAL_DATA_DIR: ' ' },
      encoding: 'utf8',
      timeout: SCRIPT_TIMEOUT_MS,
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain(`Sandbox reset: ${folder} will be re-seeded on the next start.`);
    expect(existsSync(path.join(folder, 'sandbox.db'))).toBe(false);
  },
  SCRIPT_TIMEOUT_MS,
);

it('uses a configured reseller name', async () => {
  const sandbox = await openSandbox({ dataDir, resellerName: 'Example Partner' });
  expect(sandbox.provider.resellerName).toBe('Example Partner');
  sandbox.close();
});

describe('issueToken', () => {
  it('issues an opaque bearer token for the ticked scopes, valid for 3599 s', async () => {
    let clock = 1_000_000;
    const sandbox = await openSandbox({ dataDir, now: () => clock });
    const issued = sandbox.issueToken('Admin@Acme.example', ['email', 'profile']);
    expect(issued).toEqual({
      access_token: expect.stringMatching(/^\S{40,}$/),
      expires_in: SANDBOX_TOKEN_LIFETIME_SECONDS,
      scope: 'email profile',
      token_type: 'Bearer',
    });
    expect(issued.access_token).not.toContain('admin');
    await expect(sandbox.provider.verifyToken(issued.access_token)).resolves.toEqual({
      email: 'admin@acme.example',
      sub: (await sandbox.provider.lookupDirectoryUser('admin@acme.example'))?.id,
      emailVerified: true,
      scopes: ['email', 'profile'],
      expiresAt: 1_000_000 + 3_599_000,
    });
    clock += 3_598_999;
    await expect(sandbox.provider.verifyToken(issued.access_token)).resolves.not.toBeNull();
    clock += 1;
    await expect(sandbox.provider.verifyToken(issued.access_token)).resolves.toBeNull();
    sandbox.close();
  });

  it('issues a different token every time', async () => {
    const sandbox = await openSandbox({ dataDir });
    const first = sandbox.issueToken('admin@acme.example', [...SIGN_IN_SCOPES]);
    const second = sandbox.issueToken('admin@acme.example', [...SIGN_IN_SCOPES]);
    expect(first.access_token).not.toBe(second.access_token);
    sandbox.close();
  });

  it('refuses an account the directory does not know with 404', async () => {
    const sandbox = await openSandbox({ dataDir });
    expect(sandbox.hasAccount('someone@stranger.example')).toBe(true);
    expect(sandbox.hasAccount('ghost@acme.example')).toBe(false);
    expect(() => sandbox.issueToken('ghost@acme.example', ['email'])).toThrow(
      expect.objectContaining({ code: 404, status: 'NOT_FOUND' }),
    );
    sandbox.close();
  });
});

describe('lookupDirectoryUser', () => {
  it("gives a replaced account a new id, and its old account's tokens keep the old one", async () => {
    const sandbox = await openSandbox({ dataDir });
    const token = sandbox.issueToken('staff@acme.example', [...SIGN_IN_SCOPES]).access_token;
    const before = await sandbox.provider.lookupDirectoryUser('staff@acme.example');
    sandbox.replaceAccount('staff@acme.example');
    const after = await sandbox.provider.lookupDirectoryUser('staff@acme.example');
    expect(after?.id).toMatch(/^\d{21}$/);
    expect(after?.id).not.toBe(before?.id);
    await expect(sandbox.provider.verifyToken(token)).resolves.toMatchObject({ sub: before?.id });
    sandbox.close();
  });

  it('serves the seeded photo path for the acme admin', async () => {
    const sandbox = await openSandbox({ dataDir });
    await expect(sandbox.provider.lookupDirectoryUser('admin@acme.example')).resolves.toEqual({
      id: expect.stringMatching(/^\d{21}$/),
      email: 'admin@acme.example',
      isAdmin: true,
      thumbnailPhotoUrl: '/sandbox/photos/admin-acme.svg',
      customerId: 'C0acme001',
      aliases: [],
    });
    sandbox.close();
  });
});

it('refuses delegates for a customer the reseller does not have', async () => {
  const sandbox = await openSandbox({ dataDir });
  await expect(
    sandbox.provider.addDelegate('licence', 'C0nobody', 'a@b.example'),
  ).rejects.toMatchObject({ code: 404 });
  sandbox.close();
});
