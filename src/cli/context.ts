/**
 * What every command gets: the resolved service URL, an SDK HTTP client and output streams.
 * Commands take a `CommandContext` so tests can run them without a process.
 */
import { createHttpClient, type HttpClient } from '../sdk/http';
import { DEFAULT_PROFILE, DEFAULT_URL, defaultConfigPath, readUserConfig } from './profile';

/** Options every command accepts. */
export interface GlobalOptions {
  /** Profile name in the user config file; default `default`. */
  profile?: string;
  /** Service origin; overrides the profile's. */
  url?: string;
  /** Path of the user config file; default in the user's config directory. */
  config?: string;
  /** Print data only, as JSON, to stdout. */
  json?: boolean;
}

/** Runtime dependencies of a command. */
export interface CommandContext {
  /** Service origin the commands talk to. */
  baseUrl: string;
  http: HttpClient;
  json: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Builds the context from global options and the user config file. */
export async function createContext(
  options: GlobalOptions,
  io: Pick<CommandContext, 'stdout' | 'stderr'>,
): Promise<CommandContext> {
  const config = await readUserConfig(options.config ?? defaultConfigPath());
  const profile = config.profiles[options.profile ?? DEFAULT_PROFILE] ?? {};
  const baseUrl = options.url ?? profile.url ?? process.env.PEANUT_URL ?? DEFAULT_URL;
  return { baseUrl, http: createHttpClient({ baseUrl }), json: options.json ?? false, ...io };
}
