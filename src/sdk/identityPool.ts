/**
 * The identity client's user pool (amazon-cognito-identity-js `CognitoUserPool`), made with our
 * retry policy, and the small conversions the client shares: usernames and sessions.
 */
import { CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import type { IdentityConfig } from './identityConfig';
import type { IdentityStorage } from './identityStorage';
import type { IdentitySession } from './identityTypes';

/** The library's HTTP client (`CognitoUserPool.client`, shared by the pool's users). */
interface LibraryClient {
  request(
    operation: string,
    params: unknown,
    callback: (error: unknown, data?: unknown) => void,
  ): void;
  requestWithRetry(
    operation: string,
    params: unknown,
    callback: (error: unknown, data?: unknown) => void,
  ): void;
}

/** Attempts of a token refresh or revocation that failed on the network (not on an answer). */
const NETWORK_ATTEMPTS = 3;

/**
 * amazon-cognito-identity-js retries a token refresh (and a revocation) after every error with a
 * growing delay, for about 6 s, even when the pool answered NotAuthorizedException (a revoked
 * refresh token): the session would end only then. Here an answer of the pool is final at once
 * (spec §4: the session ends as signed out), and only network failures are retried, twice.
 */
function retryNetworkErrorsOnly(pool: CognitoUserPool): void {
  const client = (pool as unknown as { client: LibraryClient }).client;
  client.requestWithRetry = (operation, params, callback) => {
    let attempt = 1;
    const run = () =>
      client.request(operation, params, (error, data) => {
        const networkError = (error as { code?: unknown } | null)?.code === 'NetworkError';
        if (networkError && attempt < NETWORK_ATTEMPTS) {
          setTimeout(run, 200 * 2 ** attempt++);
          return;
        }
        callback(error, data);
      });
    run();
  };
}

/** Usernames are emails, compared case-insensitively: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The tokens of a library session, as the client gives them. */
export function toSession(session: CognitoUserSession): IdentitySession {
  const idToken = session.getIdToken();
  return {
    idToken: idToken.getJwtToken(),
    accessToken: session.getAccessToken().getJwtToken(),
    refreshToken: session.getRefreshToken().getToken(),
    idTokenPayload: { ...idToken.decodePayload() },
    expiresAt: idToken.getExpiration(),
  };
}

/**
 * The user pool of `config` keeping its tokens in `storage`; only network failures of a token
 * refresh or revocation are retried.
 */
export function createUserPool(config: IdentityConfig, storage: IdentityStorage): CognitoUserPool {
  const pool = new CognitoUserPool({
    UserPoolId: config.userPoolId,
    ClientId: config.userPoolClientId,
    endpoint: config.identityEndpoint,
    Storage: storage,
  });
  retryNetworkErrorsOnly(pool);
  return pool;
}
