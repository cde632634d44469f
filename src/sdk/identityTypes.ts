/**
 * The identity client's types (identity.ts makes the client): its configuration, sessions, users,
 * sign-in steps and the {@link IdentityClient} interface (spec §4, §6, §7).
 */
import type { IdentityAttributeMethods } from './identityAttributes';
import type { IdentityDeviceMethods } from './identityDevices';
import type { MfaSettings, TotpSetup } from './identityMfa';
import type { SignInChallenge, SignInStep } from './identitySignIn';

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

/**
 * The identity client made by {@link createIdentityClient}. Every failure is an IdentityError.
 * Devices: `identityDevices.ts`; email and phone changes: `identityAttributes.ts`.
 */
export interface IdentityClient
  extends IdentityDeviceMethods, IdentityAttributeMethods<IdentityUser> {
  /** Registers `email` (username and `email` attribute); a code is mailed to confirm it. */
  signUp(email: string, password: string): Promise<SignUpResult>;
  /** Confirms a sign-up with the mailed code. */
  confirmSignUp(email: string, code: string): Promise<void>;
  /** Mails the confirmation code again. */
  resendConfirmationCode(email: string): Promise<CodeDelivery>;
  /**
   * Signs in with SRP; the first step is the session (kept in the storage) or a challenge to
   * answer, whose answer gives the next step (spec §4).
   */
  startSignIn(email: string, password: string): Promise<IdentitySignInStep>;
  /**
   * Signs in without a password (CUSTOM_AUTH alone): a code is mailed to the user and the
   * first step is its CUSTOM_CHALLENGE (then any second factor, like a password sign-in's).
   */
  startEmailCodeSignIn(email: string): Promise<IdentitySignInStep>;
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
