/**
 * Remembered devices of a signed-in user (spec §4 "device authentication", §7 device
 * actions). amazon-cognito-identity-js confirms every new device itself at sign-in
 * (ConfirmDevice with an SRP verifier of a random device password) and keeps the device key,
 * group and password in the same storage as the tokens. Remembering it (UpdateDeviceStatus
 * `remembered`) makes later sign-ins from this storage prove the device (DEVICE_SRP_AUTH)
 * instead of asking for the second factor. Works on the library's signed-in `CognitoUser`; the
 * identity client (`identity.ts`) exposes these as methods.
 */
import type { CognitoUser } from 'amazon-cognito-identity-js';
import type { ErrorConversion } from './identityMfa';

/** One of the user's devices, as ListDevices reports it. */
export interface DeviceInfo {
  /** Cognito's device key (`<region>_<uuid>`). */
  key: string;
  /** The device's name (the browser's user agent, as the library sends it), when known. */
  name?: string;
  /** True when sign-ins from it skip the second factor. */
  remembered: boolean;
  /** True for the device of this client's storage. */
  current: boolean;
  /** Last sign-in from it, in milliseconds since the epoch, when known. */
  lastUsedAt?: number;
  /** When it was first seen, in milliseconds since the epoch, when known. */
  createdAt?: number;
}

/** Device methods of the identity client (every failure is an IdentityError). */
export interface IdentityDeviceMethods {
  /**
   * The signed-in user's devices (every page of ListDevices), oldest first, the one of this
   * storage marked `current`.
   */
  listDevices(): Promise<DeviceInfo[]>;
  /**
   * Forgets device `deviceKey` (ForgetDevice): sign-ins from it ask for the second factor again.
   * Forgetting the current device also drops its key from the storage.
   * @throws IdentityError ResourceNotFoundException when the user has no such device.
   */
  forgetDevice(deviceKey: string): Promise<void>;
  /**
   * Remembers this storage's device (UpdateDeviceStatus `remembered`; the library confirmed it
   * with ConfirmDevice when it signed in). Resolves false when the pool tracks no device for
   * this storage (device tracking off), true once remembered.
   */
  rememberDevice(): Promise<boolean>;
}

/** The device key this storage holds for `user`, if any (the library's cache). */
export function currentDeviceKey(user: CognitoUser): string | undefined {
  user.getCachedDeviceKeyAndPassword();
  const key = (user as unknown as { deviceKey?: unknown }).deviceKey;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** Cognito's DeviceType as the JSON API answers it. */
interface DeviceType {
  DeviceKey?: string;
  DeviceAttributes?: { Name?: string; Value?: string }[];
  DeviceCreateDate?: number;
  DeviceLastAuthenticatedDate?: number;
}

/** Epoch seconds (Cognito's dates) to milliseconds, when a number. */
const millis = (seconds: unknown) =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined;

function toDeviceInfo(device: DeviceType, current: string | undefined): DeviceInfo | undefined {
  if (!device.DeviceKey) return undefined;
  const attribute = (name: string) =>
    device.DeviceAttributes?.find((item) => item.Name === name)?.Value;
  const name = attribute('device_name');
  const lastUsedAt = millis(device.DeviceLastAuthenticatedDate);
  const createdAt = millis(device.DeviceCreateDate);
  return {
    key: device.DeviceKey,
    ...(name ? { name } : {}),
    remembered: attribute('dev:device_remembered_status') === 'remembered',
    current: device.DeviceKey === current,
    ...(lastUsedAt !== undefined ? { lastUsedAt } : {}),
    ...(createdAt !== undefined ? { createdAt } : {}),
  };
}

/** Largest ListDevices page (Cognito's limit). */
const PAGE_SIZE = 60;
/** Pages read at most (3,600 devices): a guard against a token that never ends. */
const MAX_PAGES = 60;

/** ListDevices, every page, for the signed-in `user`. */
export async function listDevices(
  user: CognitoUser,
  toError: ErrorConversion,
): Promise<DeviceInfo[]> {
  const current = currentDeviceKey(user);
  const devices: DeviceInfo[] = [];
  let token: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = await new Promise<{ Devices?: DeviceType[]; PaginationToken?: string }>(
      (resolve, reject) =>
        user.listDevices(PAGE_SIZE, token, {
          onSuccess: (result: unknown) =>
            resolve((result ?? {}) as { Devices?: DeviceType[]; PaginationToken?: string }),
          onFailure: (error: unknown) => reject(toError(error)),
        }),
    );
    for (const device of data.Devices ?? []) {
      const info = toDeviceInfo(device, current);
      if (info) devices.push(info);
    }
    token = data.PaginationToken ?? null;
    if (!token) break;
  }
  return devices;
}

/** ForgetDevice of `deviceKey`; the storage's own key is dropped when it is that one. */
export function forgetDevice(
  user: CognitoUser,
  deviceKey: string,
  toError: ErrorConversion,
): Promise<void> {
  const callbacks = (resolve: () => void, reject: (error: Error) => void) => ({
    onSuccess: () => resolve(),
    onFailure: (error: unknown) => reject(toError(error)),
  });
  return new Promise((resolve, reject) => {
    if (deviceKey === currentDeviceKey(user)) user.forgetDevice(callbacks(resolve, reject));
    else user.forgetSpecificDevice(deviceKey, callbacks(resolve, reject));
  });
}

/** UpdateDeviceStatus `remembered` for the storage's device; false when there is none. */
export async function rememberDevice(
  user: CognitoUser,
  toError: ErrorConversion,
): Promise<boolean> {
  if (!currentDeviceKey(user)) return false;
  await new Promise<void>((resolve, reject) =>
    user.setDeviceStatusRemembered({
      onSuccess: () => resolve(),
      onFailure: (error: unknown) => reject(toError(error)),
    }),
  );
  return true;
}
