/**
 * Jest runs two projects: `node` (core, sdk, cli, server, e2e) and `web` (jsdom).
 * ts-jest transpiles only (isolatedModules); `npm run typecheck` does the type checking.
 */
const tsJest = [
  'ts-jest',
  { tsconfig: { module: 'commonjs', jsx: 'react-jsx', isolatedModules: true }, diagnostics: false },
];
const transform = { '^.+\\.(t|j|mj)sx?$': tsJest };
// ESM-only packages that must be transpiled for Jest's CommonJS runtime.
const esmPackages = ['country-flag-icons', 'cookie'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

/** @type {import('jest').Config} */
module.exports = {
  // Hooks too: an app with its migrations can take longer than 30 s to start on two busy cores.
  testTimeout: 120_000,
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/{core,sdk,cli,server,e2e}/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/__tests__/web/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      transform,
      transformIgnorePatterns,
    },
  ],
};
