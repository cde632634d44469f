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
  exists,
  gt,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type WithSubquery,
} from 'drizzle-orm';
import { whenGate, type IdentityDb } from '../db';
import { idpErrors } from '../errors';
import { idpDevices, type DeviceRow, type UserRow } from '../schema';
import type { Action, Body, IdentityContext } from './context';
import { required } from './input';
import { refundPasswordCheckOf } from './lockout';
import { prepared, timestamp } from '../../db/prepared';
import { authenticate, sessionStoreOf, type SessionValues } from './session';

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
 * What a finished sign-in writes in the first statement of `trackDevice`: its session (stored
 * by session.ts's `sessionStoreOf`) and, when it proved a password, the lockout key whose
 * reserved check is forgiven (lockout.ts's `refundPasswordCheckOf`).
 */
export interface SignInWrites {
  session: SessionValues;
  refundKey?: string;
}

/** The common table expressions of `writes` of a prepared statement of `db`. */
function signInWritesOf(db: IdentityDb, refund: boolean): WithSubquery[] {
  return [...(refund ? [refundPasswordCheckOf(db)] : []), ...sessionStoreOf(db)];
}

/**
 * The common table expression that notes the authentication of the user's device `deviceKey`
 * (`touched_device`, returning its key; none when the user has no such device) of a prepared
 * statement of `db`. With a `gate` (a common table expression of the same statement), only when
 * it has a row. Values: `deviceKey`, `sub`, `now`.
 */
export function knownDeviceWriteOf(db: IdentityDb, gate?: WithSubquery): WithSubquery {
  const p = sql.placeholder;
  return db.$with('touched_device').as(
    db
      .update(idpDevices)
      .set({ lastAuthenticatedAt: sql`${p('now')}::timestamptz` })
      .where(
        and(eq(idpDevices.deviceKey, p('deviceKey')), eq(idpDevices.sub, p('sub')), whenGate(gate)),
      )
      .returning({ key: idpDevices.deviceKey }),
  );
}

/**
 * The condition that the user `sub` has the device `deviceKey` (placeholders) and that it does
 * not sign in by device SRP: not remembered, or not confirmed ({@link rememberedDevice}'s
 * opposite). A NULL column can only make it false.
 */
export function knownDeviceSql(db: IdentityDb): SQL {
  const p = sql.placeholder;
  return exists(
    db
      .select({ one: sql`1` })
      .from(idpDevices)
      .where(
        and(
          eq(idpDevices.deviceKey, p('deviceKey')),
          eq(idpDevices.sub, p('sub')),
          sql`NOT (${idpDevices.remembered} AND coalesce(${idpDevices.verifier}, '') <> ''
            AND coalesce(${idpDevices.salt}, '') <> '')`,
        ),
      ),
  );
}

/**
 * The statement that notes a known device's authentication, with `writes`: prepared once per
 * database (prepared.ts). Values: `deviceKey`, `sub`, `now` and the writes' values.
 */
function knownDeviceStatement(db: IdentityDb, refund: boolean) {
  return prepared(db, `device-known:${refund}`, () => {
    const touched = knownDeviceWriteOf(db);
    return db
      .with(...signInWritesOf(db, refund), touched)
      .select({ key: sql<string>`device_key` })
      .from(touched);
  });
}

/**
 * The common table expressions that store a new device of a prepared statement of `db`: the
 * user's devices left unconfirmed are dropped, those not remembered are kept up to a bound (the
 * newest ones; the new device, which the deletes do not see, is the newest), and the new device
 * is inserted (`new_device`, returning its key). With a `gate` (a common table expression of the
 * same statement), all three happen only when it has a row. Values: `sub`, `now` and those of
 * {@link newDeviceValues}.
 */
export function newDeviceWritesOf(db: IdentityDb, gate?: WithSubquery): WithSubquery[] {
  const p = sql.placeholder;
  const now = sql<Date>`${p('now')}::timestamptz`;
  const swept = db.$with('swept_devices').as(
    db
      .delete(idpDevices)
      .where(
        and(
          eq(idpDevices.sub, p('sub')),
          isNull(idpDevices.verifier),
          lt(idpDevices.createdAt, sql`${p('unconfirmedBefore')}::timestamptz`),
          whenGate(gate),
        ),
      )
      .returning({ key: idpDevices.deviceKey }),
  );
  // The newest device not remembered past the MAX_FORGETTABLE - 1 kept (the new one, which the
  // deletes do not see, makes MAX_FORGETTABLE), read newest first through
  // idp_devices_forgettable_idx; it and every older one are dropped.
  const newestDropped = db
    .select({ at: idpDevices.lastAuthenticatedAt, key: idpDevices.deviceKey })
    .from(idpDevices)
    .where(and(eq(idpDevices.sub, p('sub')), sql`NOT ${idpDevices.remembered}`))
    .orderBy(desc(idpDevices.lastAuthenticatedAt), desc(idpDevices.deviceKey))
    .offset(MAX_FORGETTABLE - 1)
    .limit(1);
  const trimmed = db.$with('trimmed_devices').as(
    db
      .delete(idpDevices)
      .where(
        and(
          eq(idpDevices.sub, p('sub')),
          sql`NOT ${idpDevices.remembered}`,
          sql`(${idpDevices.lastAuthenticatedAt}, ${idpDevices.deviceKey}) <= (${newestDropped})`,
          whenGate(gate),
        ),
      )
      .returning({ key: idpDevices.deviceKey }),
  );
  const row = {
    deviceKey: sql<string>`${p('newDeviceKey')}`,
    sub: sql<string>`${p('sub')}::uuid`,
    groupKey: sql<string>`${p('groupKey')}`,
    createdAt: now,
    lastModifiedAt: now,
    lastAuthenticatedAt: now,
  };
  const insert = db.insert(idpDevices);
  const inserted = db.$with('new_device').as(
    (gate
      ? insert.select(
          db
            .select({
              deviceKey: row.deviceKey.as('device_key'),
              sub: row.sub.as('sub'),
              groupKey: row.groupKey.as('group_key'),
              salt: sql<string | null>`NULL`.as('salt'),
              verifier: sql<string | null>`NULL`.as('verifier'),
              name: sql<string | null>`NULL`.as('name'),
              remembered: sql<boolean>`false`.as('remembered'),
              createdAt: sql<Date>`${now}`.as('created_at'),
              lastModifiedAt: sql<Date>`${now}`.as('last_modified_at'),
              lastAuthenticatedAt: sql<Date>`${now}`.as('last_authenticated_at'),
            })
            .from(gate),
        )
      : insert.values(row)
    ).returning({ key: idpDevices.deviceKey }),
  );
  return [swept, trimmed, inserted];
}

/**
 * The values of a new device for {@link newDeviceWritesOf} of a sign-in at ISO time `now`: its
 * keys (as Cognito's: `<region>_<uuid>` and `-<random>`) and the bound of unconfirmed devices.
 */
export function newDeviceValues(ctx: IdentityContext, now: string) {
  const region = ctx.poolId.split('_')[0] || 'local';
  return {
    newDeviceKey: `${region}_${randomUUID()}`,
    groupKey: `-${randomBytes(9).toString('base64url')}`,
    unconfirmedBefore: timestamp(Date.parse(now) - UNCONFIRMED_TTL_MS),
  };
}

/**
 * The statement that stores a new device (with `writes` when `writes` is set), prepared once per
 * database and kind. Values: those of {@link newDeviceWritesOf} and the writes' values.
 */
function newDeviceStatement(db: IdentityDb, writes: 'none' | 'session' | 'session+refund') {
  return prepared(db, `device-new:${writes}`, () => {
    const also = writes === 'none' ? [] : signInWritesOf(db, writes === 'session+refund');
    const device = newDeviceWritesOf(db);
    const inserted = device[device.length - 1];
    return db
      .with(...also, ...device)
      .select({ stored: sql<number>`1` })
      .from(inserted);
  });
}

/**
 * After a sign-in: the device's last authentication is noted when the client named one of the
 * user's devices; otherwise a new device is made and its NewDeviceMetadata returned. `writes`
 * (the session, the forgiven password check) are written in the first statement: a sign-in
 * from a new device is one round trip.
 */
export async function trackDevice(
  ctx: IdentityContext,
  user: UserRow,
  deviceKey: string | null | undefined,
  writes: SignInWrites,
): Promise<Body | undefined> {
  const refund = writes.refundKey !== undefined;
  const values = {
    ...writes.session,
    ...(refund ? { refundKey: writes.refundKey } : {}),
    sub: user.sub,
  };
  let written = false;
  if (deviceKey) {
    const known = await knownDeviceStatement(ctx.db, refund).execute({ ...values, deviceKey });
    if (known.length > 0) return undefined;
    written = true;
  }
  const device = newDeviceValues(ctx, values.now);
  const kind = written ? 'none' : refund ? 'session+refund' : 'session';
  await newDeviceStatement(ctx.db, kind).execute({ ...values, ...device });
  return { DeviceKey: device.newDeviceKey, DeviceGroupKey: device.groupKey };
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
