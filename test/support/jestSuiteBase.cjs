// What the browser suite's and the security suite's Jest configurations share: CommonJS, which
// both ts-node (Node 20) and Node's own loading of the configurations as ES modules can import.
'use strict';

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'CommonJS' } }],
    // typebox ships ES modules only (as in jest.config.ts): the contract's schemas and the server's
    // configuration schema use it.
    '^.+/typebox/.+\\.mjs$': ['ts-jest', { tsconfig: { module: 'CommonJS', allowJs: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!typebox/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
