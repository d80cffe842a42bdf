import type { Config } from 'jest';

// One transform for every project: ts-jest in transpile-only mode (tsconfig has isolatedModules),
// emitting CommonJS so Jest can load it without ESM flags.
const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'CommonJS', jsx: 'react-jsx' } }],
  // typebox ships ES modules only (src/contract's schemas, docs/architecture.md): compiled the same way.
  '^.+\\.mjs$': ['ts-jest', { tsconfig: { module: 'CommonJS', allowJs: true } }],
};
/** Packages published as ES modules only, which Jest's CommonJS runtime needs compiled. */
const transformIgnorePatterns = ['/node_modules/(?!typebox/)'];
const loadTypebox = '<rootDir>/src/client/test/loadTypebox.ts';

const config: Config = {
  // The scenario report is written (and its path printed) when a scenario replay fails.
  reporters: ['default', '<rootDir>/scripts/scenario-report-reporter.js'],
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/client', '<rootDir>/src/contract'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setupTests.ts', loadTypebox],
      transform,
      transformIgnorePatterns,
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/client/test/fileStub.ts' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'scenarios',
      testEnvironment: 'node',
      // test/scenarios: what needs both the recorder and the replay, which never import each other.
      roots: [
        '<rootDir>/src/scenarios',
        '<rootDir>/src/scenarioFormat',
        '<rootDir>/test/scenarios',
      ],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns,
      setupFilesAfterEnv: [loadTypebox],
    },
    {
      // Scenarios replayed through the real screen in jsdom (docs/scenarios.md).
      displayName: 'scenarios-ui',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/scenarios'],
      testMatch: ['**/*.ui.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setupTests.ts', loadTypebox],
      transform,
      transformIgnorePatterns,
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/client/test/fileStub.ts' },
    },
  ],
};

export default config;
