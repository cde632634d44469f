/**
 * Identity: a typed promise wrapper over amazon-cognito-identity-js (spec §4, §6, §7). The same
 * code talks to the embedded identity provider (`<origin>/idp/`) or to a real Cognito user pool;
 * only the configuration (`/app-config.json`) differs. Runs in browsers and Node 20.
 *
 * - Users sign up with their email as username and as the `email` attribute.
 * - Sign-in is SRP. A challenge (MFA, new password, custom...) fails with an error naming it:
 *   our pools never send one.
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
  type ChallengeName,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';

/** Where the identity provider is: the identity part of `/app-config.json`. */
export interface IdentityConfig {
  /** User pool id, `prefix_suffix`, at most 55 characters (spec §5). */
  userPoolId: string;
  /** User pool client id. */
  userPoolClientId: string;
  /** Identity provider endpoint, e.g. `http://localhost:8080/idp/`. */
  identityEndpoint: string;
}

/** The storage tokens are kept in (the library's interface; `localStorage` fits). */
export type IdentityStorage = ICognitoStorage;

/** Code of {@link IdentityError} when no valid session exists (spec §5). */
export const NOT_AUTHENTICATED = 'NotAuthenticated';
/** Message of that error (spec §5, §8). */
export const NOT_AUTHENTICATED_MESSAGE = 'User is not authenticated';
/** Code of {@link IdentityError} when sign-in asks for a challenge this client does not answer. */
export const UNSUPPORTED_CHALLENGE = 'UnsupportedChallenge';
/** Cognito's code for refused credentials and revoked or expired tokens. */
export const NOT_AUTHORIZED = 'NotAuthorizedException';
/** Message when the id token has no sub (spec §8). */
export const MISSING_SUB_MESSAGE =
  "Can't get user sub attributes. Please logout and retry. If that does not work, create an issue";

/** An identity failure: Cognito's error code (e.g. `CodeMismatchException`) and message. */
export class IdentityError extends Error {
  /** Cognito's error name, or one of ours: NotAuthenticated, UnsupportedChallenge, NetworkError. */
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = code;
    this.code = code;
  }
}

/** True when `error` carries Cognito's NotAuthorizedException code. */
export function isNotAuthorized(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === NOT_AUTHORIZED;
}

/** The library's messages when it finds no session to use (spec §8). */
const NO_SESSION_MESSAGES = [
  'User is not authenticated',
  'Username is null. Cannot retrieve a new session',
  'Cannot retrieve a new session. Please authenticate.',
  'Local storage is missing an ID Token, Please authenticate',
];

/**
 * fetch's own rejection (the library maps it to 'Network error' only when it is a TypeError of
 * its realm, which a test runner's sandbox may not share).
 */
function isFetchFailure(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown } | null;
  return (
    e?.name === 'TypeError' &&
    typeof e.message === 'string' &&
    /fetch failed|Failed to fetch|NetworkError|Load failed/.test(e.message)
  );
}

/** Converts what the library rejects with into an {@link IdentityError}. */
export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const e = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const message =
    typeof e.message === 'string' && e.message !== ''
      ? e.message
      : 'An unknown error has occurred.';
  let code = typeof e.code === 'string' && e.code !== '' ? e.code : undefined;
  if (!code && NO_SESSION_MESSAGES.includes(message)) code = NOT_AUTHENTICATED;
  if (!code && (message === 'Network error' || isFetchFailure(error))) {
    return new IdentityError('NetworkError', 'Network error', { cause: error });
  }
  return new IdentityError(code ?? 'UnknownError', message, { cause: error });
}

function notAuthenticated(): IdentityError {
  return new IdentityError(NOT_AUTHENTICATED, NOT_AUTHENTICATED_MESSAGE);
}

/** An in-memory token storage (one per instance, unlike the library's shared fallback). */
export class MemoryStorage implements IdentityStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  /** The stored key/value pairs. */
  entries(): [string, string][] {
    return [...this.items.entries()];
  }
}

/**
 * `window.localStorage` when it exists and accepts a write (not in Node, nor in some private
 * modes), else a new {@link MemoryStorage} (spec §7: tokens in local storage, falling back to
 * memory).
 */
export function defaultIdentityStorage(): IdentityStorage {
  try {
    const storage = (globalThis as { localStorage?: Storage }).localStorage;
    if (storage) {
      const probe = 'peanut.identity.probe';
      storage.setItem(probe, '1');
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // unusable (quota, privacy settings): fall through
  }
  return new MemoryStorage();
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

/** The identity client made by {@link createIdentityClient}. Every failure is an IdentityError. */
export interface IdentityClient {
  /** Registers `email` (username and `email` attribute); a code is mailed to confirm it. */
  signUp(email: string, password: string): Promise<SignUpResult>;
  /** Confirms a sign-up with the mailed code. */
  confirmSignUp(email: string, code: string): Promise<void>;
  /** Mails the confirmation code again. */
  resendConfirmationCode(email: string): Promise<CodeDelivery>;
  /** Signs in with SRP and keeps the session in the storage. */
  signIn(email: string, password: string): Promise<IdentitySession>;
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

/** Challenge names and what they are, for the error of an unsupported challenge. */
const CHALLENGE_LABELS: Record<string, string> = {
  SMS_MFA: 'SMS multi-factor authentication',
  SOFTWARE_TOKEN_MFA: 'software-token multi-factor authentication',
  SELECT_MFA_TYPE: 'multi-factor authentication selection',
  MFA_SETUP: 'multi-factor authentication setup',
  NEW_PASSWORD_REQUIRED: 'a new password',
  CUSTOM_CHALLENGE: 'a custom challenge',
};

/** The error for a sign-in challenge this client does not answer. */
export function unsupportedChallenge(name: ChallengeName | string): IdentityError {
  const label = CHALLENGE_LABELS[name] ?? 'an unknown challenge';
  return new IdentityError(
    UNSUPPORTED_CHALLENGE,
    `Sign-in requires the ${name} challenge (${label}), which this application does not support.`,
  );
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

    signIn(email, password) {
      if (!password) {
        return Promise.reject(
          new IdentityError('InvalidParameterException', 'PASSWORD parameter is required'),
        );
      }
      const user = userNamed(email);
      const details = new AuthenticationDetails({
        Username: normaliseEmail(email),
        Password: password,
      });
      return new Promise<IdentitySession>((resolve, reject) => {
        const challenge = (name: string) => reject(unsupportedChallenge(name));
        user.authenticateUser(details, {
          onSuccess: (session) => resolve(toSession(session)),
          onFailure: (error) => reject(toIdentityError(error)),
          newPasswordRequired: () => challenge('NEW_PASSWORD_REQUIRED'),
          mfaRequired: (name) => challenge(name ?? 'SMS_MFA'),
          totpRequired: (name) => challenge(name ?? 'SOFTWARE_TOKEN_MFA'),
          customChallenge: () => challenge('CUSTOM_CHALLENGE'),
          mfaSetup: (name) => challenge(name ?? 'MFA_SETUP'),
          selectMFAType: (name) => challenge(name ?? 'SELECT_MFA_TYPE'),
        });
      });
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
