/**
 * Starts the real application in-process, listening on a random loopback port, on an in-memory
 * PGlite (SDK and CLI tests talk to it over HTTP, as users do).
 */
import { buildApp, type App } from '../../src/server/app';
import { loadConfig, type Env } from '../../src/server/config';
import { MEMORY_DATA_DIR } from '../../src/server/db';
import { TEST_SERVER_ENV } from './helpers';

/** A listening application. */
export interface LiveServer {
  app: App;
  /** Origin, e.g. `http://127.0.0.1:43117`. */
  origin: string;
  close: () => Promise<void>;
}

/** Builds the app with test settings plus `env` and listens on a random port. */
export async function startLiveServer(env: Env = {}): Promise<LiveServer> {
  const config = loadConfig({
    ...TEST_SERVER_ENV,
    LOG_LEVEL: 'silent',
    DATA_DIR: MEMORY_DATA_DIR,
    WEB_DIR: '/nonexistent-peanut-web',
    ...env,
  });
  const app = await buildApp(config);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin, close: () => app.close() };
}
