/**
 * Identity: a typed promise wrapper over amazon-cognito-identity-js (spec §4, §6, §7). The same
 * code talks to the embedded identity provider (`<origin>/idp/`) or to a real Cognito user pool;
 * only the configuration (`/app-config.json`) differs. Runs in browsers and Node 20.
 *
 * - Users sign up with their email as username and as the `email` attribute.
 * - Sign-in is SRP (or CUSTOM_AUTH: the password, then a mailed code), then the challenges of
 *   `identitySignIn.ts` (MFA, MFA selection and setup, new password, custom challenge) as typed
 *   steps ({@link IdentityClient.startSignIn}). Two-factor settings are in `identityMfa.ts`,
 *   remembered devices in `identityDevices.ts`, email and phone in `identityAttributes.ts`, the
 *   client's types in `identityTypes.ts`, the user pool and its retry policy in `identityPool.ts`.
 * - A session is valid only while both the access and the id token are unexpired, allowing for
 *   clock drift (the library's `CognitoUserSession.isValid`); an expired one is refreshed with the
 *   refresh token; a NotAuthorizedException on refresh clears the cached user.
 * - Tokens are kept in `window.localStorage` when usable, else in memory (or a given storage).
 * - Every failure is an {@link IdentityError} with Cognito's code and message.
 */
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { associateTotp, confirmTotp, disableTotp, readMfaSettings } from './identityMfa';
import {
  IdentityError,
  MISSING_SUB_MESSAGE,
  NOT_AUTHENTICATED,
  NOT_AUTHORIZED,
  notAuthenticated,
  toIdentityError,
  unsupportedChallenge,
} from './identityErrors';
import { checkIdentityConfig, type IdentityConfig } from './identityConfig';
import { defaultIdentityStorage, type IdentityStorage } from './identityStorage';
import type { IdentityClient, SignUpResult } from './identityTypes';
import { forgetDevice, listDevices, rememberDevice } from './identityDevices';
import {
  readContactDetails,
  resendAttributeCode,
  updateAttribute,
  verifyAttribute,
} from './identityAttributes';
import { createUserPool, normaliseEmail, toSession } from './identityPool';
import { startSignInSteps, type SignInFlow } from './identitySignIn';

export type { MfaSettings, TotpSetup } from './identityMfa';
export { totpUri, TOTP_ISSUER } from './identityMfa';
export type { MfaType, SignInChallengeName } from './identitySignIn';
export { CODE_MISMATCH } from './identitySignIn';
export {
  IdentityError,
  isNotAuthorized,
  MISSING_SUB_MESSAGE,
  NOT_AUTHENTICATED,
  NOT_AUTHENTICATED_MESSAGE,
  NOT_AUTHORIZED,
  toIdentityError,
  UNSUPPORTED_CHALLENGE,
  unsupportedChallenge,
} from './identityErrors';
export { defaultIdentityStorage, MemoryStorage, type IdentityStorage } from './identityStorage';
export type { DeviceInfo } from './identityDevices';
export {
  normaliseAttribute,
  type AttributeCodeDelivery,
  type ContactDetails,
  type VerifiableAttribute,
} from './identityAttributes';

export type {
  ChallengeHandler,
  CodeDelivery,
  IdentityChallenge,
  IdentityClient,
  IdentitySession,
  IdentitySignInStep,
  IdentityUser,
  SignUpResult,
} from './identityTypes';
export { checkIdentityConfig, lastAuthUserKey, type IdentityConfig } from './identityConfig';

/**
 * Makes an identity client for the user pool of `config`, keeping tokens in `storage` (default
 * {@link defaultIdentityStorage}).
 * @throws IdentityError InvalidParameterException for a malformed pool id or a missing client id.
 */
export function createIdentityClient(
  config: IdentityConfig,
  storage: IdentityStorage = defaultIdentityStorage(),
): IdentityClient {
  checkIdentityConfig(config);
  const pool = createUserPool(config, storage);
  const listeners = new Set<() => void>();
  /** The session being loaded or refreshed, shared by concurrent callers. */
  let pending: Promise<{ user: CognitoUser; session: CognitoUserSession }> | undefined;

  const userNamed = (email: string) =>
    new CognitoUser({ Username: normaliseEmail(email), Pool: pool, Storage: storage });

  /** Runs a library call taking a Node-style callback. */
  const nodeCall = <T>(run: (callback: (error: unknown, result?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      run((error, result) => (error ? reject(toIdentityError(error)) : resolve(result as T)));
    });

  const loadSession = (): Promise<{ user: CognitoUser; session: CognitoUserSession }> => {
    const user = pool.getCurrentUser();
    if (!user) return Promise.reject(notAuthenticated());
    return new Promise((resolve, reject) => {
      user.getSession((error: Error | null, session: CognitoUserSession | null) => {
        if (error || !session) {
          const failure = toIdentityError(error ?? notAuthenticated());
          // The library cleared the cached user (spec §4): tell the listeners.
          if (failure.code === NOT_AUTHORIZED) listeners.forEach((listener) => listener());
          return reject(failure);
        }
        resolve({ user, session });
      });
    });
  };

  /** The current user and their valid session (one load at a time). */
  const signedIn = () => {
    if (!pending) {
      pending = loadSession().finally(() => {
        pending = undefined;
      });
    }
    return pending;
  };

  /** The first step of a sign-in of `email` by `flow`. */
  const steps = (email: string, details: AuthenticationDetails, flow: SignInFlow) =>
    startSignInSteps(
      userNamed(email),
      details,
      { session: toSession, error: toIdentityError, unsupported: unsupportedChallenge },
      flow,
    );

  const client: IdentityClient = {
    signUp(email, password) {
      const username = normaliseEmail(email);
      const attributes = [new CognitoUserAttribute({ Name: 'email', Value: username })];
      return nodeCall<SignUpResult>((callback) =>
        pool.signUp(username, password, attributes, [], (error, result) =>
          callback(
            error,
            result && {
              userSub: result.userSub,
              userConfirmed: result.userConfirmed,
              destination: result.codeDeliveryDetails?.Destination,
            },
          ),
        ),
      );
    },

    async confirmSignUp(email, code) {
      await nodeCall((callback) =>
        userNamed(email).confirmRegistration(code.trim(), true, callback),
      );
    },

    async resendConfirmationCode(email) {
      const result = await nodeCall<{ CodeDeliveryDetails?: { Destination?: string } }>(
        (callback) => userNamed(email).resendConfirmationCode(callback),
      );
      return { destination: result?.CodeDeliveryDetails?.Destination };
    },

    startSignIn(email, password) {
      if (!password) {
        return Promise.reject(
          new IdentityError('InvalidParameterException', 'PASSWORD parameter is required'),
        );
      }
      const details = new AuthenticationDetails({
        Username: normaliseEmail(email),
        Password: password,
      });
      // An unknown flow (a newer server's) falls back to the one every pool allows.
      return steps(
        email,
        details,
        config.authFlow === 'CUSTOM_AUTH' ? 'CUSTOM_AUTH' : 'USER_SRP_AUTH',
      );
    },

    startEmailCodeSignIn(email) {
      const details = new AuthenticationDetails({ Username: normaliseEmail(email) });
      return steps(email, details, 'CUSTOM_AUTH_WITHOUT_SRP');
    },

    async signIn(email, password, onChallenge) {
      let step = await client.startSignIn(email, password);
      while (step.kind === 'challenge') {
        if (!onChallenge) throw unsupportedChallenge(step.challenge.name);
        step = await onChallenge(step.challenge);
      }
      return step.session;
    },

    async setUpTotp() {
      const { user, session } = await signedIn();
      const claims = session.getIdToken().decodePayload() as { email?: unknown };
      const account = typeof claims.email === 'string' ? claims.email : user.getUsername();
      return associateTotp(user, account, toIdentityError);
    },

    async confirmTotp(code, deviceName = 'Authenticator app') {
      const { user } = await signedIn();
      await confirmTotp(user, code, deviceName, toIdentityError);
    },

    async disableTotp() {
      const { user } = await signedIn();
      await disableTotp(user, toIdentityError);
    },

    async mfaSettings() {
      const { user } = await signedIn();
      return readMfaSettings(user, toIdentityError);
    },

    async listDevices() {
      return listDevices((await signedIn()).user, toIdentityError);
    },

    async forgetDevice(deviceKey) {
      await forgetDevice((await signedIn()).user, deviceKey, toIdentityError);
    },

    async rememberDevice() {
      return rememberDevice((await signedIn()).user, toIdentityError);
    },

    async updateAttribute(name, value) {
      return updateAttribute((await signedIn()).user, name, value, toIdentityError);
    },

    async resendAttributeCode(name) {
      return resendAttributeCode((await signedIn()).user, name, toIdentityError);
    },

    async verifyAttribute(name, code) {
      const { user, session } = await signedIn();
      await verifyAttribute(user, name, code, toIdentityError);
      // The tokens name the old value until refreshed.
      await nodeCall((callback) => user.refreshSession(session.getRefreshToken(), callback));
      const refreshed = await client.currentUser();
      if (refreshed.phone) return refreshed;
      const { phone } = await readContactDetails(user, toIdentityError);
      return phone ? { ...refreshed, phone } : refreshed;
    },

    async contactDetails() {
      return readContactDetails((await signedIn()).user, toIdentityError);
    },

    async forgotPassword(email) {
      const result = await new Promise<{ CodeDeliveryDetails?: { Destination?: string } }>(
        (resolve, reject) =>
          userNamed(email).forgotPassword({
            onSuccess: resolve,
            onFailure: (error) => reject(toIdentityError(error)),
          }),
      );
      return { destination: result?.CodeDeliveryDetails?.Destination };
    },

    async confirmForgotPassword(email, code, newPassword) {
      await new Promise<void>((resolve, reject) =>
        userNamed(email).confirmPassword(code.trim(), newPassword, {
          onSuccess: () => resolve(),
          onFailure: (error) => reject(toIdentityError(error)),
        }),
      );
    },

    async currentSession() {
      return toSession((await signedIn()).session);
    },

    async getIdToken() {
      try {
        return (await signedIn()).session.getIdToken().getJwtToken();
      } catch (error) {
        const code = (error as IdentityError).code;
        if (code === NOT_AUTHENTICATED || code === NOT_AUTHORIZED) return undefined;
        throw error;
      }
    },

    async currentUser() {
      const { user, session } = await signedIn();
      const claims = session.getIdToken().decodePayload() as Record<string, unknown>;
      const text = (value: unknown) =>
        typeof value === 'string' && value !== '' ? value : undefined;
      const sub = text(claims.sub);
      if (!sub) throw new IdentityError('MissingSub', MISSING_SUB_MESSAGE);
      return {
        username: text(claims['cognito:username']) ?? user.getUsername(),
        email: text(claims.email),
        phone: text(claims.phone_number),
        sub,
      };
    },

    async changePassword(oldPassword, newPassword) {
      const { user } = await signedIn();
      await nodeCall((callback) => user.changePassword(oldPassword, newPassword, callback));
    },

    async signOut() {
      let user: CognitoUser | undefined;
      try {
        ({ user } = await signedIn());
      } catch {
        // No valid session: nothing to revoke; forget whatever is stored.
        pool.getCurrentUser()?.signOut();
        return;
      }
      try {
        // Revokes the refresh token (when the access token has origin_jti), then clears.
        await nodeCall<void>((callback) => user.signOut((error?: Error) => callback(error)));
      } finally {
        user.signOut();
      }
    },

    async deleteUser() {
      const { user } = await signedIn();
      await nodeCall((callback) => user.deleteUser(callback));
      user.signOut();
    },

    onSessionEnded(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return client;
}
