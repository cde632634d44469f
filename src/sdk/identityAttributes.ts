/**
 * Changing the signed-in user's email or phone number (spec §7 "attribute
 * verification"): UpdateUserAttributes sends a code to the new value, VerifyUserAttribute
 * proves it. The pool keeps a verified value in use (and in the tokens) until the new one is
 * proved, so the identity client refreshes the session after a verification. Works on the
 * library's signed-in `CognitoUser`; the identity client (`identity.ts`) exposes these as
 * methods.
 */
import type { CognitoUser } from 'amazon-cognito-identity-js';
import type { ErrorConversion } from './identityMfa';

/** The attributes a user changes with a code: the email (mailed code) and phone (texted). */
export type VerifiableAttribute = 'email' | 'phone_number';

/** Where the code for a changed attribute went. */
export interface AttributeCodeDelivery {
  /** The masked address or number, when the pool says. */
  destination?: string;
  /** `EMAIL` or `SMS`, when the pool says. */
  medium?: string;
}

/** The user's email and phone number as the pool holds them (GetUser), verified or not. */
export interface ContactDetails {
  email?: string;
  emailVerified: boolean;
  /** E.164, e.g. `+15551234567`. */
  phone?: string;
  phoneVerified: boolean;
}

/**
 * Attribute methods of the identity client (every failure is an IdentityError); `U` is the
 * client's user type.
 */
export interface IdentityAttributeMethods<U> {
  /**
   * The signed-in user's email and phone number, fresh from the pool (GetUser): the id token
   * may not carry the phone number.
   */
  contactDetails(): Promise<ContactDetails>;
  /**
   * Sets `name` to `value` (UpdateUserAttributes): an email is trimmed and lower-cased, a phone
   * number loses spaces, dashes, dots and brackets (E.164 expected, e.g. `+15551234567`).
   * Resolves with where the code went, or undefined when nothing changed (the same value).
   * @throws IdentityError InvalidParameterException (malformed value), AliasExistsException.
   */
  updateAttribute(
    name: VerifiableAttribute,
    value: string,
  ): Promise<AttributeCodeDelivery | undefined>;
  /**
   * Sends the code for `name` again (GetUserAttributeVerificationCode).
   * @throws IdentityError InvalidParameterException when nothing waits for verification.
   */
  resendAttributeCode(name: VerifiableAttribute): Promise<AttributeCodeDelivery>;
  /**
   * Proves `name` with `code` (VerifyUserAttribute); the new value then takes effect and the
   * session is refreshed so its tokens carry it. Resolves with the refreshed user (its phone
   * number read from GetUser when the id token has none).
   * @throws IdentityError CodeMismatchException, ExpiredCodeException, LimitExceededException,
   *   AliasExistsException (another account took the email meanwhile).
   */
  verifyAttribute(name: VerifiableAttribute, code: string): Promise<U>;
}

/** `value` as the pool expects it for `name`. */
export function normaliseAttribute(name: VerifiableAttribute, value: string): string {
  return name === 'email' ? value.trim().toLowerCase() : value.replace(/[\s\-.()]/g, '');
}

interface DeliveryDetails {
  Destination?: string;
  DeliveryMedium?: string;
  AttributeName?: string;
}

const toDelivery = (details: DeliveryDetails | undefined): AttributeCodeDelivery => ({
  ...(details?.Destination ? { destination: details.Destination } : {}),
  ...(details?.DeliveryMedium ? { medium: details.DeliveryMedium } : {}),
});

/** UpdateUserAttributes of `name` for the signed-in `user`. */
export function updateAttribute(
  user: CognitoUser,
  name: VerifiableAttribute,
  value: string,
  toError: ErrorConversion,
): Promise<AttributeCodeDelivery | undefined> {
  return new Promise((resolve, reject) =>
    user.updateAttributes(
      [{ Name: name, Value: normaliseAttribute(name, value) }],
      (error, _result, details?: { CodeDeliveryDetailsList?: DeliveryDetails[] }) => {
        if (error) return reject(toError(error));
        const list = details?.CodeDeliveryDetailsList ?? [];
        const sent = list.find((item) => item.AttributeName === name) ?? list[0];
        resolve(sent ? toDelivery(sent) : undefined);
      },
    ),
  );
}

/** GetUserAttributeVerificationCode of `name` for the signed-in `user`. */
export function resendAttributeCode(
  user: CognitoUser,
  name: VerifiableAttribute,
  toError: ErrorConversion,
): Promise<AttributeCodeDelivery> {
  return new Promise((resolve, reject) =>
    user.getAttributeVerificationCode(name, {
      onSuccess: () => resolve({}),
      onFailure: (error) => reject(toError(error)),
      inputVerificationCode: (data: unknown) =>
        resolve(
          toDelivery((data as { CodeDeliveryDetails?: DeliveryDetails })?.CodeDeliveryDetails),
        ),
    }),
  );
}

/** VerifyUserAttribute of `name` with `code` for the signed-in `user`. */
export function verifyAttribute(
  user: CognitoUser,
  name: VerifiableAttribute,
  code: string,
  toError: ErrorConversion,
): Promise<void> {
  return new Promise((resolve, reject) =>
    user.verifyAttribute(name, code.trim(), {
      onSuccess: () => resolve(),
      onFailure: (error) => reject(toError(error)),
    }),
  );
}

/** GetUser (never the library's cache) for the signed-in `user`: email and phone number. */
export function readContactDetails(
  user: CognitoUser,
  toError: ErrorConversion,
): Promise<ContactDetails> {
  return new Promise((resolve, reject) =>
    user.getUserData(
      (error, data) => {
        if (error || !data) return reject(toError(error));
        const value = (name: string) =>
          data.UserAttributes?.find((attribute) => attribute.Name === name)?.Value || undefined;
        const email = value('email');
        const phone = value('phone_number');
        resolve({
          ...(email ? { email } : {}),
          emailVerified: value('email_verified') === 'true',
          ...(phone ? { phone } : {}),
          phoneVerified: value('phone_number_verified') === 'true',
        });
      },
      { bypassCache: true },
    ),
  );
}
