/**
 * The actions of the Cognito user-pool JSON API the identity provider serves, one function per
 * action, each taking the typed context and the request body and returning the response body.
 * Errors are thrown as `IdpError` with Cognito's names and messages.
 *
 * Passwords never reach the database or the logs: SignUp, ChangePassword and
 * ConfirmForgotPassword compute an SRP verifier from them (as Cognito does), sign-in checks the
 * password by SRP (USER_SRP_AUTH) or by recomputing the verifier (USER_PASSWORD_AUTH). Codes,
 * refresh tokens and SRP secret blocks are stored only as hashes.
 *
 * Files by concern: context.ts (types, limits), input.ts (parameters, password policy),
 * users.ts (look-ups, credentials, decoys), codes.ts (one-time codes and their limits),
 * lockout.ts (progressive password lockout), signUp.ts, signIn.ts, passwords.ts, session.ts,
 * mfa.ts (MFA settings, authenticator apps), totp.ts, authSessions.ts (challenge Sessions),
 * challenges.ts (second factors after the password), customChallenge.ts (CUSTOM_AUTH: the
 * built-in email code challenge), devices.ts and deviceAuth.ts (remembered
 * devices), attributes.ts (email and phone, their verification).
 */
import { idpErrors } from '../errors';
import {
  deleteUserAttributes,
  getUserAttributeVerificationCode,
  updateUserAttributes,
  verifyUserAttribute,
} from './attributes';
import type { Action, Body, IdentityContext } from './context';
import { confirmDevice, forgetDevice, getDevice, listDevices, updateDeviceStatus } from './devices';
import {
  associateSoftwareToken,
  setUserMfaPreference,
  setUserSettings,
  verifySoftwareToken,
} from './mfa';
import { changePassword, confirmForgotPassword, forgotPassword } from './passwords';
import { deleteUser, getUser, globalSignOut, revokeToken } from './session';
import { initiateAuth, respondToAuthChallenge } from './signIn';
import { confirmSignUp, resendConfirmationCode, signUp } from './signUp';

export {
  AUTH_FLOWS,
  callerOf,
  type AuthFlow,
  DEFAULT_THROTTLE,
  type Action,
  type Body,
  type HookUser,
  type IdentityContext,
  type IdentityHooks,
  type ThrottleSettings,
} from './context';

/** The actions served, by `X-Amz-Target` action name. */
export const ACTIONS: Readonly<Record<string, Action>> = Object.freeze({
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetUser: getUser,
  ChangePassword: changePassword,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  DeleteUser: deleteUser,
  AssociateSoftwareToken: associateSoftwareToken,
  VerifySoftwareToken: verifySoftwareToken,
  SetUserMFAPreference: setUserMfaPreference,
  SetUserSettings: setUserSettings,
  ConfirmDevice: confirmDevice,
  GetDevice: getDevice,
  ListDevices: listDevices,
  ForgetDevice: forgetDevice,
  UpdateDeviceStatus: updateDeviceStatus,
  UpdateUserAttributes: updateUserAttributes,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
  VerifyUserAttribute: verifyUserAttribute,
  DeleteUserAttributes: deleteUserAttributes,
});

/** Runs `action` (an `X-Amz-Target` action name); InvalidParameterException when unknown. */
export async function runAction(ctx: IdentityContext, action: string, input: Body): Promise<Body> {
  const handler = Object.prototype.hasOwnProperty.call(ACTIONS, action)
    ? ACTIONS[action]
    : undefined;
  if (!handler) throw idpErrors.unsupportedAction(action);
  return handler(ctx, input);
}
