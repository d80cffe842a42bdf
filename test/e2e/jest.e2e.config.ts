import type { Config } from 'jest';
import suiteBase from '../support/jestSuiteBase.cjs';

// The browser suite: its own Jest configuration, kept out of `npm test` (CI runs it afterwards).
const TEST_TIMEOUT_MS = 90_000;

const config: Config = {
  // Relative to this file (Jest resolves it): no __dirname, since Node 22.18+ loads this file
  // natively as an ES module, where __dirname is not defined.
  rootDir: '../..',
  displayName: 'e2e',
  ...suiteBase,
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  testTimeout: TEST_TIMEOUT_MS,
  // Each file starts its own portal and Chromium; two at a time suit a 2-core machine.
  maxWorkers: 2,
};

export default config;
