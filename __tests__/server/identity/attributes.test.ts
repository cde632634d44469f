/**
 * The user's own attributes through amazon-cognito-identity-js against a listening
 * server: changing the email (kept until a mailed code proves the new one), adding and verifying
 * a phone number by a code from the local SMS outbox, deleting it, and Cognito's refusals. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js';
import { DATABASE_KINDS } from '../../support/helpers';
import { latestSms, uniquePhone, updateAttributes, verifyAttribute } from './challengeHelpers';
import {
  attributes,
  createConfirmedUser,
  expectCognitoError,
  latestCode,
  mailbox,
  makePool,
  PASSWORD,
  signIn,
  startIdentityServer,
  userOf,
  type IdentityServer,
} from './helpers';

/** GetUserAttributeVerificationCode through the library. */
function askCode(user: CognitoUser, name: string) {
  return new Promise<unknown>((resolve, reject) =>
    user.getAttributeVerificationCode(name, {
      onSuccess: resolve,
      onFailure: reject,
      inputVerificationCode: resolve,
    }),
  );
}

/** DeleteUserAttributes through the library. */
function deleteAttributes(user: CognitoUser, names: string[]) {
  return new Promise<unknown>((resolve, reject) =>
    user.deleteAttributes(names, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** A code that is not `code`. */
/** The claims of a fresh id token of `user` (refreshed: the one signed in with is older). */
function freshIdClaims(user: CognitoUser): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) =>
    user.getSession((error: Error | null, session: CognitoUserSession | null) => {
      if (error || !session) return reject(error ?? new Error('no session'));
      user.refreshSession(session.getRefreshToken(), (failure, fresh: CognitoUserSession) =>
        failure ? reject(failure) : resolve(fresh.getIdToken().decodePayload()),
      );
    }),
  );
}

const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Sign-ins run SRP in JavaScript on a busy machine: a generous time-out. */
const SLOW_TEST_MS = 120_000;

describe.each(DATABASE_KINDS)('user attributes on %s', (kind) => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({}, kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'changes the email only once a code mailed to the new address proves it',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email, user } = await createConfirmedUser(server, pool, 'mail');
      await signIn(user, PASSWORD);
      const next = `new-${username}@example.org`;
      const details = await updateAttributes(user, { email: next.toUpperCase() });
      expect(details).toEqual({
        CodeDeliveryDetailsList: [
          { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@e***' },
        ],
      });
      // The verified address stays in use until the new one is proven.
      expect(await attributes(user)).toMatchObject({ email, email_verified: 'true' });
      const code = await latestCode(server.origin, next);
      await expectCognitoError(
        verifyAttribute(user, 'email', other(code)),
        'CodeMismatchException',
        'Invalid verification code provided, please try again.',
      );
      await verifyAttribute(user, 'email', code);
      expect(await attributes(user)).toMatchObject({ email: next, email_verified: 'true' });
      // The code is used up; the new address signs in, the old one no longer does.
      await expectCognitoError(verifyAttribute(user, 'email', code), 'CodeMismatchException');
      await signIn(userOf(pool, next), PASSWORD);
      await expectCognitoError(signIn(userOf(pool, email), PASSWORD), 'NotAuthorizedException');
    },
    SLOW_TEST_MS,
  );

  it(
    "refuses another account's email when the code comes",
    async () => {
      const pool = makePool(server.endpoint);
      const first = await createConfirmedUser(server, pool, 'owner');
      const second = await createConfirmedUser(server, pool, 'taker');
      await signIn(second.user, PASSWORD);
      await updateAttributes(second.user, { email: first.email });
      // The code goes to the address given (its owner sees a mail they can ignore).
      const code = await latestCode(server.origin, first.email);
      await expectCognitoError(
        verifyAttribute(second.user, 'email', code),
        'AliasExistsException',
        'An account with the given email already exists.',
      );
      expect(await attributes(second.user)).toMatchObject({ email: second.email });
    },
    SLOW_TEST_MS,
  );

  it(
    'adds a phone number, verifies it by SMS, and deletes it',
    async () => {
      const pool = makePool(server.endpoint);
      const { user } = await createConfirmedUser(server, pool, 'phone');
      await signIn(user, PASSWORD);
      const phone = uniquePhone();
      const details = await updateAttributes(user, { phone_number: phone });
      expect(details).toEqual({
        CodeDeliveryDetailsList: [
          {
            AttributeName: 'phone_number',
            DeliveryMedium: 'SMS',
            Destination: `+${'*'.repeat(phone.length - 5)}${phone.slice(-4)}`,
          },
        ],
      });
      expect(await attributes(user)).toMatchObject({
        phone_number: phone,
        phone_number_verified: 'false',
      });
      // A second code replaces the first.
      const first = await latestSms(server.origin, phone);
      await askCode(user, 'phone_number');
      const second = await latestSms(server.origin, phone);
      if (first !== second) {
        await expectCognitoError(
          verifyAttribute(user, 'phone_number', first),
          'CodeMismatchException',
        );
      }
      await verifyAttribute(user, 'phone_number', second);
      expect(await attributes(user)).toMatchObject({ phone_number_verified: 'true' });
      expect(await freshIdClaims(user)).toMatchObject({
        phone_number: phone,
        phone_number_verified: true,
      });

      // A new number waits for its own code; the verified one stays.
      const replacement = uniquePhone();
      await updateAttributes(user, { phone_number: replacement });
      expect(await attributes(user)).toMatchObject({ phone_number: phone });
      await verifyAttribute(user, 'phone_number', await latestSms(server.origin, replacement));
      expect(await attributes(user)).toMatchObject({
        phone_number: replacement,
        phone_number_verified: 'true',
      });

      await deleteAttributes(user, ['phone_number']);
      const after = await attributes(user);
      expect(after.phone_number).toBeUndefined();
      expect(after.phone_number_verified).toBeUndefined();
      expect(await freshIdClaims(user)).not.toHaveProperty('phone_number');
    },
    SLOW_TEST_MS,
  );

  it(
    "answers Cognito's errors and changes nothing on bad input",
    async () => {
      const pool = makePool(server.endpoint);
      const { email, user } = await createConfirmedUser(server, pool, 'attrbad');
      await signIn(user, PASSWORD);
      const mails = (await mailbox(server.origin, email)).length;
      await expectCognitoError(
        updateAttributes(user, { phone_number: '0151 1234567' }),
        'InvalidParameterException',
        'Invalid phone number format.',
      );
      await expectCognitoError(
        updateAttributes(user, { email: 'not-an-email' }),
        'InvalidParameterException',
        'Invalid email address format.',
      );
      await expectCognitoError(
        updateAttributes(user, { email_verified: 'false' }),
        'NotAuthorizedException',
        'A client attempted to write unauthorized attribute',
      );
      await expectCognitoError(
        updateAttributes(user, { nickname: 'nut' }),
        'InvalidParameterException',
      );
      await expectCognitoError(deleteAttributes(user, ['email']), 'InvalidParameterException');
      await expectCognitoError(askCode(user, 'email'), 'InvalidParameterException');
      await expectCognitoError(
        verifyAttribute(user, 'phone_number', '123456'),
        'CodeMismatchException',
      );
      expect(await attributes(user)).toMatchObject({ email, email_verified: 'true' });
      expect((await mailbox(server.origin, email)).length).toBe(mails);
    },
    SLOW_TEST_MS,
  );

  it(
    'limits code checks: past five wrong codes even the right one is refused',
    async () => {
      const pool = makePool(server.endpoint);
      const { user } = await createConfirmedUser(server, pool, 'attrlimit');
      await signIn(user, PASSWORD);
      const phone = uniquePhone();
      await updateAttributes(user, { phone_number: phone });
      const code = await latestSms(server.origin, phone);
      const wrong = await Promise.allSettled(
        Array.from({ length: 8 }, () => verifyAttribute(user, 'phone_number', other(code))),
      );
      expect(wrong.every((result) => result.status === 'rejected')).toBe(true);
      await expectCognitoError(
        verifyAttribute(user, 'phone_number', code),
        'LimitExceededException',
      );
      expect(await attributes(user)).toMatchObject({ phone_number_verified: 'false' });
    },
    SLOW_TEST_MS,
  );
});
