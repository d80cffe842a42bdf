import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeProviderContract } from '../../../testing/providerContract';
import { SANDBOX_STAFF_GROUPS } from './dataset';
import { openSandbox, type Sandbox } from './index';

// The shared provider contract, against a real SQLite file in a fresh directory per test.
describeProviderContract(
  'sandbox',
  async (settings = {}) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-contract-'));
    let clock = Date.now();
    const now = () => clock;
    let sandbox: Sandbox = await openSandbox({ dataDir, now, ...settings });
    return {
      provider: sandbox.provider,
      signIn: async (email, scopes) => sandbox.issueToken(email, [...scopes]).access_token,
      advanceClock: (ms) => {
        clock += ms;
      },
      replaceAccount: async (email) => sandbox.replaceAccount(email),
      staffGroups: SANDBOX_STAFF_GROUPS,
      restart: async () => {
        sandbox.close();
        sandbox = await openSandbox({ dataDir, now, ...settings });
        return sandbox.provider;
      },
      close: async () => {
        sandbox.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
  { restartable: true },
);
