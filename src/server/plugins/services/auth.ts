/**
 * Authentication of API calls (spec §6, docs/architecture.md "Server"): the id token arrives in the
 * Authorization header (`Unauthenticated` without a session) and is verified by one verifier that
 * accepts our identity provider's issuer and, when COGNITO_ISSUER is set, a real Cognito pool's.
 * Decorates `app.authenticate` (a preHandler) and `request.identity`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createIdTokenVerifier,
  UnauthenticatedError,
  type ExternalAccounts,
  type TrustedIssuer,
  type VerifiedIdentity,
} from '../../identity';
import { HttpError } from '../../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of authenticated routes: 401 unless the id token is valid. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
/** Most session answers remembered; past this they are all forgotten. */
const SESSION_CHECK_MAX = 100_000;

/** A session check whose kept answers can be dropped. */
export interface ReusedSessionCheck {
  (originJti: string): Promise<boolean>;
  /** Forgets every kept answer (a session ended in this process). */
  forget(): void;
}

/**
 * `check` (is the session `originJti` still active?) with each answer reused for
 * {@link SESSION_CHECK_TTL_MS} from the moment its query started, and concurrent checks of one
 * session sharing one query.
 */
export function reuseSessionChecks(
  check: (originJti: string) => Promise<boolean>,
  clock: () => number = Date.now,
): ReusedSessionCheck {
  const answers = new Map<string, { active: boolean; startedAtMs: number }>();
  const running = new Map<string, Promise<boolean>>();
  // Bumped by forget(): a check that started before it does not keep its answer.
  let generation = 0;
  const reused = (originJti: string): Promise<boolean> => {
    const known = answers.get(originJti);
    if (known && clock() - known.startedAtMs < SESSION_CHECK_TTL_MS) {
      return Promise.resolve(known.active);
    }
    let answer = running.get(originJti);
    if (!answer) {
      const startedAtMs = clock();
      const started = generation;
      answer = check(originJti)
        .then((active) => {
          if (answers.size >= SESSION_CHECK_MAX) answers.clear();
          if (started === generation) answers.set(originJti, { active, startedAtMs });
          return active;
        })
        .finally(() => running.delete(originJti));
      running.set(originJti, answer);
    }
    return answer;
  };
  return Object.assign(reused, {
    forget() {
      generation += 1;
      answers.clear();
      running.clear();
    },
  });
}

/**
 * Decorates `app.authenticate` over `app.identity` (when the embedded identity provider is
 * registered) and the configured Cognito issuer.
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
    });
  }
  if (app.config.cognitoIssuer) issuers.push({ issuer: app.config.cognitoIssuer });
  const verifier = createIdTokenVerifier({ issuers, clientIds: [app.config.userPoolClientId] });

  app.decorateRequest('identity', null as unknown as VerifiedIdentity);
  app.decorate('authenticate', async (request: FastifyRequest) => {
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
  });
}

export default fp(auth, { name: 'auth', dependencies: ['config'] });
