import type { Config } from 'jest';

// One transform for every project: ts-jest in transpile-only mode (tsconfig has isolatedModules),
// emitting CommonJS so Jest can load it without ESM flags.
const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'CommonJS', jsx: 'react-jsx' } }],
  // typebox ships ES modules only; Jest on Node 20 cannot require them untransformed.
  '^.+/typebox/.+\\.mjs$': ['ts-jest', { tsconfig: { module: 'CommonJS', allowJs: true } }],
};
/** node_modules stay untransformed, except typebox's ES modules (above). */
const transformIgnorePatterns = ['/node_modules/(?!typebox/)'];
const moduleFileExtensions = ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'];
const loadTypebox = '<rootDir>/src/testing/client/loadTypebox.ts';
// jsdom with Node's fetch classes, which React Router's data router builds its requests with.
const browserLike = 'jest-fixed-jsdom';

const config: Config = {
  // The scenario report is written (and its path printed) when a scenario replay fails.
  reporters: ['default', '<rootDir>/scripts/scenario-report-reporter.js'],
  projects: [
    {
      displayName: 'client',
      testEnvironment: browserLike,
      roots: ['<rootDir>/src/client', '<rootDir>/src/contract'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/client/setupTests.ts', loadTypebox],
      transform,
      transformIgnorePatterns,
      moduleFileExtensions,
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/testing/client/fileStub.ts' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server'],
      transform,
      transformIgnorePatterns,
      moduleFileExtensions,
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
      moduleFileExtensions,
      setupFilesAfterEnv: [loadTypebox],
    },
    {
      // Scenarios replayed through the real screen in jsdom (docs/scenarios.md).
      displayName: 'scenarios-ui',
      testEnvironment: browserLike,
      roots: ['<rootDir>/src/scenarios'],
      testMatch: ['**/*.ui.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/client/setupTests.ts', loadTypebox],
      transform,
      transformIgnorePatterns,
      moduleFileExtensions,
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/testing/client/fileStub.ts' },
    },
  ],
};

export default config;
