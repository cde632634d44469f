/**
 * The SPA's identity client, loaded when first needed. amazon-cognito-identity-js and
 * the SDK's identity code are one lazy chunk: a visitor with no stored session never downloads
 * them, since "nobody is signed in" is read from the storage key the library itself reads first
 * (`CognitoUserPool.getCurrentUser`: no `LastAuthUser`, no session). Signing up or in, or a stored
 * session to check or refresh, loads the chunk; from then on every call goes to the real client
 * (`createIdentityClient` of src/sdk/identity.ts), so the behaviour is the same as with it.
 */
import type { IdentityClient } from '../../sdk/identity';
import {
  checkIdentityConfig,
  isLastAuthUserKey,
  lastAuthUserKey,
  type IdentityConfig,
} from '../../sdk/identityConfig';
import { notAuthenticated } from '../../sdk/identityErrors';
import { defaultIdentityStorage, type IdentityStorage } from '../../sdk/identityStorage';

/** The SDK's identity module. */
export type IdentityModule = typeof import('../../sdk/identity');

/** Loads the SDK's identity module (its own chunk, with amazon-cognito-identity-js). */
export function loadIdentityModule(): Promise<IdentityModule> {
  return import(/* webpackChunkName: "identity" */ '../../sdk/identity');
}

/**
 * True when `storage` holds a signed-in username of any pool client: the boot then fetches the
 * identity chunk before the configuration says which client is ours. Never throws.
 */
export function mayHoldSession(storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  try {
    if (!storage) return false;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && isLastAuthUserKey(key)) return true;
    }
  } catch {
    // unusable storage (privacy settings): nothing stored
  }
  return false;
}

/**
 * An {@link IdentityClient} for `config` that loads the real one on the first call that needs
 * it. Without a stored session, `currentUser` and `currentSession` reject with NotAuthenticated,
 * `getIdToken` gives undefined and `signOut` does nothing, as the real client would, without
 * loading it. A failed chunk load rejects that call (ChunkLoadError) and is retried on the next.
 * `loadModule` loads the SDK's identity module (tests count its calls).
 * @throws IdentityError InvalidParameterException for a malformed pool id or missing client id.
 */
export function createLazyIdentityClient(
  config: IdentityConfig,
  storage: IdentityStorage = defaultIdentityStorage(),
  loadModule: () => Promise<IdentityModule> = loadIdentityModule,
): IdentityClient {
  checkIdentityConfig(config);
  const listeners = new Set<() => void>();
  let loading: Promise<IdentityClient> | undefined;

  const load = (): Promise<IdentityClient> => {
    loading ??= loadModule().then(
      ({ createIdentityClient }) => {
        const client = createIdentityClient(config, storage);
        client.onSessionEnded(() => listeners.forEach((listener) => listener()));
        return client;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  /** No username is stored and the real client is not loaded: nobody can be signed in. */
  const nobody = () =>
    !loading && storage.getItem(lastAuthUserKey(config.userPoolClientId)) === null;

  return {
    signUp: async (email, password) => (await load()).signUp(email, password),
    confirmSignUp: async (email, code) => (await load()).confirmSignUp(email, code),
    resendConfirmationCode: async (email) => (await load()).resendConfirmationCode(email),
    startSignIn: async (email, password) => (await load()).startSignIn(email, password),
    startEmailCodeSignIn: async (email) => (await load()).startEmailCodeSignIn(email),
    signIn: async (email, password, onChallenge) =>
      (await load()).signIn(email, password, onChallenge),
    setUpTotp: async () => (await load()).setUpTotp(),
    confirmTotp: async (code, deviceName) => (await load()).confirmTotp(code, deviceName),
    disableTotp: async () => (await load()).disableTotp(),
    mfaSettings: async () => (await load()).mfaSettings(),
    listDevices: async () => (await load()).listDevices(),
    forgetDevice: async (deviceKey) => (await load()).forgetDevice(deviceKey),
    rememberDevice: async () => (await load()).rememberDevice(),
    contactDetails: async () => (await load()).contactDetails(),
    updateAttribute: async (name, value) => (await load()).updateAttribute(name, value),
    resendAttributeCode: async (name) => (await load()).resendAttributeCode(name),
    verifyAttribute: async (name, code) => (await load()).verifyAttribute(name, code),
    forgotPassword: async (email) => (await load()).forgotPassword(email),
    confirmForgotPassword: async (email, code, newPassword) =>
      (await load()).confirmForgotPassword(email, code, newPassword),
    currentSession: async () => {
      if (nobody()) throw notAuthenticated();
      return (await load()).currentSession();
    },
    getIdToken: async () => (nobody() ? undefined : (await load()).getIdToken()),
    currentUser: async () => {
      if (nobody()) throw notAuthenticated();
      return (await load()).currentUser();
    },
    changePassword: async (oldPassword, newPassword) =>
      (await load()).changePassword(oldPassword, newPassword),
    signOut: async () => {
      if (nobody()) return;
      await (await load()).signOut();
    },
    deleteUser: async () => (await load()).deleteUser(),
    onSessionEnded(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
