/**
 * The Fastify application (DESIGN.md "Server"; layout after fastify/demo): plugins in the order
 * external -> services -> routes. `buildApp` never listens: tests call `app.inject()`,
 * server.ts calls `listen()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import { errorHandler } from './errors';
import { loggerOptions, type LogDestination } from './logger';
import latency from './plugins/external/latency';
import rateLimit from './plugins/external/rateLimit';
import security from './plugins/external/security';
import swagger from './plugins/external/swagger';
import configService from './plugins/services/config';
import database from './plugins/services/database';
import { createMailer, identityPlugin } from './identity';
import auth from './plugins/services/auth';
import ledgerService from './plugins/services/ledger';
import packsService from './plugins/services/packs';
import regionsService from './plugins/services/regions';
import vpnsService from './plugins/services/vpns';
import { presetOf } from './presets';
import type { Provisioner } from './provisioners';
import appConfigRoutes from './routes/appConfig';
import packRoutes from './routes/packs';
import peanutsRoutes from './routes/peanuts';
import regionRoutes from './routes/regions';
import spa from './routes/spa';
import vpnRoutes from './routes/vpns';
import type { LifecycleTuning } from './vpns/lifecycle';

/** The application instance, typed with the TypeBox type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What `buildApp` uses besides the configuration. */
export interface AppDeps {
  /**
   * An open, migrated database, owned (closed) by the caller. When absent, `buildApp` opens and
   * migrates the database of `config` and closes it when the app closes.
   */
  database?: DatabaseHandle;
  /** Where log lines go (default stdout); tests capture logs with it. */
  logStream?: LogDestination;
  /** Runs the VPN servers (default: the provisioner `PROVISIONER` names). */
  provisioner?: Provisioner;
  /**
   * Current time in epoch milliseconds for the VPN lifecycle and metering (default `Date.now`);
   * tests drive metering with a fake clock.
   */
  clock?: () => number;
  /** VPN lifecycle tuning (tests shorten polling and retries). */
  lifecycleTuning?: Partial<LifecycleTuning>;
}

/**
 * Builds the ready application for `config` (all plugins loaded, never listening). Close it
 * with `app.close()`.
 */
export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<App> {
  const owned = deps.database === undefined;
  const handle = deps.database ?? (await openDatabase(config));
  let app: App | undefined;
  try {
    if (owned) await handle.migrate();
    app = buildInstance(config, deps);
    if (owned) app.addHook('onClose', () => handle.close());
    await registerPlugins(app, config, handle, deps);
  } catch (error) {
    await app?.close().catch(() => undefined);
    if (owned) await handle.close();
    throw error;
  }
  return app;
}

/** A bare Fastify instance with the server options of `config`. */
function buildInstance(config: ServerConfig, deps: AppDeps): App {
  const { trustProxy } = config;
  return Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies nearest to us.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();
}

/** Registers the plugins in the order external -> services -> routes, then waits until ready. */
async function registerPlugins(
  app: App,
  config: ServerConfig,
  handle: DatabaseHandle,
  deps: AppDeps,
): Promise<void> {
  app.setErrorHandler(errorHandler);
  const preset = presetOf(config.preset);

  // External plugins.
  await app.register(security, { config });
  await app.register(rateLimit, { config });
  await app.register(swagger, { config });
  if (preset.apiLatencyMs) await app.register(latency, { range: preset.apiLatencyMs });
  // Services.
  await app.register(configService, { config });
  await app.register(database, { db: handle.db });
  await app.register(regionsService);
  await app.register(packsService, { config });
  await app.register(ledgerService, { signupBonusPeanuts: preset.signupBonusPeanuts });
  await app.register(identityPlugin, {
    db: handle.db,
    poolId: config.userPoolId,
    clientId: config.userPoolClientId,
    issuerOrigin: config.publicUrl,
    mailer: createMailer({ db: handle.db, smtpUrl: config.smtpUrl, from: config.smtpFrom }),
    // The VPN limits of the id token's custom:config claim (spec §3, §5).
    limits: preset.limits,
    // spec §1: confirming a sign-up credits 10 free peanuts (37 with the mock preset), once.
    onUserConfirmed: async (sub, tx) => {
      await app.ledger.creditSignupBonus(sub, tx);
    },
    // Account deletion tears the user's VPN servers down; their rows and ledger go with the user.
    onUserDeleted: (sub, tx) => app.vpnLifecycle.onUserDeleted(sub, tx),
  });
  await app.register(auth);
  await app.register(vpnsService, {
    executeSql: handle.executeSql,
    provisioner: deps.provisioner,
    clock: deps.clock,
    tuning: deps.lifecycleTuning,
  });
  // Routes.
  await app.register(regionRoutes);
  await app.register(packRoutes);
  await app.register(peanutsRoutes);
  await app.register(vpnRoutes);
  await app.register(appConfigRoutes);
  await app.register(spa, { webDir: config.webDir });

  await app.ready();
}
