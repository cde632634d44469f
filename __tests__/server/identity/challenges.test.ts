/**
 * The second factors at sign-in through amazon-cognito-identity-js against a
 * listening server: SMS_MFA with codes from the local SMS outbox, SELECT_MFA_TYPE when both
 * factors are on and none is preferred, and MFA_SETUP (an authenticator app associated by
 * Session during sign-in) when the pool requires MFA.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/identity/schema';
import {
  associate,
  latestSms,
  smsOutbox,
  uniquePhone,
  setMfa,
  signInWith,
  totpAt,
  updateAttributes,
  verifyAttribute,
  verifyToken,
} from './challengeHelpers';
import {
  call,
  CLIENT_ID,
  createConfirmedUser,
  expectCognitoError,
  makePool,
  PASSWORD,
  signIn,
  startIdentityServer,
  userOf,
  type IdentityServer,
} from './helpers';

/** Added to the real time by the servers' clocks (moves TOTP steps on). */
let offset = 0;
const clock = () => Date.now() + offset;
const code = (secret: string) => totpAt(secret, clock());

/** Sign-ins run SRP in JavaScript on a busy machine: a generous time-out. */
const SLOW_TEST_MS = 120_000;

describe('second factors', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({ clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A signed-in user with a verified phone number (and its pool). */
  async function userWithPhone(label: string) {
    const pool = makePool(server.endpoint);
    const created = await createConfirmedUser(server, pool, label);
    await signIn(created.user, PASSWORD);
    const phone = uniquePhone();
    await updateAttributes(created.user, { phone_number: phone });
    await verifyAttribute(created.user, 'phone_number', await latestSms(server.origin, phone));
    return { ...created, pool, phone };
  }

  it(
    'asks for a texted code once SMS MFA is on, and refuses a wrong one',
    async () => {
      const { username, user, pool, phone } = await userWithPhone('sms');
      await setMfa(user, { Enabled: true, PreferredMfa: true }, null);
      const me = await call(server.endpoint, 'GetUser', {
        AccessToken: user.getSignInUserSession()?.getAccessToken().getJwtToken(),
      });
      expect(me.body).toMatchObject({
        UserMFASettingList: ['SMS_MFA'],
        PreferredMfaSetting: 'SMS_MFA',
      });
      let shown: Record<string, string> = {};
      const trace = await signInWith(userOf(makePool(server.endpoint), username), PASSWORD, {
        sms: async (parameters) => {
          shown = parameters;
          return latestSms(server.origin, phone);
        },
      });
      expect(trace.challenges).toEqual(['SMS_MFA']);
      expect(shown).toMatchObject({
        CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
        CODE_DELIVERY_DESTINATION: `+${'*'.repeat(phone.length - 5)}${phone.slice(-4)}`,
      });
      const [message] = await smsOutbox(server.origin, phone);
      expect(message.text).toBe(`Your Peanut VPN sign-in code is ${message.code}`);

      await expectCognitoError(
        signInWith(userOf(pool, username), PASSWORD, {
          sms: async () =>
            String((Number(await latestSms(server.origin, phone)) + 1) % 1e6).padStart(6, '0'),
        }),
        'CodeMismatchException',
      );
      // Without a verified phone, SMS MFA cannot be turned on.
      const other = await createConfirmedUser(server, pool, 'nosms');
      await signIn(other.user, PASSWORD);
      await expectCognitoError(
        setMfa(other.user, { Enabled: true, PreferredMfa: true }, null),
        'InvalidParameterException',
        'User does not have delivery config set to turn on SMS_MFA',
      );
    },
    SLOW_TEST_MS,
  );

  it(
    'turns SMS MFA on and off with the older SetUserSettings',
    async () => {
      const { user } = await userWithPhone('settings');
      const token = user.getSignInUserSession()?.getAccessToken().getJwtToken();
      const settings = (MFAOptions: unknown) =>
        call(server.endpoint, 'SetUserSettings', { AccessToken: token, MFAOptions });
      const mfa = async () =>
        (await call(server.endpoint, 'GetUser', { AccessToken: token })).body.UserMFASettingList;
      expect(
        (await settings([{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }])).status,
      ).toBe(200);
      expect(await mfa()).toEqual(['SMS_MFA']);
      expect((await settings([])).status).toBe(200);
      expect(await mfa()).toBeUndefined();
      expect((await settings('SMS')).body.__type).toBe('InvalidParameterException');
    },
    SLOW_TEST_MS,
  );

  it(
    'lets the user choose when both factors are on and none is preferred',
    async () => {
      const { username, user, phone } = await userWithPhone('select');
      const secret = await associate(user);
      await verifyToken(user, code(secret));
      offset += 30_000;
      await setMfa(
        user,
        { Enabled: true, PreferredMfa: false },
        { Enabled: true, PreferredMfa: false },
      );
      let choices: string[] = [];
      const viaTotp = await signInWith(userOf(makePool(server.endpoint), username), PASSWORD, {
        select: (offered) => {
          choices = offered;
          return 'SOFTWARE_TOKEN_MFA';
        },
        totp: () => code(secret),
      });
      expect(choices).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
      expect(viaTotp.challenges).toEqual(['SELECT_MFA_TYPE', 'SOFTWARE_TOKEN_MFA']);
      const viaSms = await signInWith(userOf(makePool(server.endpoint), username), PASSWORD, {
        select: () => 'SMS_MFA',
        sms: () => latestSms(server.origin, phone),
      });
      expect(viaSms.challenges).toEqual(['SELECT_MFA_TYPE', 'SMS_MFA']);

      // A preferred factor is asked for directly.
      await setMfa(user, null, { Enabled: true, PreferredMfa: true });
      offset += 30_000;
      const preferred = await signInWith(userOf(makePool(server.endpoint), username), PASSWORD, {
        totp: () => code(secret),
      });
      expect(preferred.challenges).toEqual(['SOFTWARE_TOKEN_MFA']);
    },
    SLOW_TEST_MS,
  );
});

describe('new password required', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({ clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'makes a user with a temporary password set their own before anything else',
    async () => {
      const pool = makePool(server.endpoint);
      const { username, email, sub } = await createConfirmedUser(server, pool, 'temp');
      await server.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.sub, sub));
      const start = await call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD },
      });
      expect(start.body).toMatchObject({
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ChallengeParameters: {
          requiredAttributes: '[]',
          userAttributes: JSON.stringify({ email, email_verified: 'true' }),
        },
      });
      const weak = await call(server.endpoint, 'RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: start.body.Session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'weak' },
      });
      expect(weak.body).toEqual({
        __type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      });
      let shown: Record<string, string> = {};
      const proposed = 'Brand-new-Passw0rd';
      const trace = await signInWith(userOf(pool, username), PASSWORD, {
        newPassword: (attributes) => {
          shown = attributes;
          return proposed;
        },
      });
      expect(trace.challenges).toEqual(['NEW_PASSWORD_REQUIRED']);
      expect(shown).toEqual({ email, email_verified: 'true' });
      await signIn(userOf(pool, username), proposed);
      await expectCognitoError(signIn(userOf(pool, username), PASSWORD), 'NotAuthorizedException');
    },
    SLOW_TEST_MS,
  );
});

describe('MFA required by the pool', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({ clock, mfaConfiguration: 'ON' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'sets up an authenticator app during sign-in, then asks for its code',
    async () => {
      const pool = makePool(server.endpoint);
      const { username } = await createConfirmedUser(server, pool, 'setup');
      let secret = '';
      const first = await signInWith(userOf(makePool(server.endpoint), username), PASSWORD, {
        setup: (associated, attempt) => {
          secret = associated;
          return attempt === 0 ? '000000' : code(associated);
        },
      });
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(first.challenges).toEqual(['MFA_SETUP', 'EnableSoftwareTokenMFAException']);
      offset += 30_000;
      const second = await signInWith(userOf(makePool(server.endpoint), username), PASSWORD, {
        totp: () => code(secret),
      });
      expect(second.challenges).toEqual(['SOFTWARE_TOKEN_MFA']);
    },
    SLOW_TEST_MS,
  );

  it(
    'refuses an MFA_SETUP answer before the app is verified, and a Session twice',
    async () => {
      const pool = makePool(server.endpoint);
      const { username } = await createConfirmedUser(server, pool, 'setupbad');
      const start = await call(server.endpoint, 'InitiateAuth', {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD },
      });
      expect(start.body).toMatchObject({
        ChallengeName: 'MFA_SETUP',
        ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
      });
      const early = await call(server.endpoint, 'RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'MFA_SETUP',
        Session: start.body.Session,
        ChallengeResponses: { USERNAME: username },
      });
      expect(early.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid session for the user.',
      });
      const associated = await call(server.endpoint, 'AssociateSoftwareToken', {
        Session: start.body.Session,
      });
      expect(associated.body.SecretCode).toMatch(/^[A-Z2-7]{32}$/);
      const again = await call(server.endpoint, 'AssociateSoftwareToken', {
        Session: start.body.Session,
      });
      expect(again.body.__type).toBe('NotAuthorizedException');
    },
    SLOW_TEST_MS,
  );
});
