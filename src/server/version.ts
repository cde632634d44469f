/**
 * The version of this release (package.json's, semantic versioning; CHANGELOG.md lists what each
 * one changed). Bundled into dist/server by esbuild, read from package.json under tsx.
 */
import { version } from '../../package.json';

/** The release's semantic version, e.g. `1.0.0`. */
export const VERSION: string = version;
