/**
 * Identity: a typed promise wrapper over amazon-cognito-identity-js (spec §4, §6, §7). The same
 * code talks to the embedded identity provider (`<origin>/idp/`) or to a real Cognito user pool;
 * only the configuration (`/app-config.json`) differs. Runs in browsers and Node 20.
 *
 * - Users sign up with their email as username and as the `email` attribute.
 * - Sign-in is SRP, then the challenges of `identitySignIn.ts` (MFA, MFA selection and setup,
 *   new password) as typed steps ({@link IdentityClient.startSignIn}); a custom challenge fails
 *   with an error naming it. Two-factor settings are in `identityMfa.ts`.
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
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import {
  associateTotp,
  confirmTotp,
  disableTotp,
  readMfaSettings,
  type MfaSettings,
  type TotpSetup,
} from './identityMfa';
import {
  IdentityError,
  MISSING_SUB_MESSAGE,
  NOT_AUTHENTICATED,
  NOT_AUTHORIZED,
  notAuthenticated,
  toIdentityError,
  unsupportedChallenge,
} from './identityErrors';
import { defaultIdentityStorage, type IdentityStorage } from './identityStorage';
import { startSignInSteps, type SignInChallenge, type SignInStep } from './identitySignIn';

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

/** Where the identity provider is: the identity part of `/app-config.json`. */
export interface IdentityConfig {
  /** User pool id, `prefix_suffix`, at most 55 characters (spec §5). */
  userPoolId: string;
  /** User pool client id. */
  userPoolClientId: string;
  /** Identity provider endpoint, e.g. `http://localhost:8080/idp/`. */
  identityEndpoint: string;
}

/** Tokens of a valid session. */
export interface IdentitySession {
  /** The id token (JWT): what the API's Authorization header carries (spec §6). */
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** Claims of the id token (sub, email, `cognito:username`, the custom config claim...). */
  idTokenPayload: Record<string, unknown>;
  /** Expiry of the id token, in seconds since the epoch. */
  expiresAt: number;
}

/** The signed-in user (from the id token's claims). */
export interface IdentityUser {
  username: string;
  email?: string;
  phone?: string;
  sub: string;
}

/** The answer to sign-up. */
export interface SignUpResult {
  /** The new user's sub. */
  userSub: string;
  /** False until the emailed code is confirmed. */
  userConfirmed: boolean;
  /** Where the code went (masked), when the provider says. */
  destination?: string;
}

/** Where a code was sent. */
export interface CodeDelivery {
  destination?: string;
}

/** A sign-in challenge with the function answering it (see `identitySignIn.ts`). */
export type IdentityChallenge = SignInChallenge<IdentitySession>;
/** Where a sign-in is: signed in, or a challenge to answer. */
export type IdentitySignInStep = SignInStep<IdentitySession>;
/**
 * Answers a challenge during {@link IdentityClient.signIn}: calls the challenge's `answer` (or
 * `associate` then `answer`) and returns its promise.
 */
export type ChallengeHandler = (challenge: IdentityChallenge) => Promise<IdentitySignInStep>;

/** The identity client made by {@link createIdentityClient}. Every failure is an IdentityError. */
export interface IdentityClient {
  /** Registers `email` (username and `email` attribute); a code is mailed to confirm it. */
  signUp(email: string, password: string): Promise<SignUpResult>;
  /** Confirms a sign-up with the mailed code. */
  confirmSignUp(email: string, code: string): Promise<void>;
  /** Mails the confirmation code again. */
  resendConfirmationCode(email: string): Promise<CodeDelivery>;
  /**
   * Signs in with SRP; the first step is the session (kept in the storage) or a challenge to
   * answer, whose answer gives the next step (spec §4, issue 14).
   */
  startSignIn(email: string, password: string): Promise<IdentitySignInStep>;
  /**
   * Signs in with SRP and keeps the session in the storage; each challenge goes to
   * `onChallenge` until signed in.
   * @throws IdentityError UnsupportedChallenge when a challenge comes and no `onChallenge` is
   *   given; Cognito's errors (NotAuthorizedException, CodeMismatchException...).
   */
  signIn(email: string, password: string, onChallenge?: ChallengeHandler): Promise<IdentitySession>;
  /**
   * Starts setting up an authenticator app for the signed-in user: a new secret and its
   * otpauth URI. Nothing changes until {@link IdentityClient.confirmTotp}.
   */
  setUpTotp(): Promise<TotpSetup>;
  /**
   * Confirms the app with its current `code`, then turns TOTP on as the preferred factor.
   * @throws IdentityError CodeMismatchException (or EnableSoftwareTokenMFAException) when wrong.
   */
  confirmTotp(code: string, deviceName?: string): Promise<void>;
  /** Turns the authenticator app off as a second factor. */
  disableTotp(): Promise<void>;
  /** The signed-in user's second factors (fresh from the provider). */
  mfaSettings(): Promise<MfaSettings>;
  /** Mails a password reset code. */
  forgotPassword(email: string): Promise<CodeDelivery>;
  /** Sets a new password with the reset code. */
  confirmForgotPassword(email: string, code: string, newPassword: string): Promise<void>;
  /**
   * The stored session, refreshed when expired.
   * @throws IdentityError NotAuthenticated 'User is not authenticated' without a session;
   *   NotAuthorizedException when the refresh is refused (the cached user is then cleared).
   */
  currentSession(): Promise<IdentitySession>;
  /** The id token of the current session, or undefined when not signed in. */
  getIdToken(): Promise<string | undefined>;
  /** The signed-in user. @throws IdentityError NotAuthenticated without a session. */
  currentUser(): Promise<IdentityUser>;
  /** Changes the signed-in user's password. */
  changePassword(oldPassword: string, newPassword: string): Promise<void>;
  /**
   * Signs out: revokes the refresh token and forgets the session. The local session is
   * forgotten even when the revocation fails (the error is then rethrown).
   */
  signOut(): Promise<void>;
  /** Deletes the signed-in user's account and forgets the session. */
  deleteUser(): Promise<void>;
  /**
   * Calls `listener` when the session ends without a sign-out: its refresh was refused with
   * NotAuthorizedException. Returns the unsubscribe function.
   */
  onSessionEnded(listener: () => void): () => void;
}

/** Pool id rule of spec §5: prefix, underscore, suffix; at most 55 characters. */
const POOL_ID_PATTERN = /^[\w-]+_[0-9a-zA-Z]+$/;

function checkConfig(config: IdentityConfig): void {
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

/** Usernames are emails, compared case-insensitively: trimmed and lower-cased. */
function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toSession(session: CognitoUserSession): IdentitySession {
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
 * Makes an identity client for the user pool of `config`, keeping tokens in `storage` (default
 * {@link defaultIdentityStorage}).
 * @throws IdentityError InvalidParameterException for a malformed pool id or a missing client id.
 */
export function createIdentityClient(
  config: IdentityConfig,
  storage: IdentityStorage = defaultIdentityStorage(),
): IdentityClient {
  checkConfig(config);
  const pool = new CognitoUserPool({
    UserPoolId: config.userPoolId,
    ClientId: config.userPoolClientId,
    endpoint: config.identityEndpoint,
    Storage: storage,
  });
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
      return startSignInSteps(userNamed(email), details, {
        session: toSession,
        error: toIdentityError,
        unsupported: unsupportedChallenge,
      });
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
