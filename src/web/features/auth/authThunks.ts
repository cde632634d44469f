/**
 * The account operations the forms run (spec §2, §4), as plain thunks over the store's identity
 * client (the thunk extra argument). They are not `createAsyncThunk`s on purpose: those record
 * their argument (`meta.arg`) in every action, and the arguments here are passwords and codes,
 * which must never reach an action, the state, Redux DevTools or a log. A thunk is a
 * function, not an action: only what it dispatches is seen, and sign-in dispatches
 * `authenticated(user)` alone.
 *
 * Each returns a promise that rejects with the identity client's error (`IdentityError`:
 * Cognito's `code` and `message`); forms show it inline with {@link authErrorMessage}, so it does
 * not go to the global error card.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type {
  AttributeCodeDelivery,
  CodeDelivery,
  ContactDetails,
  DeviceInfo,
  IdentityChallenge,
  IdentityClient,
  IdentitySignInStep,
  MfaSettings,
  SignUpResult,
  TotpSetup,
  VerifiableAttribute,
} from '../../../sdk/identity';
import type { ApiExtra } from '../../app/api';
import { authenticated, userUpdated } from './authSlice';
import { toAuthUser, type AuthUser } from './authUser';

/** A thunk of these operations, resolving to `R`. */
export type AuthThunk<R> = ThunkAction<Promise<R>, unknown, ApiExtra, UnknownAction>;

/** The identity client of the store. @throws Error when the store has none. */
function identityOf(extra: ApiExtra): IdentityClient {
  if (!extra.identity) throw new Error('Identity is not configured');
  return extra.identity;
}

/** Runs `operation` with the store's identity client. */
function withIdentity<R>(
  operation: (identity: IdentityClient, dispatch: (action: UnknownAction) => void) => Promise<R>,
): AuthThunk<R> {
  return async (dispatch, _getState, extra) => operation(identityOf(extra), dispatch);
}

/** Email and password. */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * Where a sign-in is: signed in as `user`, or a challenge to answer. The challenge
 * carries functions, so it lives in the form's state, never in the store.
 */
export type SignInOutcome =
  | { kind: 'signedIn'; user: AuthUser; rememberError?: unknown }
  | { kind: 'challenge'; challenge: IdentityChallenge };

/**
 * Dispatches `authenticated(user)` once `step` is a session; a challenge is passed on. With
 * `rememberDevice`, this browser's device is remembered first (its keys stay in the identity
 * storage, never in the store); a failure to remember does not undo the sign-in: the outcome
 * carries its error as `rememberError`.
 */
async function outcomeOf(
  identity: IdentityClient,
  dispatch: (action: UnknownAction) => void,
  step: IdentitySignInStep,
  rememberDevice = false,
): Promise<SignInOutcome> {
  if (step.kind === 'challenge') return step;
  let rememberError: unknown;
  if (rememberDevice) {
    try {
      await identity.rememberDevice();
    } catch (error) {
      rememberError = error;
    }
  }
  const user = toAuthUser(await identity.currentUser());
  dispatch(authenticated(user));
  return rememberError === undefined
    ? { kind: 'signedIn', user }
    : { kind: 'signedIn', user, rememberError };
}

/**
 * Signs in (SRP): resolves to the signed-in user (after dispatching `authenticated(user)`), or
 * to the challenge the pool sends (MFA code, factor choice, new password, MFA set-up).
 */
export const signIn = ({ email, password }: Credentials): AuthThunk<SignInOutcome> =>
  withIdentity(async (identity, dispatch) =>
    outcomeOf(identity, dispatch, await identity.startSignIn(email, password)),
  );

/**
 * Answers a sign-in challenge: `answer` calls the challenge's answer function (the code or new
 * password stays in the closure, never in an action). Resolves like {@link signIn}; with
 * `rememberDevice` (the second factor's "Remember this device"), a sign-in it completes
 * remembers this browser's device, so the next sign-in here skips the code (DEVICE_SRP_AUTH).
 */
export const answerChallenge = (
  answer: () => Promise<IdentitySignInStep>,
  { rememberDevice = false }: { rememberDevice?: boolean } = {},
): AuthThunk<SignInOutcome> =>
  withIdentity(async (identity, dispatch) =>
    outcomeOf(identity, dispatch, await answer(), rememberDevice),
  );

/** Signs up with the email as username; a code is mailed to confirm it. */
export const signUp = ({ email, password }: Credentials): AuthThunk<SignUpResult> =>
  withIdentity((identity) => identity.signUp(email, password));

/** Confirms a sign-up with the mailed code. */
export const confirmSignUp = ({ email, code }: { email: string; code: string }): AuthThunk<void> =>
  withIdentity((identity) => identity.confirmSignUp(email, code));

/** Mails the confirmation code again. */
export const resendConfirmationCode = ({ email }: { email: string }): AuthThunk<CodeDelivery> =>
  withIdentity((identity) => identity.resendConfirmationCode(email));

/** Mails a password reset code. */
export const forgotPassword = ({ email }: { email: string }): AuthThunk<CodeDelivery> =>
  withIdentity((identity) => identity.forgotPassword(email));

/** Sets a new password with the mailed reset code. */
export const confirmForgotPassword = ({
  email,
  code,
  newPassword,
}: {
  email: string;
  code: string;
  newPassword: string;
}): AuthThunk<void> =>
  withIdentity((identity) => identity.confirmForgotPassword(email, code, newPassword));

/** Changes the signed-in user's password. */
export const changePassword = ({
  oldPassword,
  newPassword,
}: {
  oldPassword: string;
  newPassword: string;
}): AuthThunk<void> =>
  withIdentity((identity) => identity.changePassword(oldPassword, newPassword));

/**
 * Deletes the signed-in user's account (the identity layer forgets the session). The caller
 * dispatches `accountDeleted` once it has shown the outcome and left the protected page.
 */
export const deleteAccount = (): AuthThunk<void> =>
  withIdentity((identity) => identity.deleteUser());

/** The signed-in user's second factors. */
export const loadMfaSettings = (): AuthThunk<MfaSettings> =>
  withIdentity((identity) => identity.mfaSettings());

/** Starts setting up an authenticator app: its secret and otpauth URI (nothing changes yet). */
export const setUpTotp = (): AuthThunk<TotpSetup> =>
  withIdentity((identity) => identity.setUpTotp());

/** Confirms the authenticator app with its current code and turns it on. */
export const confirmTotp = ({ code }: { code: string }): AuthThunk<void> =>
  withIdentity((identity) => identity.confirmTotp(code));

/** Turns the authenticator app off as a second factor. */
export const disableTotp = (): AuthThunk<void> =>
  withIdentity((identity) => identity.disableTotp());

/** The signed-in user's devices, this browser's marked `current`. */
export const loadDevices = (): AuthThunk<DeviceInfo[]> =>
  withIdentity((identity) => identity.listDevices());

/** Forgets one of the user's devices: signing in from it asks for the second factor again. */
export const forgetDevice = ({ deviceKey }: { deviceKey: string }): AuthThunk<void> =>
  withIdentity((identity) => identity.forgetDevice(deviceKey));

/** The signed-in user's email and phone number as the pool holds them. */
export const loadContactDetails = (): AuthThunk<ContactDetails> =>
  withIdentity((identity) => identity.contactDetails());

/**
 * Changes the email or phone number: a code goes to the new value (undefined when the value is
 * the current one). The current value stays in use until {@link verifyAttribute}.
 */
export const updateAttribute = ({
  name,
  value,
}: {
  name: VerifiableAttribute;
  value: string;
}): AuthThunk<AttributeCodeDelivery | undefined> =>
  withIdentity((identity) => identity.updateAttribute(name, value));

/** Sends the code for a changed email or phone number again. */
export const resendAttributeCode = ({
  name,
}: {
  name: VerifiableAttribute;
}): AuthThunk<AttributeCodeDelivery> =>
  withIdentity((identity) => identity.resendAttributeCode(name));

/**
 * Proves a changed email or phone number with its code; the store's user is then updated
 * (`userUpdated`) from the refreshed session.
 */
export const verifyAttribute = ({
  name,
  code,
}: {
  name: VerifiableAttribute;
  code: string;
}): AuthThunk<AuthUser> =>
  withIdentity(async (identity, dispatch) => {
    const user = toAuthUser(await identity.verifyAttribute(name, code));
    dispatch(userUpdated(user));
    return user;
  });

/** The message to show for a failed operation (Cognito's message when it has one). */
export function authErrorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'An unknown error has occurred.';
}

/** Cognito's code of a failed operation's error, e.g. `UserNotConfirmedException`. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
