/**
 * Remembered devices through amazon-cognito-identity-js against a listening server:
 * a sign-in gets a new device the library confirms (ConfirmDevice), the user remembers it
 * (UpdateDeviceStatus), and the next sign-in from it proves the device by SRP
 * (DEVICE_SRP_AUTH, DEVICE_PASSWORD_VERIFIER) instead of the authenticator app's code;
 * ListDevices pages, ForgetDevice and not_remembered bring the code back, and a device's proof
 * cannot be forged.
 */
import type { CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { associate, setMfa, signInWith, totpAt, verifyToken } from './challengeHelpers';
import {
  call,
  CLIENT_ID,
  createConfirmedUser,
  expectCognitoError,
  makePool,
  MemoryStorage,
  PASSWORD,
  signIn,
  startIdentityServer,
  userOf,
  type IdentityServer,
} from './helpers';

/** Added to the real time by the server's clock (moves TOTP steps on). */
let offset = 0;
const clock = () => Date.now() + offset;

type Device = { DeviceKey: string; DeviceAttributes: { Name: string; Value: string }[] };

function remember(user: CognitoUser, remembered = true): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const callbacks = { onSuccess: resolve, onFailure: reject };
    if (remembered) user.setDeviceStatusRemembered(callbacks);
    else user.setDeviceStatusNotRemembered(callbacks);
  });
}

function listDevices(user: CognitoUser, limit: number, token: string | null = null) {
  return new Promise<{ Devices: Device[]; PaginationToken?: string }>((resolve, reject) =>
    user.listDevices(limit, token, { onSuccess: resolve, onFailure: reject }),
  );
}

function forgetDevice(user: CognitoUser): Promise<unknown> {
  return new Promise((resolve, reject) =>
    user.forgetDevice({ onSuccess: resolve, onFailure: reject }),
  );
}

function getDevice(user: CognitoUser): Promise<{ Device: Device }> {
  return new Promise((resolve, reject) =>
    user.getDevice({
      onSuccess: (data) => resolve(data as unknown as { Device: Device }),
      onFailure: reject,
    }),
  );
}

/** The value of attribute `name` of `device`. */
const attribute = (device: Device, name: string) =>
  device.DeviceAttributes.find((a) => a.Name === name)?.Value;

/** Sign-ins run SRP in JavaScript on a busy machine: a generous time-out. */
const SLOW_TEST_MS = 120_000;

describe('remembered devices', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({ clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A user with TOTP on; signs in on a new device (a pool with its own storage). */
  async function userWithTotp(label: string) {
    const created = await createConfirmedUser(server, makePool(server.endpoint), label);
    await signIn(created.user, PASSWORD);
    const secret = await associate(created.user);
    await verifyToken(created.user, totpAt(secret, clock()));
    await setMfa(created.user, null, { Enabled: true, PreferredMfa: true });
    const code = () => {
      offset += 30_000;
      return totpAt(secret, clock());
    };
    /** Signs in on the device of `pool` (a new device: a new pool). */
    const signInOn = async (pool: CognitoUserPool = makePool(server.endpoint)) => {
      const user = userOf(pool, created.username);
      const trace = await signInWith(user, PASSWORD, { totp: code });
      return { user, pool, trace };
    };
    return { ...created, secret, code, signInOn };
  }

  it(
    'skips the second factor on a remembered device, and asks again once forgotten',
    async () => {
      const { signInOn } = await userWithTotp('device');
      const first = await signInOn();
      expect(first.trace).toEqual({
        challenges: ['SOFTWARE_TOKEN_MFA'],
        confirmationNecessary: true,
      });
      // Confirmed but not remembered (user opt-in): the code is still asked for.
      expect((await signInOn(first.pool)).trace.challenges).toEqual(['SOFTWARE_TOKEN_MFA']);
      await remember(
        userOf(first.pool, first.user.getUsername()).getSignInUserSession()
          ? first.user
          : first.user,
      );
      const remembered = await signInOn(first.pool);
      expect(remembered.trace.challenges).toEqual([]);
      const { Device } = await getDevice(remembered.user);
      expect(attribute(Device, 'dev:device_remembered_status')).toBe('remembered');
      expect(attribute(Device, 'device_status')).toBe('valid');
      expect(attribute(Device, 'device_name')).toBeTruthy();

      // Another device still needs the code.
      expect((await signInOn()).trace.challenges).toEqual(['SOFTWARE_TOKEN_MFA']);

      await remember(remembered.user, false);
      expect((await signInOn(first.pool)).trace.challenges).toEqual(['SOFTWARE_TOKEN_MFA']);
      const again = await signInOn(first.pool);
      await remember(again.user);
      expect((await signInOn(first.pool)).trace.challenges).toEqual([]);

      const last = await signInOn(first.pool);
      await forgetDevice(last.user);
      await expectCognitoError(
        call(server.endpoint, 'GetDevice', {
          AccessToken: last.user.getSignInUserSession()?.getAccessToken().getJwtToken(),
          DeviceKey: Device.DeviceKey,
        }).then((answer) => {
          throw Object.assign(new Error(String(answer.body.message)), { code: answer.body.__type });
        }),
        'ResourceNotFoundException',
        'Device does not exist.',
      );
      // The library forgot its keys too: a new device, and the code again.
      const fresh = await signInOn(first.pool);
      expect(fresh.trace).toEqual({
        challenges: ['SOFTWARE_TOKEN_MFA'],
        confirmationNecessary: true,
      });
    },
    SLOW_TEST_MS,
  );

  it(
    "refuses a device whose secret is wrong, and another user's device",
    async () => {
      const storage = new MemoryStorage();
      const { username, signInOn } = await userWithTotp('forge');
      const pool = makePool(server.endpoint, storage);
      const first = await signInOn(pool);
      await remember(first.user);
      const key = `CognitoIdentityServiceProvider.${CLIENT_ID}.${username}.randomPasswordKey`;
      const password = storage.getItem(key);
      expect(password).toBeTruthy();
      storage.setItem(key, `${password}x`);
      await expectCognitoError(
        signInOn(pool),
        'NotAuthorizedException',
        'Incorrect username or password.',
      );
      storage.setItem(key, password ?? '');
      expect((await signInOn(pool)).trace.challenges).toEqual([]);

      // Another user cannot see, change or forget it.
      const deviceKey = storage.getItem(
        `CognitoIdentityServiceProvider.${CLIENT_ID}.${username}.deviceKey`,
      );
      const stranger = await createConfirmedUser(server, makePool(server.endpoint), 'stranger');
      await signIn(stranger.user, PASSWORD);
      const token = stranger.user.getSignInUserSession()?.getAccessToken().getJwtToken();
      for (const [action, extra] of [
        ['GetDevice', {}],
        ['ForgetDevice', {}],
        ['UpdateDeviceStatus', { DeviceRememberedStatus: 'not_remembered' }],
      ] as const) {
        const answer = await call(server.endpoint, action, {
          AccessToken: token,
          DeviceKey: deviceKey,
          ...extra,
        });
        expect(answer.body).toEqual({
          __type: 'ResourceNotFoundException',
          message: 'Device does not exist.',
        });
      }
      expect((await signInOn(pool)).trace.challenges).toEqual([]);
    },
    SLOW_TEST_MS,
  );

  it(
    'lists devices a page at a time',
    async () => {
      const { signInOn } = await userWithTotp('list');
      const signedIn: CognitoUser[] = [];
      for (let i = 0; i < 3; i++) signedIn.push((await signInOn()).user);
      const user = signedIn[2];
      const page1 = await listDevices(user, 2);
      expect(page1.Devices).toHaveLength(2);
      expect(page1.PaginationToken).toEqual(expect.any(String));
      const page2 = await listDevices(user, 2, page1.PaginationToken);
      // The set-up sign-in made a device too: four in all, two pages of two.
      expect(page2.Devices).toHaveLength(2);
      expect(page2.PaginationToken).toBeUndefined();
      const keys = [...page1.Devices, ...page2.Devices].map((d) => d.DeviceKey);
      expect(new Set(keys).size).toBe(4);
      const all = await listDevices(user, 60);
      expect(all.Devices.map((d) => d.DeviceKey)).toEqual(keys);
      expect(all.PaginationToken).toBeUndefined();
      await expectCognitoError(listDevices(user, 61), 'InvalidParameterException');
    },
    SLOW_TEST_MS,
  );
});
