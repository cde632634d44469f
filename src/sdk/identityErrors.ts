/**
 * Errors of the identity client: {@link IdentityError} with Cognito's code and message, the
 * conversion of what amazon-cognito-identity-js rejects with, and our own codes (spec §5, §8).
 */
import type { ChallengeName } from 'amazon-cognito-identity-js';

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

/** The error when no valid session exists. */
export function notAuthenticated(): IdentityError {
  return new IdentityError(NOT_AUTHENTICATED, NOT_AUTHENTICATED_MESSAGE);
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
