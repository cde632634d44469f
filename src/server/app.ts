/**
 * The Fastify application (docs/architecture.md "Server"; layout after fastify/demo): plugins in
 * the order external -> services -> routes. `buildApp` never listens: tests call `app.inject()`,
 * server.ts calls `listen()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import { PACK_IDS, type ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import { errorHandler } from './errors';
import { loggerOptions, OneLinePerRequest, type LogDestination } from './logger';
import { proxyTrust } from './net/loopback';
import healthPlugin from './health/plugin';
import metricsPlugin from './metrics/plugin';
import latency from './plugins/external/latency';
import rateLimit from './plugins/external/rateLimit';
import security from './plugins/external/security';
import swagger from './plugins/external/swagger';
import configService from './plugins/services/config';
import database from './plugins/services/database';
import { LocalCheckout } from './billing/localCheckout';
import { databaseSessionStore, deleteLocalSessionsOf } from './billing/localSessionStore';
import billingService from './billing/plugin';
import {
  createDbSmsOutbox,
  createExternalAccounts,
  createMailer,
  identityPlugin,
  type HookUser,
  type IdentityTx,
} from './identity';
import referralService from './referral/plugin';
import auth from './plugins/services/auth';
import ledgerService from './ledger/plugin';
import noticesService from './notices/plugin';
import packsService from './packs/plugin';
import regionsService from './regions/plugin';
import vpnsService from './vpns/plugin';
import { presetOf } from './presets';
import type { Provisioner } from './provisioners';
import adminRoutes from './admin/plugin';
import accountNoticesRoutes from './routes/accountNotices';
import accountPreferencesRoutes from './routes/accountPreferences';
import appConfigRoutes from './routes/appConfig';
import checkoutRoutes from './routes/checkout';
import devRoutes from './routes/dev';
import noticesUnsubscribeRoutes from './routes/noticesUnsubscribe';
import packRoutes from './routes/packs';
import peanutsRoutes from './routes/peanuts';
import peanutsHistoryRoutes from './routes/peanutsHistory';
import referralRoutes from './routes/referral';
import regionRoutes from './routes/regions';
import spa from './routes/spa';
import vpnRoutes from './routes/vpns';
import webhookRoutes from './routes/webhooks';
import type { LifecycleTuning } from './vpns/lifecycleTuning';

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
    // One line per request, written when it is answered, instead of Fastify's two.
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies nearest to us; a list, the proxies at those addresses.
    // The same predicate decides who is a loopback caller (net/loopback.ts).
    trustProxy: trustProxy !== false && proxyTrust(trustProxy),
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
  await app.register(metricsPlugin);
  await app.register(regionsService);
  await app.register(packsService, { config });
  await app.register(ledgerService, { signupBonusPeanuts: preset.signupBonusPeanuts });
  await app.register(referralService, { clock: deps.clock });
  // A purchase carrying a referral code makes a referral; its refund reverses it.
  await app.register(billingService, { hooks: app.referral });
  const mailer = config.embeddedIdp
    ? createMailer({ db: handle.db, smtpUrl: config.smtpUrl, from: config.smtpFrom })
    : undefined;
  // spec §1: a new account gets the free peanuts (37 with the mock preset), once per email
  // address ever (deleting the account and signing up again gets none).
  const onAccountCreated = async (user: HookUser, tx: IdentityTx) => {
    if (user.email) await app.ledger.creditSignupBonus(user.sub, user.email, tx);
    // Purchases paid before the account was confirmed are credited now.
    await app.billing.applyPending(user.sub, tx);
    // Every user gets their own referral code at sign-up.
    await app.referral.ownCode(user.sub, tx);
  };
  // Text messages stay in the local SMS outbox when mail stays in the local mailbox.
  const sms = mailer?.mailbox ? createDbSmsOutbox(handle.db) : undefined;
  if (mailer) {
    await app.register(identityPlugin, {
      db: handle.db,
      poolId: config.userPoolId,
      clientId: config.userPoolClientId,
      issuerOrigin: config.publicUrl,
      mailer,
      sms,
      // As Cognito's ExplicitAuthFlows: the configured flow, refresh, and the
      // password sent itself only when the operator allows it.
      authFlows: [
        config.idpAuthFlow,
        'REFRESH_TOKEN_AUTH',
        ...(config.idpAllowPasswordAuth ? (['USER_PASSWORD_AUTH'] as const) : []),
      ],
      // The VPN limits of the id token's custom:config claim (spec §3, §5).
      limits: preset.limits,
      // spec §1: confirming a sign-up credits 10 free peanuts (37 with the mock preset), once
      // per email address ever (deleting the account and signing up again gets none).
      onUserConfirmed: onAccountCreated,
      // Account deletion tears the user's VPN servers down; their rows and ledger go with the user.
      onUserDeleted: async (sub, tx) => {
        await app.vpnLifecycle.onUserDeleted(sub, tx);
        await app.referral.onUserDeleted(sub, tx);
        await deleteLocalSessionsOf(sub, tx);
      },
      // Once committed, the servers written to the teardown outbox are torn down.
      afterUserDeleted: () => app.vpnLifecycle.runTeardowns(),
    });
  }
  // The notices go through the same mail as the codes (with a real Cognito pool: SMTP_URL's).
  const noticeMailer =
    mailer ??
    (config.smtpUrl
      ? createMailer({ db: handle.db, smtpUrl: config.smtpUrl, from: config.smtpFrom })
      : undefined);
  await app.register(noticesService, { mailer: noticeMailer });
  // A real Cognito pool's users get their account row on first use.
  await app.register(auth, {
    externalAccounts: config.cognitoIssuer
      ? createExternalAccounts(handle.db, onAccountCreated)
      : undefined,
  });
  await app.register(vpnsService, {
    executeSql: handle.executeSql,
    listen: handle.listen,
    provisioner: deps.provisioner,
    clock: deps.clock,
    tuning: deps.lifecycleTuning,
    onEnded: (vpnId, reason) => app.notices.vpnEnded(vpnId, reason),
  });
  // Routes.
  await app.register(healthPlugin);
  await app.register(regionRoutes);
  await app.register(packRoutes);
  await app.register(peanutsRoutes);
  await app.register(peanutsHistoryRoutes);
  await app.register(referralRoutes);
  await app.register(accountPreferencesRoutes);
  await app.register(accountNoticesRoutes);
  await app.register(noticesUnsubscribeRoutes);
  await app.register(vpnRoutes);
  await app.register(webhookRoutes);
  await app.register(appConfigRoutes);
  // The operator API (docs/operator-console.md).
  await app.register(adminRoutes);
  // The development companions never exist in production.
  if (!config.production) {
    const checkout = await registerLocalCheckout(app, config);
    await app.register(devRoutes, {
      mailbox: mailer?.mailbox,
      sms: sms?.outbox,
      checkout,
      public: config.devToolsPublic,
      trustProxy: config.trustProxy,
    });
  }
  await app.register(spa, { webDir: config.webDir });

  await app.ready();
}

/**
 * The local checkout for the packs whose link is left at `/checkout/<packId>`, its
 * deliveries going through the app's own `POST /v1/webhooks/stripe`; undefined when no pack uses
 * it. Never called in production.
 */
async function registerLocalCheckout(
  app: App,
  config: ServerConfig,
): Promise<LocalCheckout | undefined> {
  const packIds = PACK_IDS.filter((id) => config.checkoutUrls[id] === `/checkout/${id}`);
  if (packIds.length === 0) return undefined;
  const checkout = new LocalCheckout({
    secret: config.stripeWebhookSecret,
    store: databaseSessionStore(app.db),
    send: async (body, signature) =>
      (
        await app.inject({
          method: 'POST',
          url: '/v1/webhooks/stripe',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signature,
          },
          payload: body,
        })
      ).statusCode,
  });
  app.addHook('onClose', async () => checkout.close());
  await app.register(checkoutRoutes, {
    checkout,
    packIds,
    public: config.devToolsPublic,
    trustProxy: config.trustProxy,
  });
  return checkout;
}
