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
  const signIn = jest.fn(async (_email: string, _password: string) => ({
    idToken: 'id-token',
    accessToken: 'access-token',
    refreshToken: 'refresh-token',
    idTokenPayload: {},
    expiresAt: Date.now() / 1000 + 3600,
  }));
  const fake = {
    signUp: jest.fn(async () => ({
      userSub: 'sub-new',
      userConfirmed: false,
      destination: 'a***@e***',
    })),
    confirmSignUp: jest.fn(async () => undefined),
    resendConfirmationCode: jest.fn(async () => ({ destination: 'a***@e***' })),
    signIn,
    // Sign-in without a challenge by default: the session of `signIn` (so its mock scripts both).
    startSignIn: jest.fn(async (email: string, password: string) => ({
      kind: 'signedIn' as const,
      session: await signIn(email, password),
    })),
    setUpTotp: jest.fn(async () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Peanut%20VPN:ann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Peanut%20VPN',
    })),
    confirmTotp: jest.fn(async () => undefined),
    disableTotp: jest.fn(async () => undefined),
    mfaSettings: jest.fn(async () => ({ enabled: [] })),
    listDevices: jest.fn(async () => []),
    forgetDevice: jest.fn(async () => undefined),
    rememberDevice: jest.fn(async () => true),
    contactDetails: jest.fn(async () => ({
      ...(user?.email ? { email: user.email } : {}),
      emailVerified: true,
      ...(user?.phone ? { phone: user.phone } : {}),
      phoneVerified: Boolean(user?.phone),
    })),
    updateAttribute: jest.fn(async () => ({ destination: 'n***@e***', medium: 'EMAIL' })),
    resendAttributeCode: jest.fn(async () => ({ destination: 'n***@e***', medium: 'EMAIL' })),
    verifyAttribute: jest.fn(async () => {
      if (!user) throw notAuthenticated();
      return user;
    }),
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
