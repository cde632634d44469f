/**
 * CUSTOM_AUTH through amazon-cognito-identity-js against a listening server: SRP,
 * then a code mailed to the user (the built-in custom challenge), read from the local mailbox;
 * wrong codes, the third wrong code, reused and expired Sessions; and the passwordless flow
 * (`CognitoUser.initiateAuth`), whose decoy for an unknown name answers as a real one does.
 */
import { AuthenticationDetails, type CognitoUser } from 'amazon-cognito-identity-js';
import { DATABASE_KINDS } from '../../support/helpers';
import {
  call,
  CLIENT_ID,
  createConfirmedUser,
  expectCognitoError,
  latestCode,
  mailbox,
  makePool,
  PASSWORD,
  startIdentityServer,
  uniqueName,
  userOf,
  type IdentityServer,
} from './helpers';

/** A stopped clock when set (the expiry test), else the real one. */
let frozenAt: number | undefined;
/** Added to the clock. */
let offset = 0;

/** Sign-ins run SRP in JavaScript on a busy machine: a generous time-out. */
const SLOW_TEST_MS = 120_000;

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentityServer({ clock: () => (frozenAt ?? Date.now()) + offset });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  frozenAt = undefined;
  offset = 0;
});

/** What a custom sign-in went through. */
interface CustomTrace {
  /** The ChallengeParameters of each CUSTOM_CHALLENGE met, in order. */
  challenges: Record<string, string>[];
  /** The id token's email, when signed in. */
  email?: string;
}

/**
 * Signs in with CUSTOM_AUTH (SRP first when `password` is given, passwordless otherwise),
 * answering each CUSTOM_CHALLENGE with `answer(parameters, attempt)`; rejects on the first error.
 */
function customSignIn(
  user: CognitoUser,
  password: string | undefined,
  answer: (parameters: Record<string, string>, attempt: number) => Promise<string>,
  trace: CustomTrace = { challenges: [] },
): Promise<CustomTrace> {
  return new Promise((resolve, reject) => {
    const fail = (name: string) => () => reject(new Error(`unexpected ${name}`));
    const callbacks = {
      onSuccess: (session: { getIdToken(): { payload: Record<string, unknown> } }) => {
        trace.email = String(session.getIdToken().payload.email);
        resolve(trace);
      },
      onFailure: reject,
      customChallenge: (parameters: Record<string, string>) => {
        trace.challenges.push(parameters);
        answer(parameters, trace.challenges.length - 1).then(
          (code) => user.sendCustomChallengeAnswer(code, callbacks),
          reject,
        );
      },
      mfaRequired: fail('mfaRequired'),
      totpRequired: fail('totpRequired'),
      newPasswordRequired: fail('newPasswordRequired'),
    };
    if (password === undefined) {
      user.initiateAuth(new AuthenticationDetails({ Username: user.getUsername() }), callbacks);
    } else {
      user.setAuthenticationFlowType('CUSTOM_AUTH');
      const details = new AuthenticationDetails({
        Username: user.getUsername(),
        Password: password,
      });
      user.authenticateUser(details, callbacks);
    }
  });
}

/** A code that is not `code`. */
const wrongOf = (code: string): string => (code === '000000' ? '111111' : '000000');

/** A raw CUSTOM_CHALLENGE answer. */
function respond(session: unknown, username: string, answer: string) {
  return call(server.endpoint, 'RespondToAuthChallenge', {
    ClientId: CLIENT_ID,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: session,
    ChallengeResponses: { USERNAME: username, ANSWER: answer },
  });
}

/** A raw passwordless start for `name`. */
function startPasswordless(name: string) {
  return call(server.endpoint, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'CUSTOM_AUTH',
    AuthParameters: { USERNAME: name },
  });
}

describe('CUSTOM_AUTH after SRP', () => {
  it(
    'mails a code after the password and signs in with it; the parameters mask the address',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email } = await createConfirmedUser(server, pool, 'custom');
      const before = (await mailbox(server.origin, email)).length;
      const trace = await customSignIn(userOf(pool, username), PASSWORD, () =>
        latestCode(server.origin, email),
      );
      expect(trace.email).toBe(email);
      expect(trace.challenges).toEqual([
        {
          USERNAME: username,
          CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
          CODE_DELIVERY_DESTINATION: `${email.charAt(0)}***@e***`,
        },
      ]);
      const mails = await mailbox(server.origin, email);
      expect(mails.length).toBe(before + 1);
      expect(mails[0].subject).toBe('Your Peanut VPN sign-in code');
      expect(mails[0].text).toContain(mails[0].code);
    },
    SLOW_TEST_MS,
  );

  it(
    'refuses a wrong password before any code is mailed',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email } = await createConfirmedUser(server, pool, 'custompw');
      const before = (await mailbox(server.origin, email)).length;
      await expectCognitoError(
        customSignIn(userOf(pool, username), 'Wrong-Passw0rd', () =>
          latestCode(server.origin, email),
        ),
        'NotAuthorizedException',
        'Incorrect username or password.',
      );
      expect((await mailbox(server.origin, email)).length).toBe(before);
    },
    SLOW_TEST_MS,
  );

  it(
    'asks again after a wrong code (new Session, same mailed code), then takes the right one',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email } = await createConfirmedUser(server, pool, 'customretry');
      const trace = await customSignIn(userOf(pool, username), PASSWORD, async (_p, attempt) => {
        const code = await latestCode(server.origin, email);
        return attempt === 0 ? wrongOf(code) : code;
      });
      expect(trace.challenges).toHaveLength(2);
      expect(trace.challenges[1]).toEqual(trace.challenges[0]);
      expect(trace.email).toBe(email);
    },
    SLOW_TEST_MS,
  );

  it(
    'refuses the sign-in at the third wrong code, and the right code after it',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email } = await createConfirmedUser(server, pool, 'customthree');
      const user = userOf(pool, username);
      let right = '';
      const trace: CustomTrace = { challenges: [] };
      await expectCognitoError(
        customSignIn(
          user,
          PASSWORD,
          async () => {
            right = await latestCode(server.origin, email);
            return wrongOf(right);
          },
          trace,
        ),
        'NotAuthorizedException',
        'Incorrect username or password.',
      );
      expect(trace.challenges).toHaveLength(3);
      // The library still holds the last Session: it was used by the third wrong code.
      const after = await respond(
        (user as unknown as { Session: string }).Session,
        username,
        right,
      );
      expect(after.body.__type).toBe('NotAuthorizedException');
    },
    SLOW_TEST_MS,
  );
});

describe('CUSTOM_AUTH without a password', () => {
  it(
    'signs in with the mailed code alone, by username or by email',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email } = await createConfirmedUser(server, pool, 'nopw');
      const byName = await customSignIn(userOf(pool, username), undefined, () =>
        latestCode(server.origin, email),
      );
      expect(byName.email).toBe(email);
      const byEmail = await customSignIn(userOf(makePool(server.endpoint), email), undefined, () =>
        latestCode(server.origin, email),
      );
      expect(byEmail.email).toBe(email);
      expect(byEmail.challenges[0].CODE_DELIVERY_DESTINATION).toBe(`${email.charAt(0)}***@e***`);
    },
    SLOW_TEST_MS,
  );

  it(
    'uses each Session once and never takes a code twice',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email } = await createConfirmedUser(server, pool, 'reuse');
      const started = await startPasswordless(username);
      expect(started.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
      const code = await latestCode(server.origin, email);
      const first = await respond(started.body.Session, username, code);
      expect(first.body.AuthenticationResult).toMatchObject({ TokenType: 'Bearer' });
      const replay = await respond(started.body.Session, username, code);
      expect(replay.body).toMatchObject({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
      // A new challenge mails a new code; the old one does not answer it.
      const again = await startPasswordless(username);
      const newCode = await latestCode(server.origin, email);
      const old = await respond(
        again.body.Session,
        username,
        code === newCode ? wrongOf(code) : code,
      );
      expect(old.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
      expect(old.body.Session).not.toBe(again.body.Session);
      const reused = await respond(again.body.Session, username, newCode);
      expect(reused.body.__type).toBe('NotAuthorizedException');
      const right = await respond(old.body.Session, username, newCode);
      expect(right.body.AuthenticationResult).toBeDefined();
    },
    SLOW_TEST_MS,
  );

  it(
    'refuses the right code after the challenge expired (3 minutes)',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email } = await createConfirmedUser(server, pool, 'expiry');
      frozenAt = Date.now();
      const started = await startPasswordless(username);
      const code = await latestCode(server.origin, email);
      const wrong = await respond(started.body.Session, username, wrongOf(code));
      expect(wrong.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
      // The retry's Session keeps the first one's expiry: the code lives 3 minutes in all.
      offset = 3 * 60_000 + 1000;
      const late = await respond(wrong.body.Session, username, code);
      expect(late.body).toMatchObject({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
    },
    SLOW_TEST_MS,
  );

  it(
    'answers a name that belongs to nobody as it answers a real one, and mails nothing',
    async () => {
      const pool = makePool(server.endpoint);
      const { username } = await createConfirmedUser(server, pool, 'real');
      const ghost = `${uniqueName('ghost')}@example.com`;
      const real = await startPasswordless(username);
      const fake = await startPasswordless(ghost);
      expect(Object.keys(fake.body).sort()).toEqual(Object.keys(real.body).sort());
      expect(String(fake.body.Session)).toHaveLength(String(real.body.Session).length);
      expect(fake.body.ChallengeParameters).toEqual({
        USERNAME: ghost,
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: `${ghost.charAt(0)}***@e***`,
      });
      expect(await mailbox(server.origin, ghost)).toEqual([]);
      // Two wrong answers ask again, the third is refused as a real user's is; a reused decoy
      // Session is refused as a reused real one is.
      let session = fake.body.Session;
      for (let i = 0; i < 2; i++) {
        const next = await respond(session, ghost, '123456');
        expect(next.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
        const reused = await respond(session, ghost, '123456');
        expect(reused.body).toMatchObject({ message: 'Invalid session for the user.' });
        session = next.body.Session;
      }
      const last = await respond(session, ghost, '123456');
      expect(last.body).toMatchObject({
        __type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    },
    SLOW_TEST_MS,
  );

  it('refuses an unknown CHALLENGE_NAME and a made-up Session', async () => {
    const bad = await call(server.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: 'someone', CHALLENGE_NAME: 'NOPE' },
    });
    expect(bad.body.__type).toBe('InvalidParameterException');
    const forged = await respond(Buffer.alloc(48, 7).toString('base64'), 'someone', '123456');
    expect(forged.body).toMatchObject({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });
});

describe.each(DATABASE_KINDS)('parallel answers on %s', (kind) => {
  let parallel: IdentityServer;
  beforeAll(async () => {
    parallel = await startIdentityServer({}, kind);
  });
  afterAll(async () => {
    await parallel?.close();
  });

  it('takes one of 20 parallel answers of a Session; the others find it used', async () => {
    const pool = makePool(parallel.endpoint);
    const { username, email } = await createConfirmedUser(parallel, pool, 'burst');
    const started = await call(parallel.endpoint, 'InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: username },
    });
    const code = await latestCode(parallel.origin, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(parallel.endpoint, 'RespondToAuthChallenge', {
          ClientId: CLIENT_ID,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: started.body.Session,
          ChallengeResponses: { USERNAME: username, ANSWER: code },
        }),
      ),
    );
    const signedIn = answers.filter((answer) => answer.body.AuthenticationResult !== undefined);
    expect(signedIn).toHaveLength(1);
    for (const answer of answers.filter((a) => a.body.AuthenticationResult === undefined)) {
      expect(answer.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
    }
  });
});
