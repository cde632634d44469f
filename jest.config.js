/**
 * Jest runs two projects: `node` (core, sdk, cli, server, e2e) and `web` (jsdom).
 * ts-jest transpiles only (isolatedModules); `npm run typecheck` does the type checking.
 */
const os = require('node:os');

const tsJest = [
  'ts-jest',
  { tsconfig: { module: 'commonjs', jsx: 'react-jsx', isolatedModules: true }, diagnostics: false },
];
const transform = {
  '^.+\\.(t|j|mj)sx?$': tsJest,
  // A stylesheet is imported as its text, as webpack's `asset/source` does.
  '^.+\\.css$': '<rootDir>/__tests__/support/cssTransform.js',
};
// ESM-only packages that must be transpiled for Jest's CommonJS runtime.
const esmPackages = ['country-flag-icons', 'cookie', 'uplot'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];
// Exclusive suites one at a time beside the others (see the file).
const runner = '<rootDir>/__tests__/support/jestRunner.js';
// Longest first, by the recorded durations on a fresh clone (see the file).
const testSequencer = '<rootDir>/__tests__/support/jestSequencer.js';

/** @type {import('jest').Config} */
module.exports = {
  // Two workers per core, at least four: one for the exclusive lane, the others for the shared
  // lane (see __tests__/support/jestRunner.js). The suites mostly wait (on the servers, browsers
  // and timers they start): with one worker per core, a whole run on two cores used 1.3 of them.
  maxWorkers: Math.max(4, os.availableParallelism() * 2),
  // Hooks too: an app with its migrations can take longer than 30 s to start on two busy cores.
  testTimeout: 120_000,
  // Makes the migrated PGlite cluster that every new test database starts from (see the file).
  globalSetup: '<rootDir>/__tests__/support/globalSetup.js',
  testSequencer,
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/{core,sdk,cli,server,e2e}/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
      runner,
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/__tests__/web/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      transform,
      transformIgnorePatterns,
      runner,
    },
  ],
};
