import type { Config } from 'jest';

// `npm run test:security`: the authorization matrix, fuzzing, sessions, headers and crash safety
// (docs/security.md). Its own configuration, kept out of `npm test`; CI runs it after `npm test`.
const TEST_TIMEOUT_MS = 120_000;

const config: Config = {
  // Relative to this file (Jest resolves it): Node 22.18+ loads this file as an ES module, where
  // __dirname is not defined.
  rootDir: '../..',
  displayName: 'security',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/security'],
  testMatch: ['**/*.security.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'CommonJS' } }],
    // typebox ships ES modules only (as in jest.config.ts): the contract's schemas and the configuration schema use it.
    '^.+/typebox/.+\\.mjs$': ['ts-jest', { tsconfig: { module: 'CommonJS', allowJs: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: TEST_TIMEOUT_MS,
  // The crash test starts real portal processes; two files at a time suit a 2-core machine.
  maxWorkers: 2,
};

export default config;
