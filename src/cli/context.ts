/**
 * What every command runs with: the resolved settings, the process's streams, the API client of
 * the service (from its `/app-config.json`) and, loaded only by the commands that need it, the
 * identity client holding the profile's session. Commands take a {@link CommandContext}, so they
 * run the same from the command line and from tests.
 */
import type { AppConfig } from '../core/appConfig';
import { createHttpClient, type HttpClient } from '../sdk/http';
import type { IdentityClient, IdentitySession } from '../sdk/identity';
import { fetchAppConfig } from '../sdk/publicApi';
import { NotSignedInError } from './errors';
import {
  defaultConfigPath,
  readUserConfig,
  resolveSettings,
  writeUserConfig,
  type GlobalFlags,
  type Profile,
  type Settings,
  type UserConfig,
} from './profile';

/** The process's side of the CLI: output lines, input, terminal flags and environment. */
export interface CliIO {
  /** Writes one line of data to stdout. */
  stdout: (text: string) => void;
  /** Writes one line of messages to stderr. */
  stderr: (text: string) => void;
  /** The stream stderr lines go to (spinners and prompts draw on it). */
  stderrStream: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
  /** Directory relative output paths are resolved from. */
  cwd: string;
}

/** The runtime dependencies of a command. */
export interface CommandContext {
  settings: Settings;
  io: CliIO;
  /** The selected profile; changes (email, url) are saved when the command ends. */
  profile: Profile;
  /** The API client of the service (its `apiBaseUrl`); sends the session's id token. */
  api(): Promise<HttpClient>;
  /** The identity client of the service, holding the profile's session. */
  identity(): Promise<IdentityClient>;
  /**
   * The session, refreshed with the refresh token when expired (as the web app does).
   * @throws NotSignedInError without a session or when its refresh is refused.
   */
  requireSession(): Promise<IdentitySession>;
  /** Prints `data` as JSON on stdout with `--json`, else runs `human`. */
  output(data: unknown, human: () => void): void;
}

/** A context plus what to do when the command ends. */
export interface RunningContext extends CommandContext {
  /** Saves the session (refreshed, new or removed) and profile changes to the user config file. */
  finish(): Promise<void>;
}

/** Builds the context of one command run from the global flags and the user config file. */
export async function createContext(flags: GlobalFlags, io: CliIO): Promise<RunningContext> {
  const configFile = flags.config || defaultConfigPath(io.env);
  const config: UserConfig = await readUserConfig(configFile);
  const settings = resolveSettings(flags, config, configFile, io.env);
  const profile: Profile = { ...config.profiles[settings.profile] };
  const savedProfile = JSON.stringify(profile);

  let appConfig: Promise<AppConfig> | undefined;
  const loadAppConfig = () =>
    (appConfig ??= fetchAppConfig(createHttpClient({ baseUrl: settings.url })));

  let identity: Promise<{ client: IdentityClient; tokens: () => Record<string, string> }>;
  const loadIdentity = () =>
    (identity ??= (async () => {
      const [{ createIdentityClient, MemoryStorage }, app] = await Promise.all([
        import('../sdk/identity'),
        loadAppConfig(),
      ]);
      const storage = new MemoryStorage();
      for (const [key, value] of Object.entries({ ...profile.device, ...profile.session })) {
        storage.setItem(key, value);
      }
      return {
        client: createIdentityClient(app, storage),
        tokens: () => Object.fromEntries(storage.entries()),
      };
    })());

  const requireSession = async (): Promise<IdentitySession> => {
    if (!profile.session) throw new NotSignedInError();
    const { client } = await loadIdentity();
    try {
      return await client.currentSession();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'NotAuthenticated' || code === 'NotAuthorizedException') {
        throw new NotSignedInError();
      }
      throw error;
    }
  };

  let api: Promise<HttpClient> | undefined;
  return {
    settings,
    io,
    profile,
    api: () =>
      (api ??= loadAppConfig().then(({ apiBaseUrl }) =>
        createHttpClient({
          baseUrl: apiBaseUrl,
          getIdToken: async () => (await requireSession()).idToken,
        }),
      )),
    identity: async () => (await loadIdentity()).client,
    requireSession,
    output(data, human) {
      if (settings.json) io.stdout(JSON.stringify(data, null, 2));
      else human();
    },
    async finish() {
      if (identity) {
        const entries = (await identity.catch(() => undefined))?.tokens();
        if (entries) {
          const { session, device } = splitDeviceEntries(entries);
          if (Object.keys(session).length > 0) profile.session = session;
          else delete profile.session;
          if (Object.keys(device).length > 0) profile.device = device;
          else delete profile.device;
        }
      }
      if (JSON.stringify(profile) === savedProfile) return;
      const latest = await readUserConfig(configFile);
      latest.profiles[settings.profile] = profile;
      await writeUserConfig(configFile, latest, { defaultFolder: !flags.config });
    },
  };
}

/** Storage keys of the library's remembered-device entries (they outlive a sign-out). */
const DEVICE_KEY_SUFFIXES = ['.deviceKey', '.deviceGroupKey', '.randomPasswordKey'];

/** Splits the identity storage's entries into the session's and the device's. */
function splitDeviceEntries(entries: Record<string, string>): {
  session: Record<string, string>;
  device: Record<string, string>;
} {
  const session: Record<string, string> = {};
  const device: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (DEVICE_KEY_SUFFIXES.some((suffix) => key.endsWith(suffix))) device[key] = value;
    else session[key] = value;
  }
  return { session, device };
}
