/**
 * The identity part of `/app-config.json` and its check (spec §5). Apart from identity.ts so
 * that a client can check a configuration without loading amazon-cognito-identity-js (the SPA
 * loads the library only when a session is stored or someone signs in).
 */
import { IdentityError } from './identityErrors';

/** Where the identity provider is: the identity part of `/app-config.json`. */
export interface IdentityConfig {
  /** User pool id, `prefix_suffix`, at most 55 characters (spec §5). */
  userPoolId: string;
  /** User pool client id. */
  userPoolClientId: string;
  /** Identity provider endpoint, e.g. `http://localhost:8080/idp/`. */
  identityEndpoint: string;
  /**
   * How the client's `startSignIn` signs in: `USER_SRP_AUTH` (default) or `CUSTOM_AUTH` (the
   * password, then the custom challenge: a code mailed to the user).
   */
  authFlow?: 'USER_SRP_AUTH' | 'CUSTOM_AUTH';
}

/** Pool id rule of spec §5: prefix, underscore, suffix; at most 55 characters. */
const POOL_ID_PATTERN = /^[\w-]+_[0-9a-zA-Z]+$/;

/**
 * Checks `config` as the identity client needs it.
 * @throws IdentityError InvalidParameterException for a malformed pool id or a missing client id.
 */
export function checkIdentityConfig(config: IdentityConfig): void {
  if (!config.userPoolId) {
    throw new IdentityError('InvalidParameterException', 'userPoolId is required');
  }
  if (config.userPoolId.length > 55 || !POOL_ID_PATTERN.test(config.userPoolId)) {
    throw new IdentityError(
      'InvalidParameterException',
      `Invalid userPoolId '${config.userPoolId}': expected <prefix>_<suffix>, at most 55 characters`,
    );
  }
  if (!config.userPoolClientId) {
    throw new IdentityError('InvalidParameterException', 'userPoolClientId is required');
  }
}

/** Prefix of the keys amazon-cognito-identity-js keeps a pool client's tokens under. */
const KEY_PREFIX = 'CognitoIdentityServiceProvider.';
/** The end of the key of the signed-in username. */
const LAST_AUTH_USER_SUFFIX = '.LastAuthUser';

/**
 * The key under which amazon-cognito-identity-js keeps the signed-in username of the pool
 * client `clientId` (`CognitoUserPool.getCurrentUser` reads it; no key, no session).
 */
export function lastAuthUserKey(clientId: string): string {
  return `${KEY_PREFIX}${clientId}${LAST_AUTH_USER_SUFFIX}`;
}

/** True when `key` is the {@link lastAuthUserKey} of some pool client. */
export function isLastAuthUserKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX) && key.endsWith(LAST_AUTH_USER_SUFFIX);
}
