/**
 * The embedded identity provider as a Fastify plugin (docs/architecture.md "Server"): the Cognito
 * user-pool JSON API at `POST /idp/` (`X-Amz-Target: AWSCognitoIdentityProviderService.<Action>`,
 * `application/x-amz-json-1.1`) and the pool's JWKS at `GET /idp/<poolId>/.well-known/jwks.json`.
 * The local mailbox (`GET /dev/mailbox/<email>`) is served by routes/dev.ts, loopback only.
 *
 * The plugin decorates `app.identity` (issuer, key resolver, session check) for the API's token
 * verifier. Its routes live in an encapsulated child context with their own body parser and
 * error handler, so errors answer Cognito's `{__type, message}` there and nowhere else.
 * Request bodies, codes, tokens and keys are never logged; only action names and error types.
 *
 * Wiring (app.ts, after the database, before the API routes):
 *
 *   await app.register(identityPlugin, {
 *     db: handle.db,
 *     poolId: config.userPoolId,
 *     clientId: config.userPoolClientId,
 *     issuerOrigin: config.publicUrl,
 *     mailer: createMailer({ db: handle.db, smtpUrl: config.smtpUrl }),
 *     onUserConfirmed: (user, tx) => ledger.creditSignupBonus(user.sub, user.email, tx),
 *     onUserDeleted: (sub, tx) => deleteUserData(tx, sub),
 *     afterUserDeleted: () => lifecycle.runTeardowns(),
 *   });
 *   const verifier = createIdTokenVerifier({
 *     issuers: [{ issuer: app.identity.issuer, keys: app.identity.getKey,
 *                 isActive: (claims) => app.identity.isSessionActive(String(claims.origin_jti)) }],
 *     clientIds: [config.userPoolClientId],
 *   });
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { JSONWebKeySet, JWTVerifyGetKey } from 'jose';
import {
  callerOf,
  DEFAULT_THROTTLE,
  runAction,
  type AuthFlow,
  type Body,
  type IdentityContext,
  type IdentityHooks,
  type ThrottleSettings,
} from './actions';
import type { IdentityDb } from './db';
import { IdpError } from './errors';
import type { Mailer } from './mailer';
import type { SmsSender } from './sms';
import { idpRefreshTokens, idpSigningKeys } from './schema';
import { poolNameOf } from './srp';
import { DEFAULT_VPN_CONFIG_LIMITS, type VpnConfigLimits } from '../../core/limits';
import { serverSecret } from '../secrets';
import { issuerOf, TokenService } from './tokens';
import { safeMessage } from '../logger';
import { recordIdentityAction } from '../metrics/events';

/** Options of the identity plugin. */
export interface IdentityPluginOptions extends IdentityHooks {
  /** A migrated database holding the identity tables. */
  db: IdentityDb;
  /** User pool id, `prefix_suffix` (e.g. `local_peanutvpn`). */
  poolId: string;
  /** The app client id (e.g. `peanutvpn-local`). */
  clientId: string;
  /** Public origin of this server (`PUBLIC_URL`); the issuer is `<origin>/idp/<poolId>`. */
  issuerOrigin: string;
  /** Where codes are mailed (SMTP, or the local mailbox that routes/dev.ts serves). */
  mailer: Mailer;
  /**
   * Where SMS codes go (SMS MFA, phone verification): the local SMS outbox in the embedded
   * default (`createDbSmsOutbox`, served at `/dev/sms/<phone>`); absent, the pool sends none.
   */
  sms?: SmsSender;
  /** `OPTIONAL` (default): users choose a second factor; `ON`: every user must have one. */
  mfaConfiguration?: 'OPTIONAL' | 'ON';
  /** Current time in epoch milliseconds (default `Date.now`). */
  clock?: () => number;
  /** The VPN limits put in id tokens (default: docs/architecture.md's product limits). */
  limits?: VpnConfigLimits;
  /** Attempt limits (default DEFAULT_THROTTLE). */
  throttle?: Partial<ThrottleSettings>;
  /**
   * The InitiateAuth flows the app client allows, as Cognito's ExplicitAuthFlows (default
   * USER_SRP_AUTH and REFRESH_TOKEN_AUTH, a new Cognito app client's); app.ts allows
   * IDP_AUTH_FLOW's, REFRESH_TOKEN_AUTH, and USER_PASSWORD_AUTH with IDP_ALLOW_PASSWORD_AUTH.
   */
  authFlows?: readonly AuthFlow[];
}

/** What the plugin exposes to the rest of the server as `app.identity`. */
export interface IdentityService {
  /** The token issuer, `<origin>/idp/<poolId>`. */
  readonly issuer: string;
  readonly poolId: string;
  readonly clientId: string;
  /** jose key resolver over the pool's public keys (for `createIdTokenVerifier`). */
  readonly getKey: JWTVerifyGetKey;
  /** The public keys, read from the database. */
  jwks(): Promise<JSONWebKeySet>;
  /**
   * True while the sign-in session `originJti` (a token's `origin_jti`) exists and is not
   * revoked: false after sign-out, global sign-out, password reset or account deletion.
   */
  isSessionActive(originJti: string): Promise<boolean>;
  /**
   * Calls `listener` after every action of this process that ended sign-in sessions
   * ({@link SESSION_ENDING_ACTIONS}), so that answers of `isSessionActive` kept by a caller can
   * be dropped at once (other processes see the change when their kept answers expire).
   */
  onSessionsEnded(listener: () => void): void;
}

/** The actions that revoke sign-in sessions (refresh, id and access tokens). */
export const SESSION_ENDING_ACTIONS: ReadonlySet<string> = new Set([
  'GlobalSignOut',
  'RevokeToken',
  'DeleteUser',
  'ChangePassword',
  'ConfirmForgotPassword',
]);

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded identity provider (src/server/identity/plugin.ts). */
    identity: IdentityService;
  }
}

/** The `X-Amz-Target` prefix of the user-pool API. */
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** The content type of the user-pool API. */
const AMZ_JSON = 'application/x-amz-json-1.1';
/** Headers a browser may send cross-origin (amazon-cognito-identity-js sends these). */
const ALLOWED_HEADERS = 'content-type, x-amz-target, x-amz-user-agent, cache-control';
/** A UUID (origin_jti values are UUIDs; others cannot match a session). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sends a Cognito error answer. */
function sendError(reply: FastifyReply, status: number, type: string, message: string) {
  return reply
    .code(status)
    .header('x-amzn-errortype', `${type}:`)
    .type(AMZ_JSON)
    .send(JSON.stringify({ __type: type, message }));
}

/** Cognito's error type for a Fastify error (bad body, rate limit...). */
function typeOfFastifyError(status: number): string {
  if (status === 429) return 'TooManyRequestsException';
  if (status === 400 || status === 415) return 'SerializationException';
  return 'InvalidParameterException';
}

/** Registers the identity provider. */
async function identityPlugin(app: FastifyInstance, opts: IdentityPluginOptions): Promise<void> {
  const clock = opts.clock ?? Date.now;
  const issuer = issuerOf(opts.issuerOrigin, opts.poolId);
  const tokens = await TokenService.create({
    db: opts.db,
    issuer,
    clientId: opts.clientId,
    limits: opts.limits ?? DEFAULT_VPN_CONFIG_LIMITS,
    clock,
  });
  const secrets = new Map<string, Promise<Buffer>>();
  const ctx: IdentityContext = {
    db: opts.db,
    poolId: opts.poolId,
    poolName: poolNameOf(opts.poolId),
    clientId: opts.clientId,
    tokens,
    mailer: opts.mailer,
    sms: opts.sms,
    mfaConfiguration: opts.mfaConfiguration ?? 'OPTIONAL',
    clock,
    caller: '',
    authFlows: new Set(opts.authFlows ?? ['USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH']),
    throttle: { ...DEFAULT_THROTTLE, ...opts.throttle },
    hooks: {
      onUserConfirmed: opts.onUserConfirmed,
      onUserDeleted: opts.onUserDeleted,
      afterUserDeleted: opts.afterUserDeleted,
    },
    secret: (name) => {
      // A secret never changes once made: read it once per process.
      let secret = secrets.get(name);
      if (!secret) {
        secret = serverSecret(opts.db, name);
        secrets.set(name, secret);
        secret.catch(() => secrets.delete(name));
      }
      return secret;
    },
  };

  const jwks = async (): Promise<JSONWebKeySet> => {
    const rows = await opts.db.select({ jwk: idpSigningKeys.publicJwk }).from(idpSigningKeys);
    return { keys: rows.map((row) => row.jwk) };
  };
  const sessionsEnded: (() => void)[] = [];
  const service: IdentityService = {
    issuer,
    poolId: opts.poolId,
    clientId: opts.clientId,
    getKey: tokens.getKey,
    jwks,
    async isSessionActive(originJti) {
      if (!UUID.test(originJti)) return false;
      const [row] = await opts.db
        .select({ revoked: idpRefreshTokens.revoked })
        .from(idpRefreshTokens)
        .where(eq(idpRefreshTokens.originJti, originJti));
      return row !== undefined && !row.revoked;
    },
    onSessionsEnded(listener) {
      sessionsEnded.push(listener);
    },
  };
  app.decorate('identity', service);

  await app.register(async (child) => {
    child.addContentTypeParser(
      AMZ_JSON,
      { parseAs: 'string' },
      child.getDefaultJsonParser('error', 'error'),
    );
    child.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ statusCode: status, code: error.code }, 'identity request rejected');
        return sendError(reply, status, typeOfFastifyError(status), error.message);
      }
      request.log.error({ error: safeMessage(error) }, 'identity provider error');
      return sendError(reply, 500, 'InternalErrorException', 'Internal server error.');
    });
    child.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url?.startsWith('/idp'))
        reply.header('access-control-allow-origin', '*');
      return payload;
    });

    child.options('/idp/', async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '86400')
        .send(),
    );

    child.post('/idp/', async (request, reply) => {
      const target = request.headers['x-amz-target'];
      const action =
        typeof target === 'string' && target.startsWith(TARGET_PREFIX)
          ? target.slice(TARGET_PREFIX.length)
          : String(target ?? '');
      const body =
        typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
          ? (request.body as Body)
          : {};
      try {
        // Code budgets are counted per caller (codes.ts): the client address, TRUST_PROXY applied.
        const result = await runAction({ ...ctx, caller: callerOf(request.ip) }, action, body);
        recordIdentityAction(action, body, result);
        if (SESSION_ENDING_ACTIONS.has(action)) for (const listener of sessionsEnded) listener();
        return reply.code(200).type(AMZ_JSON).send(JSON.stringify(result));
      } catch (error) {
        if (error instanceof IdpError) {
          request.log.info({ action, errorType: error.type }, 'identity action refused');
          recordIdentityAction(action, body, undefined, error.type);
          return sendError(reply, error.statusCode, error.type, error.message);
        }
        request.log.error({ action, error: safeMessage(error) }, 'identity action failed');
        return sendError(reply, 500, 'InternalErrorException', 'Internal server error.');
      }
    });

    child.get(`/idp/${opts.poolId}/.well-known/jwks.json`, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(await jwks()),
    );
  });
}

export default fp(identityPlugin, { name: 'identity', fastify: '5.x' });
