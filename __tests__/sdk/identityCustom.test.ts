/**
 * The SDK's CUSTOM_AUTH against the identity provider listening on a port: with
 * `authFlow: 'CUSTOM_AUTH'` the password is followed by the custom challenge (a code mailed to
 * the user, read from the local mailbox); `startEmailCodeSignIn` signs in with the code alone,
 * and a second factor the user turned on is still asked for after it.
 */
import {
  createIdentityClient,
  IdentityError,
  MemoryStorage,
  type IdentityClient,
  type IdentityConfig,
  type IdentitySignInStep,
} from '../../src/sdk/identity';
import { totpAt } from '../server/identity/challengeHelpers';
import {
  CLIENT_ID,
  latestCode,
  mailbox,
  PASSWORD,
  POOL_ID,
  startIdentityServer,
  uniqueName,
  type IdentityServer,
} from '../server/identity/helpers';

/** Sign-ins run SRP in JavaScript on a busy machine: a generous time-out. */
const SLOW_TEST_MS = 120_000;

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentityServer();
});
afterAll(async () => {
  await server?.close();
});

/** A client on a device of its own. */
function clientOf(authFlow?: IdentityConfig['authFlow']): IdentityClient {
  return createIdentityClient(
    {
      userPoolId: POOL_ID,
      userPoolClientId: CLIENT_ID,
      identityEndpoint: server.endpoint,
      ...(authFlow ? { authFlow } : {}),
    },
    new MemoryStorage(),
  );
}

/** A confirmed user signed up through the SDK; returns the email. */
async function registered(label: string): Promise<string> {
  const email = `${uniqueName(label)}@example.com`;
  const client = clientOf();
  await client.signUp(email, PASSWORD);
  await client.confirmSignUp(email, await latestCode(server.origin, email));
  return email;
}

/** The custom challenge of `step` (fails the test otherwise). */
function customOf(step: IdentitySignInStep) {
  if (step.kind !== 'challenge' || step.challenge.name !== 'CUSTOM_CHALLENGE') {
    throw new Error(`expected CUSTOM_CHALLENGE, got ${JSON.stringify(step)}`);
  }
  return step.challenge;
}

/** A code that is not `code`. */
const wrongOf = (code: string): string => (code === '000000' ? '111111' : '000000');

const masked = (email: string) => `${email.charAt(0)}***@e***`;

describe('CUSTOM_AUTH in the SDK', () => {
  it(
    'asks for the mailed code after the password, again after a wrong one, then signs in',
    async () => {
      const email = await registered('sdkcustom');
      const client = clientOf('CUSTOM_AUTH');
      const before = (await mailbox(server.origin, email)).length;
      const first = customOf(await client.startSignIn(email, PASSWORD));
      expect(first.destination).toBe(masked(email));
      expect(first.parameters).toMatchObject({ CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL' });
      expect((await mailbox(server.origin, email)).length).toBe(before + 1);
      const code = await latestCode(server.origin, email);
      const again = customOf(await first.answer(wrongOf(code)));
      expect(again.destination).toBe(masked(email));
      const done = await again.answer(` ${code} `);
      expect(done.kind).toBe('signedIn');
      expect((await client.currentUser()).email).toBe(email);
    },
    SLOW_TEST_MS,
  );

  it(
    'signs in without a password, and refuses at the third wrong code',
    async () => {
      const email = await registered('sdknopw');
      const client = clientOf();
      const challenge = customOf(await client.startEmailCodeSignIn(email));
      const done = await challenge.answer(await latestCode(server.origin, email));
      expect(done.kind).toBe('signedIn');
      expect((await client.currentUser()).email).toBe(email);

      const other = clientOf();
      let step = await other.startEmailCodeSignIn(email);
      const code = await latestCode(server.origin, email);
      step = await customOf(step).answer(wrongOf(code));
      step = await customOf(step).answer(wrongOf(code));
      const error = await customOf(step)
        .answer(wrongOf(code))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(IdentityError);
      expect(error).toMatchObject({
        code: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
      await expect(other.getIdToken()).resolves.toBeUndefined();
    },
    SLOW_TEST_MS,
  );

  it(
    'still asks for the authenticator code after the mailed one',
    async () => {
      const email = await registered('sdkcustomtotp');
      const client = clientOf();
      await client.signIn(email, PASSWORD);
      const { secret } = await client.setUpTotp();
      await client.confirmTotp(totpAt(secret, Date.now()));

      const phone = clientOf();
      const challenge = customOf(await phone.startEmailCodeSignIn(email));
      const next = await challenge.answer(await latestCode(server.origin, email));
      if (next.kind !== 'challenge') throw new Error('signed in without the second factor');
      expect(next.challenge.name).toBe('SOFTWARE_TOKEN_MFA');
      if (next.challenge.name !== 'SOFTWARE_TOKEN_MFA') return;
      // The next step's code: the one that turned the app on was used.
      const done = await next.challenge.answer(totpAt(secret, Date.now() + 30_000));
      expect(done.kind).toBe('signedIn');
    },
    SLOW_TEST_MS,
  );
});
