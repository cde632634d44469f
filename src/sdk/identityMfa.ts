/**
 * Two-factor settings of a signed-in user: an authenticator app (TOTP, RFC 6238) is
 * associated, verified with its first code and made the preferred factor, or turned off; the
 * user's factors are read from GetUser. Works on the library's signed-in `CognitoUser`; the
 * identity client (`identity.ts`) exposes these as methods.
 */
import type { CognitoUser } from 'amazon-cognito-identity-js';
import type { MfaType } from './identitySignIn';

/** Issuer shown by authenticator apps next to the account (the product's name). */
export const TOTP_ISSUER = 'Peanut VPN';

/** A software token being set up: what an authenticator app needs. */
export interface TotpSetup {
  /** The shared secret, base32 (to type into an app that cannot scan). */
  secret: string;
  /** `otpauth://totp/...` URI for a QR code (issuer {@link TOTP_ISSUER}, the user's email). */
  uri: string;
}

/** The user's second factors, as GetUser reports them. */
export interface MfaSettings {
  /** Factors turned on. */
  enabled: MfaType[];
  /** The factor sign-in asks for, when one is preferred. */
  preferred?: MfaType;
}

/** Converts the library's errors (the client's `toIdentityError`). */
export type ErrorConversion = (error: unknown) => Error;

/**
 * The otpauth URI of `secret` for `account` (Key Uri Format: label `issuer:account`, issuer
 * parameter, 6 digits, 30 s, SHA1 as authenticator apps assume).
 */
export function totpUri(secret: string, account: string, issuer = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}

/** AssociateSoftwareToken for the signed-in `user`: a new secret and its URI for `account`. */
export function associateTotp(
  user: CognitoUser,
  account: string,
  toError: ErrorConversion,
): Promise<TotpSetup> {
  return new Promise((resolve, reject) =>
    user.associateSoftwareToken({
      associateSecretCode: (secret) => resolve({ secret, uri: totpUri(secret, account) }),
      onFailure: (error) => reject(toError(error)),
    }),
  );
}

function setPreference(
  user: CognitoUser,
  enabled: boolean,
  toError: ErrorConversion,
): Promise<void> {
  return new Promise((resolve, reject) =>
    user.setUserMfaPreference(null, { Enabled: enabled, PreferredMfa: enabled }, (error) =>
      error ? reject(toError(error)) : resolve(),
    ),
  );
}

/**
 * VerifySoftwareToken with the app's first `code`, then SetUserMFAPreference making TOTP on
 * and preferred. CodeMismatchException / EnableSoftwareTokenMFAException on a wrong code.
 */
export async function confirmTotp(
  user: CognitoUser,
  code: string,
  deviceName: string,
  toError: ErrorConversion,
): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    user.verifySoftwareToken(code.trim(), deviceName, {
      onSuccess: () => resolve(),
      onFailure: (error) => reject(toError(error)),
    }),
  );
  await setPreference(user, true, toError);
}

/** SetUserMFAPreference turning TOTP off (sign-in no longer asks for the app's code). */
export function disableTotp(user: CognitoUser, toError: ErrorConversion): Promise<void> {
  return setPreference(user, false, toError);
}

const FACTORS: readonly string[] = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'];
const isFactor = (value: unknown): value is MfaType =>
  typeof value === 'string' && FACTORS.includes(value);

/** GetUser (never the library's cache): the factors on and the preferred one. */
export function readMfaSettings(user: CognitoUser, toError: ErrorConversion): Promise<MfaSettings> {
  return new Promise((resolve, reject) =>
    user.getUserData(
      (error, data) => {
        if (error || !data) return reject(toError(error));
        const preferred = data.PreferredMfaSetting;
        resolve({
          enabled: (data.UserMFASettingList ?? []).filter(isFactor),
          ...(isFactor(preferred) ? { preferred } : {}),
        });
      },
      { bypassCache: true },
    ),
  );
}
