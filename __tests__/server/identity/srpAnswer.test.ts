/**
 * The PASSWORD_VERIFIER answer's statements (passwordVerifier.ts), on PGlite and PostgreSQL: an
 * SRP sign-in that ends with the tokens at once costs the database two statements, the start
 * and the proven answer, from no device or a known one; whether a sign-in goes that way agrees
 * with `signsInAtOnce` for every state of the user (confirmed, disabled, a new password to set, each second factor and its
 * parts), and the answer is the same as the general way's; a proven answer while the user's key
 * is locked, an expired one and parallel answers of one challenge change nothing they must not.
 */
import { eq } from 'drizzle-orm';
import type { IdentityDb } from '../../../src/server/identity/db';
import {
  idpDevices,
  idpPasswordLockouts,
  idpRefreshTokens,
  users,
  type UserRow,
} from '../../../src/server/identity/schema';
import { signsInAtOnce } from '../../../src/server/identity/actions/users';
import { formatTimestamp } from '../../../src/server/identity/srp';
import { DATABASE_KINDS } from '../../support/helpers';
import { call, PASSWORD, startIdentityServer, type IdentityServer } from './helpers';
import { answer, createUser, startSrp } from './rawHelpers';

/** A sign-in's answer with a new device. */
interface NewDevice {
  AuthenticationResult: { NewDeviceMetadata: { DeviceKey: string } };
}

/** Counts the statements `db`'s driver runs from now on (PGlite or node-postgres). */
function countStatements(db: IdentityDb): { count: () => number; stop: () => void } {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let count = 0;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    count += 1;
    return query.apply(this, args);
  };
  return {
    count: () => count,
    stop: () => {
      client.query = query;
    },
  };
}

/** The states of a user a sign-in reads (the columns of signsInAtOnce). */
type UserState = Pick<
  UserRow,
  | 'confirmed'
  | 'disabled'
  | 'passwordChangeRequired'
  | 'smsMfaEnabled'
  | 'phoneNumber'
  | 'phoneVerified'
  | 'totpEnabled'
  | 'totpSecret'
>;

const PLAIN: UserState = {
  confirmed: true,
  disabled: false,
  passwordChangeRequired: false,
  smsMfaEnabled: false,
  phoneNumber: null,
  phoneVerified: false,
  totpEnabled: false,
  totpSecret: null,
};

/**
 * The second-factor states: each part on and off, the text columns null or set, and set but
 * empty for a factor otherwise on (an empty phone number or TOTP secret turns nothing on).
 */
function mfaStates(): UserState[] {
  const states: UserState[] = [
    { ...PLAIN, smsMfaEnabled: true, phoneNumber: '', phoneVerified: true },
    { ...PLAIN, totpEnabled: true, totpSecret: '' },
  ];
  for (const smsMfaEnabled of [false, true])
    for (const phoneNumber of [null, 'phone'])
      for (const phoneVerified of [false, true])
        for (const totpEnabled of [false, true])
          for (const totpSecret of [null, 'JBSWY3DPEHPK3PXP'])
            states.push({
              ...PLAIN,
              smsMfaEnabled,
              phoneNumber,
              phoneVerified,
              totpEnabled,
              totpSecret,
            });
  return states;
}

describe.each(DATABASE_KINDS)('the PASSWORD_VERIFIER answer on %s', (kind) => {
  let server: IdentityServer;
  /** Added to the real time by the server's clock. */
  let offset = 0;
  let phones = 0;

  beforeAll(async () => {
    server = await startIdentityServer({ clock: () => Date.now() + offset }, kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    offset = 0;
  });

  /** The stored sessions (refresh tokens) of user `sub`. */
  function sessionsOf(sub: string) {
    return server.db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.sub, sub));
  }

  /** A user of `state` (a phone number of its own, so no send budget is shared). */
  async function userIn(label: string, state: UserState) {
    const { username } = await createUser(server, label);
    phones += 1;
    const phoneNumber =
      state.phoneNumber === 'phone' ? `+1555${String(phones).padStart(7, '0')}` : state.phoneNumber;
    const [row] = await server.db
      .update(users)
      .set({ ...state, phoneNumber })
      .where(eq(users.username, username))
      .returning();
    return row;
  }

  /**
   * An SRP sign-in with the right password (from the device `deviceKey`, if given): its answer
   * and the statements the answer ran.
   */
  async function signIn(username: string, deviceKey?: string) {
    const started = await startSrp(server, username);
    const request = await answer(started, PASSWORD);
    if (deviceKey) Object.assign(request.ChallengeResponses, { DEVICE_KEY: deviceKey });
    const counter = countStatements(server.db);
    try {
      const response = await call(server.endpoint, 'RespondToAuthChallenge', request);
      return { response, statements: counter.count() };
    } finally {
      counter.stop();
    }
  }

  it('ends a plain sign-in in two statements: the start and the proven answer', async () => {
    // A first sign-in reads the server secrets the sign-in uses (cached from then on).
    await signIn((await createUser(server, 'warm')).username);
    const { username } = await createUser(server, 'two');
    const counter = countStatements(server.db);
    let statements: number;
    try {
      const started = await startSrp(server, username);
      expect(counter.count()).toBe(1);
      const r = await call(
        server.endpoint,
        'RespondToAuthChallenge',
        await answer(started, PASSWORD),
      );
      statements = counter.count();
      expect(r.body.AuthenticationResult).toMatchObject({
        AccessToken: expect.any(String),
        RefreshToken: expect.any(String),
        NewDeviceMetadata: { DeviceKey: expect.stringMatching(/^local_/) },
      });
    } finally {
      counter.stop();
    }
    expect(statements).toBe(2);
    const [user] = await server.db.select().from(users).where(eq(users.username, username));
    const sessions = await sessionsOf(user.sub);
    expect(sessions).toHaveLength(1);
  });

  it('takes the one-statement way exactly when signsInAtOnce holds, and answers as the general way', async () => {
    const states: UserState[] = [
      PLAIN,
      { ...PLAIN, disabled: true },
      { ...PLAIN, passwordChangeRequired: true },
      { ...PLAIN, confirmed: false },
      ...mfaStates(),
    ];
    for (const [index, state] of states.entries()) {
      const user = await userIn(`state${index}`, state);
      const { response, statements } = await signIn(user.username);
      const atOnce = signsInAtOnce(user);
      const label = JSON.stringify(state);
      // The tokens exactly when the general way (challenges.ts) would give them at once...
      expect({ label, tokens: response.body.AuthenticationResult !== undefined }).toEqual({
        label,
        tokens: atOnce,
      });
      // ...and in one statement exactly then; the general way takes at least two.
      expect({ label, oneStatement: statements === 1 }).toEqual({ label, oneStatement: atOnce });
    }
  });

  it('signs in from a known device in one statement too, and sends a remembered or unknown one the general way', async () => {
    const user = await userIn('device', PLAIN);
    const first = await signIn(user.username);
    const deviceKey = (first.response.body as unknown as NewDevice).AuthenticationResult
      .NewDeviceMetadata.DeviceKey;
    const deviceRow = async (key: string) =>
      (await server.db.select().from(idpDevices).where(eq(idpDevices.deviceKey, key)))[0];
    const before = (await deviceRow(deviceKey)).lastAuthenticatedAt.getTime();

    // Known, not remembered: the tokens, no new device, its last authentication noted.
    const known = await signIn(user.username, deviceKey);
    expect(known.statements).toBe(1);
    expect(known.response.body.AuthenticationResult).toMatchObject({
      AccessToken: expect.any(String),
    });
    expect(known.response.body.AuthenticationResult).not.toHaveProperty('NewDeviceMetadata');
    expect((await deviceRow(deviceKey)).lastAuthenticatedAt.getTime()).toBeGreaterThan(before);

    // Unknown, or another user's: the general way makes a new device.
    const other = await userIn('otherdevice', PLAIN);
    const othersKey = ((await signIn(other.username)).response.body as unknown as NewDevice)
      .AuthenticationResult.NewDeviceMetadata.DeviceKey;
    for (const key of [`local_${user.sub}-unknown`, othersKey]) {
      const unknown = await signIn(user.username, key);
      expect(unknown.statements).toBeGreaterThan(1);
      expect(
        (unknown.response.body as unknown as NewDevice).AuthenticationResult.NewDeviceMetadata
          .DeviceKey,
      ).toMatch(/^local_/);
    }
    expect((await deviceRow(othersKey)).sub).toBe(other.sub);

    // Remembered and confirmed: the general way asks for the device's own SRP.
    await server.db
      .update(idpDevices)
      .set({ remembered: true, salt: 'ab', verifier: 'cd' })
      .where(eq(idpDevices.deviceKey, deviceKey));
    const remembered = await signIn(user.username, deviceKey);
    expect(remembered.statements).toBeGreaterThan(1);
    expect(remembered.response.body.ChallengeName).toBe('DEVICE_SRP_AUTH');
  });

  it('refuses the right password when the key was locked after the start, and stores nothing', async () => {
    const user = await userIn('locked', PLAIN);
    const started = await startSrp(server, user.username);
    await server.db.insert(idpPasswordLockouts).values({
      key: `sub:${user.sub}`,
      failures: 5,
      lockedUntil: new Date(Date.now() + 60_000),
      updatedAt: new Date(),
    });
    const r = await call(
      server.endpoint,
      'RespondToAuthChallenge',
      await answer(started, PASSWORD),
    );
    expect(r.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    const sessions = await sessionsOf(user.sub);
    expect(sessions).toHaveLength(0);
    const [lock] = await server.db
      .select()
      .from(idpPasswordLockouts)
      .where(eq(idpPasswordLockouts.key, `sub:${user.sub}`));
    expect(lock.failures).toBe(5);
  });

  it('refuses a proven answer after the challenge expired', async () => {
    const user = await userIn('late', PLAIN);
    const started = await startSrp(server, user.username);
    offset = 5 * 60_000 + 1_000;
    // Signed at the server's time, so only the challenge's age refuses it.
    const fresh = await answer(started, PASSWORD, formatTimestamp(new Date(Date.now() + offset)));
    const r = await call(server.endpoint, 'RespondToAuthChallenge', fresh);
    expect(r.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
    const sessions = await sessionsOf(user.sub);
    expect(sessions).toHaveLength(0);
  });

  it('signs in one of 12 parallel proven answers of a challenge; the others find it used', async () => {
    const user = await userIn('parallel', PLAIN);
    const request = await answer(await startSrp(server, user.username), PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(server.endpoint, 'RespondToAuthChallenge', request)),
    );
    const signedIn = answers.filter((a) => a.body.AuthenticationResult !== undefined);
    expect(signedIn).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.AuthenticationResult === undefined)) {
      expect(refused.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
    }
    const sessions = await sessionsOf(user.sub);
    expect(sessions).toHaveLength(1);
  });
});
