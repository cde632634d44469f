/**
 * The administration of a real Cognito user pool (`COGNITO_ISSUER`; docs/operator-console.md
 * "Disabling an account"): when an operator disables or enables an account of the pool, the pool
 * is told too (AdminDisableUser / AdminEnableUser), so that its user can no longer sign in there.
 *
 * The calls go through the AWS SDK, which signs them (Signature Version 4) with the credentials
 * of its default chain (environment `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, a profile, the
 * ECS or EC2 role...), to the pool's API at its issuer's origin
 * (`https://cognito-idp.<region>.amazonaws.com`). The SDK is loaded only when a pool is used.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** Where a Cognito pool is, read from its issuer. */
export interface CognitoPoolRef {
  /** The pool id, `<region>_<id>`, e.g. `ca-central-1_AbC123`. */
  poolId: string;
  /** Its AWS region, e.g. `ca-central-1`. */
  region: string;
  /** Its API's origin (the issuer's), e.g. `https://cognito-idp.ca-central-1.amazonaws.com`. */
  endpoint: string;
}

/** A pool id: an AWS region code, `_`, letters and digits. */
const POOL_ID = /^([a-z]{2}(?:-[a-z]+)+-\d+)_[0-9A-Za-z]+$/;

/**
 * The pool an issuer names, `<http(s) origin>/<region>_<id>` (a Cognito issuer is
 * `https://cognito-idp.<region>.amazonaws.com/<poolId>`), or undefined when `issuer` is not one.
 */
export function parseCognitoIssuer(issuer: string): CognitoPoolRef | undefined {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.search !== '' || url.hash !== '') return undefined;
  const match = POOL_ID.exec(url.pathname.slice(1));
  if (!match) return undefined;
  return { poolId: match[0], region: match[1], endpoint: url.origin };
}

/** A pool call that failed: the action and Cognito's error name (never credentials). */
export class CognitoPoolError extends Error {
  constructor(
    readonly action: string,
    readonly errorName: string,
  ) {
    super(`Cognito ${action} failed: ${errorName}`);
    this.name = 'CognitoPoolError';
  }
}

/** The user-pool administration the operator console needs. */
export interface CognitoPool {
  readonly ref: CognitoPoolRef;
  /**
   * AdminEnableUser (`enabled` true) or AdminDisableUser of the pool user `username` (a pool
   * accepts its user's `sub` as the username). Both are idempotent at Cognito.
   * @throws CognitoPoolError when the pool refuses or cannot be reached (after the SDK's retries).
   */
  setUserEnabled(username: string, enabled: boolean): Promise<void>;
  /** Closes the client's kept connections (the server is stopping). */
  close(): Promise<void>;
}

/** Milliseconds a call may wait for a connection, and for an answer. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** The client of the pool `ref` (the SDK is loaded on its first call). */
export function createCognitoPool(ref: CognitoPoolRef): CognitoPool {
  let client:
    | Promise<{
        sdk: typeof import('@aws-sdk/client-cognito-identity-provider');
        client: CognitoIdentityProviderClient;
      }>
    | undefined;
  const load = () => {
    client ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
      sdk,
      client: new sdk.CognitoIdentityProviderClient({
        region: ref.region,
        endpoint: ref.endpoint,
        requestHandler: {
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          requestTimeout: REQUEST_TIMEOUT_MS,
        },
      }),
    }));
    return client;
  };
  return {
    ref,
    async setUserEnabled(username, enabled) {
      const action = enabled ? 'AdminEnableUser' : 'AdminDisableUser';
      const { sdk, client: pool } = await load();
      const input = { UserPoolId: ref.poolId, Username: username };
      try {
        await pool.send(
          enabled ? new sdk.AdminEnableUserCommand(input) : new sdk.AdminDisableUserCommand(input),
        );
      } catch (error) {
        const name = error instanceof Error ? error.name : 'UnknownError';
        throw new CognitoPoolError(action, name);
      }
    },
    async close() {
      if (client) (await client).client.destroy();
    },
  };
}
