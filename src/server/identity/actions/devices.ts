/**
 * Remembered devices (spec §4 "device authentication" and §7 device actions), as
 * Cognito's device tracking with user opt-in: a sign-in without a known device gets
 * NewDeviceMetadata (a device key and group key); the client confirms it with an SRP verifier
 * of a random password it keeps (ConfirmDevice, answering UserConfirmationNecessary); once the
 * user chose to remember it (UpdateDeviceStatus), sign-ins from it prove the device by SRP
 * (deviceAuth.ts) instead of the second factor. Every action touches the caller's devices only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type WithSubquery,
} from 'drizzle-orm';
import { idpErrors } from '../errors';
import { idpDevices, type DeviceRow, type UserRow } from '../schema';
import type { Action, Body, IdentityContext } from './context';
import { required } from './input';
import { authenticate } from './session';

/** A device not confirmed within this time is dropped (the client confirms at once). */
const UNCONFIRMED_TTL_MS = 3600_000;
/** Devices not remembered kept per user (older ones are dropped as new ones come). */
const MAX_FORGETTABLE = 50;
/** ListDevices' largest and default Limit (Cognito's). */
const MAX_LIMIT = 60;

/** The caller's device `deviceKey` that is remembered and confirmed, if any. */
export async function rememberedDevice(
  ctx: IdentityContext,
  user: UserRow,
  deviceKey: string,
): Promise<DeviceRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(idpDevices)
    .where(and(eq(idpDevices.deviceKey, deviceKey), eq(idpDevices.sub, user.sub)));
  return row?.remembered && row.verifier && row.salt ? row : undefined;
}

/**
 * After a sign-in: the device's last authentication is noted when the client named one of the
 * user's devices; otherwise a new device is made and its NewDeviceMetadata returned. `also`
 * (common table expressions, e.g. session.ts's `newSession().store`) run in the first statement.
 */
export async function trackDevice(
  ctx: IdentityContext,
  user: UserRow,
  deviceKey?: string | null,
  also: WithSubquery[] = [],
): Promise<Body | undefined> {
  const now = new Date(ctx.clock());
  if (deviceKey) {
    const known = await ctx.db
      .with(...also)
      .update(idpDevices)
      .set({ lastAuthenticatedAt: now })
      .where(and(eq(idpDevices.deviceKey, deviceKey), eq(idpDevices.sub, user.sub)))
      .returning({ key: idpDevices.deviceKey });
    if (known.length > 0) return undefined;
    also = [];
  }
  const region = ctx.poolId.split('_')[0] || 'local';
  const key = `${region}_${randomUUID()}`;
  const groupKey = `-${randomBytes(9).toString('base64url')}`;
  // One statement: the user's devices left unconfirmed are dropped, and those not remembered
  // are kept up to a bound (the newest ones; the new device, which the deletes do not see,
  // is the newest), as the new device is stored.
  const swept = ctx.db.$with('swept_devices').as(
    ctx.db
      .delete(idpDevices)
      .where(
        and(
          eq(idpDevices.sub, user.sub),
          isNull(idpDevices.verifier),
          lt(idpDevices.createdAt, new Date(now.getTime() - UNCONFIRMED_TTL_MS)),
        ),
      )
      .returning({ key: idpDevices.deviceKey }),
  );
  const keep = ctx.db
    .select({ key: idpDevices.deviceKey })
    .from(idpDevices)
    .where(and(eq(idpDevices.sub, user.sub), eq(idpDevices.remembered, false)))
    .orderBy(desc(idpDevices.lastAuthenticatedAt), desc(idpDevices.deviceKey))
    .limit(MAX_FORGETTABLE - 1);
  const trimmed = ctx.db.$with('trimmed_devices').as(
    ctx.db
      .delete(idpDevices)
      .where(
        and(
          eq(idpDevices.sub, user.sub),
          eq(idpDevices.remembered, false),
          notInArray(idpDevices.deviceKey, keep),
        ),
      )
      .returning({ key: idpDevices.deviceKey }),
  );
  await ctx.db
    .with(...also, swept, trimmed)
    .insert(idpDevices)
    .values({
      deviceKey: key,
      sub: user.sub,
      groupKey,
      createdAt: now,
      lastModifiedAt: now,
      lastAuthenticatedAt: now,
    });
  return { DeviceKey: key, DeviceGroupKey: groupKey };
}

/** The caller's device of the request's DeviceKey; ResourceNotFoundException otherwise. */
async function ownDevice(ctx: IdentityContext, user: UserRow, input: Body): Promise<DeviceRow> {
  const deviceKey = required(input, 'DeviceKey');
  const [row] = await ctx.db
    .select()
    .from(idpDevices)
    .where(and(eq(idpDevices.deviceKey, deviceKey), eq(idpDevices.sub, user.sub)));
  if (!row) throw idpErrors.deviceNotFound();
  return row;
}

/** Cognito's DeviceType of a device (dates in epoch seconds). */
function deviceType(row: DeviceRow): Body {
  const attributes = [
    { Name: 'device_status', Value: row.verifier ? 'valid' : 'invalid' },
    {
      Name: 'dev:device_remembered_status',
      Value: row.remembered ? 'remembered' : 'not_remembered',
    },
  ];
  if (row.name) attributes.push({ Name: 'device_name', Value: row.name });
  return {
    DeviceKey: row.deviceKey,
    DeviceAttributes: attributes,
    DeviceCreateDate: row.createdAt.getTime() / 1000,
    DeviceLastModifiedDate: row.lastModifiedAt.getTime() / 1000,
    DeviceLastAuthenticatedDate: row.lastAuthenticatedAt.getTime() / 1000,
  };
}

/** Bytes of a base64 parameter as hex; InvalidParameterException when empty. */
function base64Hex(config: Body, name: string): string {
  const hex = Buffer.from(required(config, name), 'base64').toString('hex');
  if (hex === '' || /^0*$/.test(hex)) throw idpErrors.invalidParameter(`Invalid ${name}.`);
  return hex;
}

/**
 * ConfirmDevice: stores the device's SRP salt and verifier (DeviceSecretVerifierConfig) and
 * name; answers UserConfirmationNecessary (the user opts in with UpdateDeviceStatus).
 */
export const confirmDevice: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const device = await ownDevice(ctx, user, input);
  const config = input.DeviceSecretVerifierConfig;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw idpErrors.invalidParameter('Missing required parameter DeviceSecretVerifierConfig');
  }
  const salt = base64Hex(config as Body, 'Salt');
  const verifier = base64Hex(config as Body, 'PasswordVerifier');
  const name = typeof input.DeviceName === 'string' ? input.DeviceName.slice(0, 1024) : null;
  await ctx.db
    .update(idpDevices)
    .set({ salt, verifier, name, lastModifiedAt: new Date(ctx.clock()) })
    .where(eq(idpDevices.deviceKey, device.deviceKey));
  return { UserConfirmationNecessary: true };
};

/** GetDevice: one of the caller's devices. */
export const getDevice: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  return { Device: deviceType(await ownDevice(ctx, user, input)) };
};

/** The position a PaginationToken names: a device's creation time and key. */
function parseToken(token: string): { at: Date; key: string } {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    const [at, key] = parsed as [unknown, unknown];
    if (typeof at === 'number' && typeof key === 'string') return { at: new Date(at), key };
  } catch {
    // Falls through to the error.
  }
  throw idpErrors.invalidParameter('Invalid pagination token.');
}

/** ListDevices: the caller's confirmed devices, oldest first, `Limit` per page (1-60). */
export const listDevices: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const limit = input.Limit === undefined ? MAX_LIMIT : input.Limit;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
    throw idpErrors.invalidParameter(
      "1 validation error detected: Value at 'limit' failed to satisfy constraint: " +
        'Member must have value less than or equal to 60',
    );
  }
  const size = limit || MAX_LIMIT;
  const after =
    typeof input.PaginationToken === 'string' ? parseToken(input.PaginationToken) : undefined;
  const rows = await ctx.db
    .select()
    .from(idpDevices)
    .where(
      and(
        eq(idpDevices.sub, user.sub),
        isNotNull(idpDevices.verifier),
        after
          ? or(
              gt(idpDevices.createdAt, after.at),
              and(eq(idpDevices.createdAt, after.at), gt(idpDevices.deviceKey, after.key)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(idpDevices.createdAt), asc(idpDevices.deviceKey))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = rows.length > size ? rows[size - 1] : undefined;
  return {
    Devices: page.map(deviceType),
    ...(last
      ? {
          PaginationToken: Buffer.from(
            JSON.stringify([last.createdAt.getTime(), last.deviceKey]),
          ).toString('base64url'),
        }
      : {}),
  };
};

/** ForgetDevice: the device signs in with the second factor again. */
export const forgetDevice: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const device = await ownDevice(ctx, user, input);
  await ctx.db.delete(idpDevices).where(eq(idpDevices.deviceKey, device.deviceKey));
  return {};
};

/** UpdateDeviceStatus: `remembered` or `not_remembered`. */
export const updateDeviceStatus: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const device = await ownDevice(ctx, user, input);
  const status = input.DeviceRememberedStatus;
  if (status !== 'remembered' && status !== 'not_remembered') {
    throw idpErrors.invalidParameter(
      "1 validation error detected: Value at 'deviceRememberedStatus' failed to satisfy " +
        'constraint: Member must satisfy enum value set: [remembered, not_remembered]',
    );
  }
  await ctx.db
    .update(idpDevices)
    .set({ remembered: status === 'remembered', lastModifiedAt: new Date(ctx.clock()) })
    .where(eq(idpDevices.deviceKey, device.deviceKey));
  return {};
};
