/**
 * The SDK's sign-in answering challenges, and the two-factor settings of a signed-in
 * user, through amazon-cognito-identity-js against the identity provider listening on a port.
 * Authenticator codes are made with otplib at the server's clock (real time plus `offset`,
 * moved a 30 s step on before a step is used again: the provider accepts each step once).
 */
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/identity/schema';
import {
  createIdentityClient,
  IdentityError,
  MemoryStorage,
  TOTP_ISSUER,
  UNSUPPORTED_CHALLENGE,
  type IdentityClient,
  type IdentitySignInStep,
} from '../../src/sdk/identity';
import {
  latestSms,
  setMfa,
  totpAt,
  uniquePhone,
  updateAttributes,
  verifyAttribute,
} from '../server/identity/challengeHelpers';
import {
  CLIENT_ID,
  latestCode,
  makePool,
  PASSWORD,
  POOL_ID,
  signIn as librarySignIn,
  startIdentityServer,
  uniqueName,
  userOf,
  type IdentityServer,
} from '../server/identity/helpers';

/** Sign-ins run SRP in JavaScript on a busy machine: a generous time-out. */
const SLOW_TEST_MS = 120_000;

let offset = 0;
const clock = () => Date.now() + offset;
const code = (secret: string) => totpAt(secret, clock());
/** Moves the server's clock a TOTP step on. */
const nextStep = () => {
  offset += 30_000;
};

/** A code no step near now shows for `secret`. */
function wrongCode(secret: string): string {
  const near = [-30_000, 0, 30_000].map((delta) => totpAt(secret, clock() + delta));
  let candidate = Number(near[1]);
  do candidate = (candidate + 1) % 1e6;
  while (near.includes(String(candidate).padStart(6, '0')));
  return String(candidate).padStart(6, '0');
}

/** A client on a device of its own against `server`. */
function clientOf(server: IdentityServer): IdentityClient {
  return createIdentityClient(
    { userPoolId: POOL_ID, userPoolClientId: CLIENT_ID, identityEndpoint: server.endpoint },
    new MemoryStorage(),
  );
}

/** A confirmed user signed up through the SDK; returns the email. */
async function registered(server: IdentityServer, label: string): Promise<string> {
  const email = `${uniqueName(label)}@example.com`;
  const client = clientOf(server);
  await client.signUp(email, PASSWORD);
  await client.confirmSignUp(email, await latestCode(server.origin, email));
  return email;
}

/** What `promise` rejects with, as an IdentityError's code and message. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityError);
  return { code: (error as IdentityError).code, message: (error as IdentityError).message };
}

/** The challenge of `step` (fails the test when signed in). */
function challengeOf(step: IdentitySignInStep) {
  if (step.kind !== 'challenge') throw new Error('expected a challenge, got a session');
  return step.challenge;
}

describe('challenges of an optional-MFA pool', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({ clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'sets an authenticator app up, asks for its code at sign-in, and turns it off',
    async () => {
      const email = await registered(server, 'totp');
      const client = clientOf(server);
      await client.signIn(email, PASSWORD);
      expect(await client.mfaSettings()).toEqual({ enabled: [] });

      const setup = await client.setUpTotp();
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(setup.uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/${TOTP_ISSUER}:${email}`);
      expect(Object.fromEntries(uri.searchParams)).toEqual({
        secret: setup.secret,
        issuer: TOTP_ISSUER,
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      const wrong = wrongCode(setup.secret);
      expect((await failure(client.confirmTotp(wrong))).code).toMatch(
        /^(CodeMismatchException|EnableSoftwareTokenMFAException)$/,
      );
      expect(await client.mfaSettings()).toEqual({ enabled: [] });
      await client.confirmTotp(code(setup.secret));
      expect(await client.mfaSettings()).toEqual({
        enabled: ['SOFTWARE_TOKEN_MFA'],
        preferred: 'SOFTWARE_TOKEN_MFA',
      });

      // Without a handler, signIn names the challenge it cannot answer.
      const phone = clientOf(server);
      const unsupported = await failure(phone.signIn(email, PASSWORD));
      expect(unsupported.code).toBe(UNSUPPORTED_CHALLENGE);
      expect(unsupported.message).toContain('SOFTWARE_TOKEN_MFA');
      await expect(phone.getIdToken()).resolves.toBeUndefined();

      // A wrong code is refused; the same challenge then takes the right one.
      nextStep();
      const challenge = challengeOf(await phone.startSignIn(email, PASSWORD));
      expect(challenge.name).toBe('SOFTWARE_TOKEN_MFA');
      if (challenge.name !== 'SOFTWARE_TOKEN_MFA') return;
      const refused = wrongCode(setup.secret);
      expect(await failure(challenge.answer(refused))).toMatchObject({
        code: 'CodeMismatchException',
      });
      const step = await challenge.answer(code(setup.secret));
      expect(step.kind).toBe('signedIn');
      expect((await phone.currentUser()).email).toBe(email);

      // Turned off: sign-in asks for nothing.
      await phone.disableTotp();
      expect(await phone.mfaSettings()).toEqual({ enabled: [] });
      const third = clientOf(server);
      expect((await third.startSignIn(email, PASSWORD)).kind).toBe('signedIn');
    },
    SLOW_TEST_MS,
  );

  it(
    'answers SELECT_MFA_TYPE then SMS_MFA with the texted code through a handler',
    async () => {
      const email = await registered(server, 'select');
      const user = userOf(makePool(server.endpoint), email);
      await librarySignIn(user, PASSWORD);
      const phone = uniquePhone();
      await updateAttributes(user, { phone_number: phone });
      await verifyAttribute(user, 'phone_number', await latestSms(server.origin, phone));
      const client = clientOf(server);
      await client.signIn(email, PASSWORD);
      const { secret } = await client.setUpTotp();
      await client.confirmTotp(code(secret));
      await setMfa(
        user,
        { Enabled: true, PreferredMfa: false },
        { Enabled: true, PreferredMfa: false },
      );

      const seen: unknown[] = [];
      const session = await clientOf(server).signIn(email, PASSWORD, async (challenge) => {
        switch (challenge.name) {
          case 'SELECT_MFA_TYPE':
            seen.push({ name: challenge.name, choices: challenge.choices });
            return challenge.answer('SMS_MFA');
          case 'SMS_MFA':
            seen.push({ name: challenge.name, destination: challenge.destination });
            return challenge.answer(await latestSms(server.origin, phone));
          default:
            throw new Error(`unexpected ${challenge.name}`);
        }
      });
      expect(seen).toEqual([
        { name: 'SELECT_MFA_TYPE', choices: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'] },
        { name: 'SMS_MFA', destination: `+${'*'.repeat(phone.length - 5)}${phone.slice(-4)}` },
      ]);
      expect(session.idTokenPayload.email).toBe(email);
    },
    SLOW_TEST_MS,
  );

  it(
    'sets a new password when the one given was temporary',
    async () => {
      const email = await registered(server, 'temporary');
      await server.db
        .update(users)
        .set({ passwordChangeRequired: true })
        .where(eq(users.email, email));
      const client = clientOf(server);
      const challenge = challengeOf(await client.startSignIn(email, PASSWORD));
      expect(challenge).toMatchObject({
        name: 'NEW_PASSWORD_REQUIRED',
        userAttributes: { email, email_verified: 'true' },
        requiredAttributes: [],
      });
      if (challenge.name !== 'NEW_PASSWORD_REQUIRED') return;
      expect(await failure(challenge.answer('weak'))).toEqual({
        code: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      });
      const proposed = 'Brand-new-Passw0rd';
      expect((await challenge.answer(proposed)).kind).toBe('signedIn');
      expect((await client.currentUser()).email).toBe(email);
      expect((await clientOf(server).startSignIn(email, proposed)).kind).toBe('signedIn');
      expect((await failure(clientOf(server).signIn(email, PASSWORD))).code).toBe(
        'NotAuthorizedException',
      );
    },
    SLOW_TEST_MS,
  );
});

describe('a pool requiring MFA', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({ clock, mfaConfiguration: 'ON' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'sets an authenticator app up during sign-in (MFA_SETUP)',
    async () => {
      const email = await registered(server, 'setup');
      const client = clientOf(server);
      const challenge = challengeOf(await client.startSignIn(email, PASSWORD));
      expect(challenge.name).toBe('MFA_SETUP');
      if (challenge.name !== 'MFA_SETUP') return;
      const secret = await challenge.associate();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect((await failure(challenge.answer(wrongCode(secret)))).code).toBe(
        'EnableSoftwareTokenMFAException',
      );
      expect((await challenge.answer(code(secret), 'My phone')).kind).toBe('signedIn');
      expect((await client.currentUser()).email).toBe(email);
      expect(await client.mfaSettings()).toEqual({
        enabled: ['SOFTWARE_TOKEN_MFA'],
        preferred: 'SOFTWARE_TOKEN_MFA',
      });
      nextStep();
      const next = challengeOf(await clientOf(server).startSignIn(email, PASSWORD));
      expect(next.name).toBe('SOFTWARE_TOKEN_MFA');
    },
    SLOW_TEST_MS,
  );
});
