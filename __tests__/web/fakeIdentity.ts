/**
 * A scripted identity client for the SPA's tests: every method is a jest mock (defaults: no
 * session; steps succeed), and `endSession()` plays a refresh refused with NotAuthorizedException.
 */
import {
  IdentityError,
  NOT_AUTHENTICATED,
  NOT_AUTHENTICATED_MESSAGE,
  type IdentityClient,
  type IdentityUser,
} from '../../src/sdk/identity';

/** A fake identity client and its controls. */
export type FakeIdentity = jest.Mocked<IdentityClient> & {
  /** Calls the onSessionEnded listeners, as the SDK does when a refresh is refused. */
  endSession(): void;
};

/** The user of a signed-in fake. */
export const ANN: IdentityUser = {
  username: 'ann@example.com',
  email: 'ann@example.com',
  sub: 'sub-ann',
};

/** A Cognito-like error (what the SDK rejects with). */
export function cognitoError(code: string, message: string): IdentityError {
  return new IdentityError(code, message);
}

/** The SDK's error without a session. */
export function notAuthenticated(): IdentityError {
  return new IdentityError(NOT_AUTHENTICATED, NOT_AUTHENTICATED_MESSAGE);
}

/**
 * Makes a fake. With `user`, a session exists: currentUser resolves it and getIdToken resolves
 * 'id-token'; without, they reject with 'User is not authenticated' and resolve undefined.
 */
export function fakeIdentity(user?: IdentityUser): FakeIdentity {
  const listeners = new Set<() => void>();
  const fake = {
    signUp: jest.fn(async () => ({
      userSub: 'sub-new',
      userConfirmed: false,
      destination: 'a***@e***',
    })),
    confirmSignUp: jest.fn(async () => undefined),
    resendConfirmationCode: jest.fn(async () => ({ destination: 'a***@e***' })),
    signIn: jest.fn(async () => ({
      idToken: 'id-token',
      accessToken: 'access-token',
      refreshToken: 'refresh-token',
      idTokenPayload: {},
      expiresAt: Date.now() / 1000 + 3600,
    })),
    forgotPassword: jest.fn(async () => ({ destination: 'a***@e***' })),
    confirmForgotPassword: jest.fn(async () => undefined),
    currentSession: jest.fn(async () => {
      throw notAuthenticated();
    }),
    getIdToken: jest.fn(async () => (user ? 'id-token' : undefined)),
    currentUser: jest.fn(async () => {
      if (!user) throw notAuthenticated();
      return user;
    }),
    changePassword: jest.fn(async () => undefined),
    signOut: jest.fn(async () => undefined),
    deleteUser: jest.fn(async () => undefined),
    onSessionEnded: jest.fn((listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    }),
    endSession: () => listeners.forEach((listener) => listener()),
  };
  return fake as unknown as FakeIdentity;
}
