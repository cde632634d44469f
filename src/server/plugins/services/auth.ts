/**
 * Authentication of API calls (spec §6, docs/architecture.md "Server"): the id token arrives in the
 * Authorization header (`Unauthenticated` without a session) and is verified by one verifier that
 * accepts our identity provider's issuer and, when COGNITO_ISSUER is set, a real Cognito pool's.
 * Decorates `app.authenticate` (a preHandler) and `request.identity`.
 */
import { eq } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db';
import { users } from '../../db/schema';
import {
  createIdTokenVerifier,
  UnauthenticatedError,
  type IdTokenVerifier,
  type ExternalAccounts,
  type TrustedIssuer,
  type VerifiedIdentity,
} from '../../identity';
import { HttpError } from '../../errors';
import { reuseAnswers, type ReusedAnswers } from './reusedAnswers';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler of authenticated routes: 401 unless the id token is valid, its session active
     * and its account not disabled. Calls `done` at once (no promise) when all three answers
     * are known in this process (see {@link authenticateKnown}), later otherwise.
     */
    authenticate: (
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) => void;
    /** `authenticate` as a promise, for preHandlers that check more after it (operators'). */
    authenticateRequest: (request: FastifyRequest) => Promise<void>;
    /**
     * Drops the auth hook's kept `disabled` flags: call it once an operator's disabling or
     * enabling of an account is committed, so this process sees it on its next request.
     */
    accountAccessChanged: () => void;
  }
  interface FastifyRequest {
    /** The caller, set by `app.authenticate`. */
    identity: VerifiedIdentity;
  }
}

/** The message of a 401 answer (spec §8 "Authentication messages"). */
export const UNAUTHENTICATED_MESSAGE = 'User needs to be authenticated to call this API.';

/** Options of the auth plugin. */
export interface AuthOptions {
  /**
   * The rows of a real Cognito pool's users: made on their first authenticated call,
   * so the ledger and VPNs work for them. Absent, tokens of COGNITO_ISSUER make no row.
   */
  externalAccounts?: ExternalAccounts;
}

/**
 * How long a session check's answer is reused, in milliseconds: a signed-out or deleted user's
 * tokens are refused at most this long (plus one query) after the change, by every server
 * process on the database (within a second).
 */
export const SESSION_CHECK_TTL_MS = 500;

/**
 * How long an account's `disabled` flag, as read by the auth hook, is reused, in milliseconds:
 * the tokens of an account an operator disabled are refused by this process at once, and by every
 * other process on the database at most this long (plus one query) later. This is what stops the
 * tokens of a real Cognito pool, which the embedded provider's session check never sees.
 */
export const ACCOUNT_CHECK_TTL_MS = 2_000;

/** A session check whose kept answers can be dropped. */
export type ReusedSessionCheck = ReusedAnswers<boolean>;

/**
 * `check` (is the session `originJti` still active?) with each answer reused for
 * {@link SESSION_CHECK_TTL_MS} from the moment its query started, and concurrent checks of one
 * session sharing one query.
 */
export function reuseSessionChecks(
  check: (originJti: string) => Promise<boolean>,
  clock: () => number = Date.now,
): ReusedSessionCheck {
  return reuseAnswers(check, SESSION_CHECK_TTL_MS, clock);
}

/** True when the account `sub` exists and an operator disabled it (one primary-key read). */
async function isAccountDisabled(db: Database, sub: string): Promise<boolean> {
  const [row] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.sub, sub));
  return row?.disabled === true;
}

/**
 * Decorates `app.authenticate` over `app.identity` (when the embedded identity provider is
 * registered) and the configured Cognito issuer. Every authenticated request also reads its
 * account's `disabled` flag (reused for {@link ACCOUNT_CHECK_TTL_MS}): a disabled account's
 * tokens, of either issuer, answer 401 as a revoked session's do.
 */
async function auth(app: FastifyInstance, opts: AuthOptions): Promise<void> {
  const issuers: TrustedIssuer[] = [];
  if (app.hasDecorator('identity')) {
    const identity = app.identity;
    const isSessionActive = reuseSessionChecks((jti) => identity.isSessionActive(jti));
    // A sign-out in this process is seen by its next request, not up to 500 ms later.
    identity.onSessionsEnded(() => isSessionActive.forget());
    issuers.push({
      issuer: identity.issuer,
      keys: identity.getKey,
      isActive: (claims) => isSessionActive(String(claims.origin_jti)),
      isActiveNow: (claims) => isSessionActive.peek(String(claims.origin_jti))?.value,
    });
  }
  if (app.config.cognitoIssuer) issuers.push({ issuer: app.config.cognitoIssuer });
  const verifier = createIdTokenVerifier({ issuers, clientIds: [app.config.userPoolClientId] });
  const db = app.db;
  const isDisabled = reuseAnswers((sub) => isAccountDisabled(db, sub), ACCOUNT_CHECK_TTL_MS);
  app.decorate('accountAccessChanged', () => isDisabled.forget());

  app.decorateRequest('identity', null as unknown as VerifiedIdentity);
  const cognitoIssuer = app.config.cognitoIssuer;
  // Made once: no closure per request.
  const knownAnswers: KnownAnswers = {
    verifier,
    isDisabledNow: (sub) => isDisabled.peek(sub)?.value,
    needsAccountRow: (identity) =>
      opts.externalAccounts !== undefined && identity.claims.iss === cognitoIssuer,
  };
  const known = (authorization: string | undefined): VerifiedIdentity | undefined =>
    authenticateKnown(authorization, knownAnswers);
  /** The full check: every answer not known yet is asked (and a refusal logged). */
  const authenticateSlowly = async (request: FastifyRequest): Promise<void> => {
    try {
      request.identity = await verifier.verify(request.headers.authorization);
    } catch (error) {
      if (error instanceof UnauthenticatedError) {
        request.log.info({ reason: error.reason }, 'unauthenticated call');
        throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
      }
      throw error;
    }
    const { claims } = request.identity;
    if (opts.externalAccounts && claims.iss === app.config.cognitoIssuer) {
      const made = await opts.externalAccounts.ensure({
        sub: request.identity.sub,
        email: request.identity.email,
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      });
      if (!made) {
        request.log.info({ reason: 'sub' }, 'unauthenticated call');
        throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
      }
    }
    // As the embedded provider answers a revoked session (docs/operator-console.md).
    if (await isDisabled(request.identity.sub)) {
      request.log.info({ reason: 'disabled' }, 'unauthenticated call');
      throw new HttpError(401, UNAUTHENTICATED_MESSAGE);
    }
  };
  app.decorate(
    'authenticate',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      const identity = known(request.headers.authorization);
      if (identity) {
        request.identity = identity;
        done();
        return;
      }
      authenticateSlowly(request).then(() => done(), done);
    },
  );
  app.decorate('authenticateRequest', (request: FastifyRequest): Promise<void> => {
    const identity = known(request.headers.authorization);
    if (!identity) return authenticateSlowly(request);
    request.identity = identity;
    return Promise.resolve();
  });
}

/** What {@link authenticateKnown} consults. */
export interface KnownAnswers {
  verifier: Pick<IdTokenVerifier, 'verifyKnown'>;
  /** The account's `disabled` flag if a fresh answer is kept, else undefined. */
  isDisabledNow: (sub: string) => boolean | undefined;
  /** True when this identity's account row may have to be made first (a Cognito user's). */
  needsAccountRow: (identity: VerifiedIdentity) => boolean;
}

/**
 * The auth hook's fast path: the caller's identity when every check the full path makes is
 * already answered in this process, without a query or a promise: the token verified before
 * and not expired, its session check's answer kept and true (a sign-out in this process drops
 * it at once; another process's within {@link SESSION_CHECK_TTL_MS}), its account's `disabled`
 * answer kept and false (an operator's change in this process drops it at once; another
 * process's within {@link ACCOUNT_CHECK_TTL_MS}), and no account row to make. Undefined
 * otherwise: the full path decides (and is the only one that refuses).
 */
export function authenticateKnown(
  authorization: string | undefined,
  answers: KnownAnswers,
): VerifiedIdentity | undefined {
  const identity = answers.verifier.verifyKnown(authorization);
  if (!identity || answers.needsAccountRow(identity)) return undefined;
  return answers.isDisabledNow(identity.sub) === false ? identity : undefined;
}

export default fp(auth, { name: 'auth', dependencies: ['config', 'database'] });
