/**
 * The built programs the tests start as child processes: the bundles `npm start` and
 * `npm run host` run (dist/server/*.cjs), built first when missing or older than their sources
 * (scripts/build.js `--if-stale`, which makes concurrent builds take turns). Starting a bundle
 * costs about a quarter less CPU than compiling the sources with tsx on every start, and tests
 * what a release runs.
 */
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** A part of the build: scripts/build.js's names. */
export type BuildPart = 'server' | 'web' | 'cli';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { build } = require(path.join(ROOT, 'scripts/build.js')) as {
  build(parts: BuildPart[], options: { ifStale: boolean }): string[];
};

/** Builds `parts` when missing or older than their sources (synchronous; may take a minute). */
export function ensureBuilt(parts: BuildPart[]): void {
  build(parts, { ifStale: true });
}

/**
 * The path of the built `program` (dist/server/<program>.cjs), its part built first when stale.
 */
export function builtProgram(program: 'server' | 'host' | 'backup'): string {
  ensureBuilt(['server']);
  return path.join(ROOT, 'dist', 'server', `${program}.cjs`);
}
