import type { Config } from 'jest';

// The browser suite: its own Jest configuration, kept out of `npm test` (CI runs it afterwards).
const TEST_TIMEOUT_MS = 90_000;

const config: Config = {
  // Relative to this file (Jest resolves it): no __dirname, since Node 22.18+ loads this file
  // natively as an ES module, where __dirname is not defined.
  rootDir: '../..',
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'CommonJS' } }],
    // typebox ships ES modules only (as in jest.config.ts): the server's configuration schema uses it.
    '^.+/typebox/.+\\.mjs$': ['ts-jest', { tsconfig: { module: 'CommonJS', allowJs: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: TEST_TIMEOUT_MS,
  // Each file starts its own portal and Chromium; two at a time suit a 2-core machine.
  maxWorkers: 2,
};

export default config;
