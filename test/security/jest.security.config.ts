import type { Config } from 'jest';
import suiteBase from '../support/jestSuiteBase.cjs';

// `npm run test:security`: the authorization matrix, fuzzing, sessions, headers and crash safety
// (docs/security.md). Its own configuration, kept out of `npm test`; CI runs it after `npm test`.
const TEST_TIMEOUT_MS = 120_000;

const config: Config = {
  // Relative to this file (Jest resolves it): Node 22.18+ loads this file as an ES module, where
  // __dirname is not defined.
  rootDir: '../..',
  displayName: 'security',
  ...suiteBase,
  roots: ['<rootDir>/test/security'],
  testMatch: ['**/*.security.test.ts'],
  testTimeout: TEST_TIMEOUT_MS,
  // The crash test starts real portal processes; two files at a time suit a 2-core machine.
  maxWorkers: 2,
};

export default config;
