/**
 * The account operations the forms run (spec §2, §4), as thunks over the store's identity client
 * (the thunk extra argument). A failure rejects the thunk with the IdentityError serialised
 * (`{ name, code, message }`, Cognito's code and message): forms show it inline with
 * `dispatch(thunk(args)).unwrap()`. They are not rejected "with value", so they do not go to the
 * global error card.
 */
import { createAsyncThunk, type SerializedError } from '@reduxjs/toolkit';
import type { CodeDelivery, IdentityClient, SignUpResult } from '../../../sdk/identity';
import type { ApiExtra } from '../../app/api';
import { toAuthUser, type AuthUser } from './authUser';

type ThunkConfig = { extra: ApiExtra };

/** The identity client of the store. @throws Error when the store has none. */
function identityOf(extra: ApiExtra): IdentityClient {
  if (!extra.identity) throw new Error('Identity is not configured');
  return extra.identity;
}

/** Email and password. */
export interface Credentials {
  email: string;
  password: string;
}

/** Signs in (SRP); fulfilled with the signed-in user, which the auth slice stores. */
export const signIn = createAsyncThunk<AuthUser, Credentials, ThunkConfig>(
  'auth/signIn',
  async ({ email, password }, { extra }) => {
    const identity = identityOf(extra);
    await identity.signIn(email, password);
    return toAuthUser(await identity.currentUser());
  },
);

/** Signs up with the email as username; a code is mailed to confirm it. */
export const signUp = createAsyncThunk<SignUpResult, Credentials, ThunkConfig>(
  'auth/signUp',
  ({ email, password }, { extra }) => identityOf(extra).signUp(email, password),
);

/** Confirms a sign-up with the mailed code. */
export const confirmSignUp = createAsyncThunk<void, { email: string; code: string }, ThunkConfig>(
  'auth/confirmSignUp',
  ({ email, code }, { extra }) => identityOf(extra).confirmSignUp(email, code),
);

/** Mails the confirmation code again. */
export const resendConfirmationCode = createAsyncThunk<
  CodeDelivery,
  { email: string },
  ThunkConfig
>('auth/resendConfirmationCode', ({ email }, { extra }) =>
  identityOf(extra).resendConfirmationCode(email),
);

/** Mails a password reset code. */
export const forgotPassword = createAsyncThunk<CodeDelivery, { email: string }, ThunkConfig>(
  'auth/forgotPassword',
  ({ email }, { extra }) => identityOf(extra).forgotPassword(email),
);

/** Sets a new password with the mailed reset code. */
export const confirmForgotPassword = createAsyncThunk<
  void,
  { email: string; code: string; newPassword: string },
  ThunkConfig
>('auth/confirmForgotPassword', ({ email, code, newPassword }, { extra }) =>
  identityOf(extra).confirmForgotPassword(email, code, newPassword),
);

/** Changes the signed-in user's password. */
export const changePassword = createAsyncThunk<
  void,
  { oldPassword: string; newPassword: string },
  ThunkConfig
>('auth/changePassword', ({ oldPassword, newPassword }, { extra }) =>
  identityOf(extra).changePassword(oldPassword, newPassword),
);

/**
 * Deletes the signed-in user's account (the identity layer forgets the session). The caller
 * dispatches `accountDeleted` once it has shown the outcome and left the protected page.
 */
export const deleteAccount = createAsyncThunk<void, void, ThunkConfig>(
  'auth/deleteAccount',
  (_arg, { extra }) => identityOf(extra).deleteUser(),
);

/** The message to show for a rejected thunk's error (Cognito's message when it has one). */
export function authErrorMessage(error: unknown): string {
  const message = (error as SerializedError | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'An unknown error has occurred.';
}

/** Cognito's code of a rejected thunk's error, e.g. `UserNotConfirmedException`. */
export function authErrorCode(error: unknown): string | undefined {
  const code = (error as SerializedError | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
