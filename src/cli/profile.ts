/**
 * The CLI's user config file (spec §2 /doc-cli): `<user config dir>/peanut/config.json`, a JSON
 * object with a `profiles` map selected by name; the default profile is called `default`. A
 * profile holds the service URL, the account email and the session tokens, so the file is
 * written with mode 0600; the default config folder (PEANUT_CONFIG_DIR or the OS one) is kept at
 * mode 0700, while the folder of a `--config <file>` is the user's and left as it is.
 *
 * Settings resolve highest first: flag, environment (`PEANUT_URL`, `PEANUT_PROFILE`,
 * `PEANUT_CONFIG_DIR`), the profile, the default (`http://localhost:8080`).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import envPaths from 'env-paths';

/** Name of the profile used when none is given. */
export const DEFAULT_PROFILE = 'default';
/** Service origin used when neither flag, environment nor profile names one. */
export const DEFAULT_URL = 'http://localhost:8080';
/** Name of the user config file in its folder. */
export const CONFIG_FILE_NAME = 'config.json';

/** One profile of the user config file. */
export interface Profile {
  /** Service origin, e.g. `http://localhost:8080`. */
  url?: string;
  /** Account email, set by register and login. */
  email?: string;
  /**
   * The identity session: the token storage entries of amazon-cognito-identity-js (id, access
   * and refresh tokens, clock drift, last user), as the web app keeps them in local storage.
   */
  session?: Record<string, string>;
  /**
   * The device the identity provider tracks for this profile: the library's device
   * key, group key and random password entries, kept across sign-outs (as the web app's local
   * storage keeps them) so signing in again is the same device.
   */
  device?: Record<string, string>;
}

/** The whole user config file. */
export interface UserConfig {
  profiles: Record<string, Profile>;
}

/** Global options of every command, as parsed. */
export interface GlobalFlags {
  /** `--profile <name>`. */
  profile?: string;
  /** `--url <origin>`. */
  url?: string;
  /** `--config <file>`. */
  config?: string;
  /** `--json`. */
  json?: boolean;
}

/** The settings a command runs with. */
export interface Settings {
  /** Service origin, without a trailing slash. */
  url: string;
  /** Profile name. */
  profile: string;
  /** Path of the user config file. */
  configFile: string;
  /** Print data only, as JSON, on stdout. */
  json: boolean;
}

/** Default location of the user config file: `PEANUT_CONFIG_DIR`, else the OS config folder. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.PEANUT_CONFIG_DIR || envPaths('peanut', { suffix: '' }).config;
  return path.join(dir, CONFIG_FILE_NAME);
}

/**
 * Reads the user config file; a missing file is an empty config.
 * @throws Error 'Invalid user config file {file}: ...' for unreadable JSON.
 */
export async function readUserConfig(file: string): Promise<UserConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  let parsed: Partial<UserConfig>;
  try {
    parsed = JSON.parse(text) as Partial<UserConfig>;
  } catch (error) {
    throw new Error(`Invalid user config file ${file}: ${(error as Error).message}`);
  }
  return { profiles: parsed.profiles ?? {} };
}

/** Options of {@link writeUserConfig}. */
export interface WriteUserConfigOptions {
  /**
   * The file is in the default config folder (PEANUT_CONFIG_DIR or the OS one), peanut's own:
   * created when missing and kept at mode 0700. Otherwise (`--config <file>`) the folder is the
   * user's: it must exist, and its mode is left as it is.
   */
  defaultFolder: boolean;
}

/**
 * Writes the user config file with mode 0600, replacing it atomically (a temporary file renamed),
 * so a reader never sees half a file. The temporary file, `<file>.<random>.tmp`, is created
 * exclusively (O_EXCL: a file or symlink already at that path is neither followed nor
 * overwritten) with mode 0600, and removed when the write fails.
 * @throws Error 'Cannot write the user config file {file}: no folder {dir}' for a `--config`
 *   file in a folder that does not exist; else the file system's error.
 */
export async function writeUserConfig(
  file: string,
  config: UserConfig,
  options: WriteUserConfigOptions,
): Promise<void> {
  const dir = path.dirname(file);
  if (options.defaultFolder) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
  }
  const tmp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const handle = await open(tmp, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new Error(`Cannot write the user config file ${file}: no folder ${dir}`);
  });
  try {
    try {
      await handle.chmod(0o600); // whatever the umask
      await handle.writeFile(JSON.stringify(config, null, 2) + '\n');
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

/** Resolves the settings: flag, then environment, then the profile, then the default. */
export function resolveSettings(
  flags: GlobalFlags,
  config: UserConfig,
  configFile: string,
  env: NodeJS.ProcessEnv = process.env,
): Settings {
  const profile = flags.profile || env.PEANUT_PROFILE || DEFAULT_PROFILE;
  const url = flags.url || env.PEANUT_URL || config.profiles[profile]?.url || DEFAULT_URL;
  return { url: url.replace(/\/+$/, ''), profile, configFile, json: flags.json ?? false };
}
