/**
 * Sign-in with challenges (spec §4): SRP through amazon-cognito-identity-js, then one
 * typed step per challenge the pool sends (SOFTWARE_TOKEN_MFA, SMS_MFA, SELECT_MFA_TYPE,
 * NEW_PASSWORD_REQUIRED, MFA_SETUP, CUSTOM_CHALLENGE), each with the function that answers it.
 * The flow is USER_SRP_AUTH, or CUSTOM_AUTH (SRP first, or without a password: the custom
 * challenge alone), whose custom challenge is the provider's mailed sign-in code. Kept apart from
 * `identity.ts` (which builds the client) so each concern is found in one file; this module
 * imports nothing of the SDK, the client hands it its conversions.
 */
import type {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserSession,
  IAuthenticationCallback,
} from 'amazon-cognito-identity-js';

/** A second factor a user can have: a text message or an authenticator app. */
export type MfaType = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

/** Code of the error when a code is wrong (Cognito's). */
export const CODE_MISMATCH = 'CodeMismatchException';

/** The challenges this client answers. */
export type SignInChallenge<S> =
  | {
      /** The authenticator app's 6-digit code is asked for. */
      name: 'SOFTWARE_TOKEN_MFA';
      /** Sends the app's code. A wrong one rejects with CodeMismatchException; answer again. */
      answer(code: string): Promise<SignInStep<S>>;
    }
  | {
      /** A code was texted to the user's phone. */
      name: 'SMS_MFA';
      /** Where it went, masked (e.g. `+*******1234`), when the pool says. */
      destination?: string;
      /**
       * Sends the texted code. A wrong one rejects with CodeMismatchException and a new code is
       * texted; answer again with it.
       */
      answer(code: string): Promise<SignInStep<S>>;
    }
  | {
      /** The user has both factors on and none preferred: one is chosen. */
      name: 'SELECT_MFA_TYPE';
      /** The factors to choose from (MFAS_CAN_CHOOSE). */
      choices: MfaType[];
      /** Chooses `factor`; the next step is its code challenge. */
      answer(factor: MfaType): Promise<SignInStep<S>>;
    }
  | {
      /** The password is temporary: a new one must be set. */
      name: 'NEW_PASSWORD_REQUIRED';
      /** The user's attributes as the pool shows them (email, email_verified...). */
      userAttributes: Record<string, string>;
      /** Attributes the pool requires with the new password (names without `userAttributes.`). */
      requiredAttributes: string[];
      /** Sets `newPassword` (under the password policy, else InvalidPasswordException). */
      answer(newPassword: string): Promise<SignInStep<S>>;
    }
  | {
      /** The pool requires a second factor the user has not set up: an authenticator app. */
      name: 'MFA_SETUP';
      /** The app's secret (base32) to show, e.g. as an otpauth QR code; call once. */
      associate(): Promise<string>;
      /**
       * Sends the app's first code for the associated secret, naming the app `deviceName`.
       * A wrong code rejects with EnableSoftwareTokenMFAException; answer again.
       */
      answer(code: string, deviceName?: string): Promise<SignInStep<S>>;
    }
  | {
      /** CUSTOM_AUTH's challenge: a sign-in code was mailed to the user. */
      name: 'CUSTOM_CHALLENGE';
      /** Where it went, masked (e.g. `a***@e***`), when the pool says. */
      destination?: string;
      /** The ChallengeParameters as the pool sent them (a Cognito pool's triggers choose them). */
      parameters: Record<string, string>;
      /**
       * Sends the mailed code. A wrong one resolves to this challenge again (same code); the
       * third wrong one rejects with NotAuthorizedException.
       */
      answer(code: string): Promise<SignInStep<S>>;
    };

/**
 * How a sign-in starts: `USER_SRP_AUTH` (the password), `CUSTOM_AUTH` (the password, then the
 * custom challenge), or `CUSTOM_AUTH_WITHOUT_SRP` (the custom challenge alone: no password).
 */
export type SignInFlow = 'USER_SRP_AUTH' | 'CUSTOM_AUTH' | 'CUSTOM_AUTH_WITHOUT_SRP';

/** Names of the challenges {@link SignInChallenge} covers. */
export type SignInChallengeName<S = unknown> = SignInChallenge<S>['name'];

/** Where a sign-in is: signed in with a session, or a challenge to answer. */
export type SignInStep<S> =
  { kind: 'signedIn'; session: S } | { kind: 'challenge'; challenge: SignInChallenge<S> };

/** How {@link startSignInSteps} converts what the library gives. */
export interface SignInConversions<S> {
  /** The library's session to ours. */
  session(session: CognitoUserSession): S;
  /** Whatever the library rejects with to our error type (which carries `code`). */
  error(error: unknown): Error & { code: string };
  /** The error for a challenge this client does not answer. */
  unsupported(name: string): Error;
}

/** Reads a JSON list or object parameter, or `fallback` when absent or malformed. */
function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Signs `user` in with `details` by `flow` (default SRP) and resolves with the first step: the
 * session, or the challenge to answer. Rejects with `convert.error` of Cognito's error on a
 * refused password.
 */
export function startSignInSteps<S>(
  user: CognitoUser,
  details: AuthenticationDetails,
  convert: SignInConversions<S>,
  flow: SignInFlow = 'USER_SRP_AUTH',
): Promise<SignInStep<S>> {
  /** Runs a library call whose callbacks end in the next step. */
  const next = (run: (callbacks: IAuthenticationCallback) => void): Promise<SignInStep<S>> =>
    new Promise((resolve, reject) => {
      const challenge = (value: SignInChallenge<S>) =>
        resolve({ kind: 'challenge', challenge: value });
      run({
        onSuccess: (session) => resolve({ kind: 'signedIn', session: convert.session(session) }),
        onFailure: (error) => reject(convert.error(error)),
        totpRequired: () => challenge(softwareToken()),
        mfaRequired: (_name, parameters: Record<string, string> | undefined) =>
          challenge(sms(parameters?.CODE_DELIVERY_DESTINATION)),
        selectMFAType: (_name, parameters: Record<string, string> | undefined) =>
          challenge(select(parameters?.MFAS_CAN_CHOOSE)),
        newPasswordRequired: (userAttributes: unknown, requiredAttributes: unknown) =>
          challenge(newPassword(userAttributes, requiredAttributes)),
        mfaSetup: () => challenge(setup()),
        customChallenge: (parameters: Record<string, string> | undefined) =>
          challenge(custom(parameters ?? {})),
      });
    });

  /**
   * After a wrong MFA code the pool's Session is spent (used once): sign in again on the same
   * user so the next answer has a live one (an SMS is sent anew). Its failure is not the user's
   * concern here: the next answer reports it. Not in CUSTOM_AUTH, whose sign-in again would mail
   * a new code and answer its challenge instead: there the next answer finds the Session spent.
   */
  const retrying = async (answer: () => Promise<SignInStep<S>>) => {
    try {
      return await answer();
    } catch (error) {
      if ((error as { code?: unknown }).code === CODE_MISMATCH && flow === 'USER_SRP_AUTH') {
        await next((callbacks) => user.authenticateUser(details, callbacks)).catch(() => undefined);
      }
      throw error;
    }
  };

  const softwareToken = (): SignInChallenge<S> => ({
    name: 'SOFTWARE_TOKEN_MFA',
    answer: (code) =>
      retrying(() =>
        next((callbacks) => user.sendMFACode(code.trim(), callbacks, 'SOFTWARE_TOKEN_MFA')),
      ),
  });

  const sms = (destination: string | undefined): SignInChallenge<S> => ({
    name: 'SMS_MFA',
    ...(destination ? { destination } : {}),
    answer: (code) =>
      retrying(() => next((callbacks) => user.sendMFACode(code.trim(), callbacks, 'SMS_MFA'))),
  });

  const select = (choices: string | undefined): SignInChallenge<S> => ({
    name: 'SELECT_MFA_TYPE',
    choices: parseJson<string[]>(choices, []).filter(
      (choice): choice is MfaType => choice === 'SMS_MFA' || choice === 'SOFTWARE_TOKEN_MFA',
    ),
    answer: (factor) => next((callbacks) => user.sendMFASelectionAnswer(factor, callbacks)),
  });

  const newPassword = (attributes: unknown, required: unknown): SignInChallenge<S> => ({
    name: 'NEW_PASSWORD_REQUIRED',
    userAttributes: { ...((attributes ?? {}) as Record<string, string>) },
    requiredAttributes: Array.isArray(required) ? (required as string[]) : [],
    answer: (password) =>
      next((callbacks) => user.completeNewPasswordChallenge(password, {}, callbacks)),
  });

  const setup = (): SignInChallenge<S> => ({
    name: 'MFA_SETUP',
    associate: () =>
      new Promise((resolve, reject) =>
        user.associateSoftwareToken({
          associateSecretCode: resolve,
          onFailure: (error) => reject(convert.error(error)),
        }),
      ),
    answer: (code, deviceName = 'Authenticator app') =>
      new Promise((resolve, reject) =>
        user.verifySoftwareToken(code.trim(), deviceName, {
          onSuccess: (session) => resolve({ kind: 'signedIn', session: convert.session(session) }),
          onFailure: (error) => reject(convert.error(error)),
        }),
      ),
  });

  const custom = (parameters: Record<string, string>): SignInChallenge<S> => ({
    name: 'CUSTOM_CHALLENGE',
    ...(parameters.CODE_DELIVERY_DESTINATION
      ? { destination: parameters.CODE_DELIVERY_DESTINATION }
      : {}),
    parameters: { ...parameters },
    answer: (code) => next((callbacks) => user.sendCustomChallengeAnswer(code.trim(), callbacks)),
  });

  if (flow === 'CUSTOM_AUTH_WITHOUT_SRP') {
    return next((callbacks) => user.initiateAuth(details, callbacks));
  }
  user.setAuthenticationFlowType(flow);
  return next((callbacks) => user.authenticateUser(details, callbacks));
}
