/**
 * Address proofs and code budgets, as an attacker runs them against a listening identity server in
 * raw user-pool calls (and amazon-cognito-identity-js for sign-up): a code proves the one
 * address it was mailed to; a username shaped like an email must be the email attribute; and a
 * caller who spent its budgets for an address does not stop the owner, from another client
 * address (another loopback source address, 127.0.0.x), getting and using a code. On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { callerOf } from '../../../src/server/identity/actions';
import { DATABASE_KINDS } from '../../support/helpers';
import {
  call,
  CLIENT_ID,
  expectCognitoError,
  latestCode,
  mailbox,
  makePool,
  PASSWORD,
  signUp,
  startIdentityServer,
  uniqueName,
  type IdentityServer,
} from './helpers';
import { callFrom } from './callerHelpers';
import { createUser } from './rawHelpers';

/** An access token of `username` (USER_PASSWORD_AUTH: the test server allows every flow). */
async function accessTokenOf(server: IdentityServer, username: string): Promise<string> {
  const answer = await call(server.endpoint, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD },
  });
  expect(answer.status).toBe(200);
  return (answer.body.AuthenticationResult as { AccessToken: string }).AccessToken;
}

/** The user's attributes as a name -> value map (GetUser). */
async function attributesOf(server: IdentityServer, accessToken: string) {
  const answer = await call(server.endpoint, 'GetUser', { AccessToken: accessToken });
  expect(answer.status).toBe(200);
  const list = answer.body.UserAttributes as { Name: string; Value: string }[];
  return Object.fromEntries(list.map((item) => [item.Name, item.Value]));
}

/** A SignUp of `username` with `email` from `source`: status and Cognito error type. */
async function signUpFrom(source: string, server: IdentityServer, username: string, email: string) {
  return callFrom(source, server.endpoint, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
}

/** `count` ForgotPassword calls for `username` from `source`: their statuses. */
async function forgotFrom(source: string, server: IdentityServer, username: string, count = 1) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await callFrom(source, server.endpoint, 'ForgotPassword', {
      ClientId: CLIENT_ID,
      Username: username,
    });
    statuses.push(answer.status);
  }
  return statuses;
}

/** Five 200s, then LimitExceededException: one caller's budget for one address. */
const ONE_CALLERS_SHARE = [200, 200, 200, 200, 200, 400];

describe('callerOf', () => {
  it.each([
    ['127.0.0.2', '127.0.0.2'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as the caller %s', (ip, caller) => {
    expect(callerOf(ip)).toBe(caller);
  });
});

describe.each(DATABASE_KINDS)('address proofs and budgets on %s', (kind) => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({}, kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a code proves the one address it was sent to: the point 6 attack verifies nothing of the victim', async () => {
    const mallory = await createUser(server, 'mallory');
    const token = await accessTokenOf(server, mallory.username);
    const victim = `${uniqueName('victim')}@example.com`;
    const other = `${uniqueName('other')}@example.org`;

    // Six ForgotPassword calls about victim@ spend this caller's budget for that address.
    expect(await forgotFrom('127.0.0.1', server, victim, 6)).toEqual(ONE_CALLERS_SHARE);
    const toOther = await call(server.endpoint, 'UpdateUserAttributes', {
      AccessToken: token,
      UserAttributes: [{ Name: 'email', Value: other }],
    });
    expect(toOther.status).toBe(200);
    const c1 = await latestCode(server.origin, other);
    const toVictim = await call(server.endpoint, 'UpdateUserAttributes', {
      AccessToken: token,
      UserAttributes: [{ Name: 'email', Value: victim }],
    });
    expect({ status: toVictim.status, type: toVictim.body.__type }).toEqual({
      status: 400,
      type: 'LimitExceededException',
    });
    // The refused change stored nothing: C1 still proves other@, the address it was sent to.
    const verify = await call(server.endpoint, 'VerifyUserAttribute', {
      AccessToken: token,
      AttributeName: 'email',
      Code: c1,
    });
    expect(verify.status).toBe(200);
    expect(await attributesOf(server, token)).toMatchObject({
      email: other,
      email_verified: 'true',
    });
    expect(await mailbox(server.origin, victim)).toEqual([]);
    // The victim's own sign-up, from their own address, goes through and gets its code.
    const own = await signUpFrom('127.0.0.2', server, victim, victim);
    expect(own.status).toBe(200);
    expect(await mailbox(server.origin, victim)).toHaveLength(1);
  });

  it('a code mailed to one address does not verify another that is waiting now', async () => {
    const mallory = await createUser(server, 'binder');
    const token = await accessTokenOf(server, mallory.username);
    const first = `${uniqueName('first')}@example.org`;
    const second = `${uniqueName('second')}@example.org`;
    for (const email of [first, second]) {
      const answer = await call(server.endpoint, 'UpdateUserAttributes', {
        AccessToken: token,
        UserAttributes: [{ Name: 'email', Value: email }],
      });
      expect(answer.status).toBe(200);
    }
    const wrong = await call(server.endpoint, 'VerifyUserAttribute', {
      AccessToken: token,
      AttributeName: 'email',
      Code: await latestCode(server.origin, first),
    });
    expect(wrong.body.__type).toBe('CodeMismatchException');
    const right = await call(server.endpoint, 'VerifyUserAttribute', {
      AccessToken: token,
      AttributeName: 'email',
      Code: await latestCode(server.origin, second),
    });
    expect(right.status).toBe(200);
    expect(await attributesOf(server, token)).toMatchObject({ email: second });
  });

  it('refuses a username shaped like an email that is not the email attribute (point 7)', async () => {
    const pool = makePool(server.endpoint);
    const victim = `${uniqueName('named')}@example.com`;
    const attacker = `${uniqueName('att')}@example.com`;
    await expectCognitoError(
      signUp(pool, victim, PASSWORD, attacker),
      'InvalidParameterException',
      'Username cannot be of email format unless it is the email attribute, since user pool is ' +
        'configured for email alias.',
    );
    expect(await mailbox(server.origin, attacker)).toEqual([]);
    // The address's owner signs up with it as username (any case) and gets their code.
    const own = await signUp(pool, victim.toUpperCase(), PASSWORD, victim);
    expect(own.userConfirmed).toBe(false);
    expect(await mailbox(server.origin, victim)).toHaveLength(1);
  });

  it('a caller that spent its budget for a known address does not stop the owner (point 10)', async () => {
    const owner = await createUser(server, 'owner');
    const before = (await mailbox(server.origin, owner.email)).length;
    // The attacker, from 127.0.0.2: five reset mails, then refused.
    expect(await forgotFrom('127.0.0.2', server, owner.username, 6)).toEqual(ONE_CALLERS_SHARE);
    // It also spends its code checks for the address (and the current code's attempts).
    const checks: unknown[] = [];
    for (let i = 0; i < 6; i += 1) {
      const answer = await callFrom('127.0.0.2', server.endpoint, 'ConfirmForgotPassword', {
        ClientId: CLIENT_ID,
        Username: owner.username,
        ConfirmationCode: '000000',
        Password: 'Other-Passw0rd',
      });
      checks.push(answer.body.__type);
    }
    expect(checks.at(-1)).toBe('LimitExceededException');
    // The owner, from 127.0.0.1, still gets a code and uses it.
    expect(await forgotFrom('127.0.0.1', server, owner.username)).toEqual([200]);
    expect(await mailbox(server.origin, owner.email)).toHaveLength(before + 6);
    const reset = await callFrom('127.0.0.1', server.endpoint, 'ConfirmForgotPassword', {
      ClientId: CLIENT_ID,
      Username: owner.username,
      ConfirmationCode: await latestCode(server.origin, owner.email),
      Password: 'Owner-Passw0rd-2',
    });
    expect(reset.status).toBe(200);
  });

  it('requests that send nothing spend none of the address budget, and answer as known ones do', async () => {
    const known = await createUser(server, 'known');
    const unknown = `${uniqueName('nobody')}@example.com`;
    // Each caller's share: the same answers for a known and an unknown address.
    const shares: Record<string, number[][]> = { known: [], unknown: [] };
    for (const [label, name] of [
      ['known', known.email],
      ['unknown', unknown],
    ] as const) {
      for (const source of ['127.0.0.3', '127.0.0.4', '127.0.0.5']) {
        shares[label].push(await forgotFrom(source, server, name, 6));
      }
    }
    expect(shares.unknown).toEqual([ONE_CALLERS_SHARE, ONE_CALLERS_SHARE, ONE_CALLERS_SHARE]);
    expect(shares.known).toEqual(shares.unknown);
    // The address's cap (20 an hour, its sign-up mail included) stops a fourth and fifth caller.
    const more = [
      ...(await forgotFrom('127.0.0.6', server, known.email, 5)),
      ...(await forgotFrom('127.0.0.7', server, known.email, 5)),
    ];
    expect(more).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    expect(await mailbox(server.origin, known.email)).toHaveLength(20);
    // The unknown address has a cap too (its shadow: same rule, nobody's mail)...
    const shadow = [
      ...(await forgotFrom('127.0.0.6', server, unknown, 5)),
      ...(await forgotFrom('127.0.0.7', server, unknown, 5)),
    ];
    expect(shadow).toEqual([200, 200, 200, 200, 200, 400, 400, 400, 400, 400]);
    // ...but nothing was sent to it nor spent of its budget: its owner signs up and gets a code.
    const own = await signUpFrom('127.0.0.8', server, uniqueName('late'), unknown);
    expect(own.status).toBe(200);
    expect(await mailbox(server.origin, unknown)).toHaveLength(1);
  });
});
