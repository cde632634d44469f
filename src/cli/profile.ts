/**
 * The CLI's user config file (spec §2 /doc-cli): `<user config dir>/peanut/config.json`, a JSON
 * object with a `profiles` map selected by name; the default profile is called `default`.
 * The file may hold tokens, so it is written with mode 0600.
 */
import { mkdir, readFile, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import envPaths from 'env-paths';

/** Name of the profile used when none is given. */
export const DEFAULT_PROFILE = 'default';
/** Service origin used when a profile names none. */
export const DEFAULT_URL = 'http://localhost:8080';

/** One profile of the user config file. */
export interface Profile {
  /** Service origin, e.g. `http://localhost:8080`. */
  url?: string;
  /** Account email, once registered. */
  email?: string;
}

/** The whole user config file. */
export interface UserConfig {
  profiles: Record<string, Profile>;
}

/** Default location of the user config file for this OS user. */
export function defaultConfigPath(): string {
  return path.join(envPaths('peanut', { suffix: '' }).config, 'config.json');
}

/** Reads the user config file; a missing file is an empty config. @throws on unreadable JSON */
export async function readUserConfig(file: string): Promise<UserConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<UserConfig>;
  return { profiles: parsed.profiles ?? {} };
}

/** Writes the user config file with mode 0600 (its folder 0700). */
export async function writeUserConfig(file: string, config: UserConfig): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  await chmod(file, 0o600);
}
