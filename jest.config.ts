import type { Config } from 'jest';

// One transform for every project: ts-jest in transpile-only mode (tsconfig has isolatedModules),
// emitting CommonJS so Jest can load it without ESM flags.
const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'CommonJS', jsx: 'react-jsx' } }],
};

// @fastify/cookie loads the ESM-only `cookie` package with import(), which Jest's CommonJS runtime
// cannot run without --experimental-vm-modules; the server projects compile both to CommonJS.
const esmForServer = ['cookie', '@fastify/cookie'];
const serverTransform: Config['transform'] = {
  ...transform,
  [`/node_modules/(${esmForServer.join('|')})/.+\\.js$`]: [
    'ts-jest',
    { tsconfig: { module: 'CommonJS', allowJs: true } },
  ],
};
const serverTransformIgnorePatterns = [`/node_modules/(?!(${esmForServer.join('|')})/)`];

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/client', '<rootDir>/src/contract'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setupTests.ts'],
      transform,
      moduleNameMapper: { '\\.(css|svg|png)$': '<rootDir>/src/client/test/fileStub.ts' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server'],
      transform: serverTransform,
      transformIgnorePatterns: serverTransformIgnorePatterns,
    },
    {
      displayName: 'scenarios',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/scenarios'],
      transform: serverTransform,
      transformIgnorePatterns: serverTransformIgnorePatterns,
    },
  ],
};

export default config;
