/**
 * The SDK's remembered devices and email/phone changes through amazon-cognito-identity-js
 * against the identity provider listening on a port. A client's storage is its device: after the
 * authenticator code, rememberDevice() makes the next sign-in from the same storage skip the code
 * (DEVICE_SRP_AUTH); listDevices() marks the storage's device; forgetting it brings the code
 * back. Email and phone changes take effect once their code (mailbox, SMS outbox) is entered,
 * and the refreshed session carries them. Authenticator codes are made with otplib at the
 * server's clock, moved a 30 s step on before each use (the provider accepts each step once).
 */
import {
  createIdentityClient,
  IdentityError,
  MemoryStorage,
  type IdentityClient,
} from '../../src/sdk/identity';
import { latestSms, totpAt, uniquePhone } from '../server/identity/challengeHelpers';
import {
  CLIENT_ID,
  latestCode,
  PASSWORD,
  POOL_ID,
  startIdentityServer,
  uniqueName,
  type IdentityServer,
} from '../server/identity/helpers';

/** Sign-ins run SRP in JavaScript on a busy machine: a generous time-out. */
const SLOW_TEST_MS = 180_000;

let offset = 0;
const clock = () => Date.now() + offset;

/** What `promise` rejects with: the IdentityError's code. */
async function failureCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdentityError);
  return (error as IdentityError).code;
}

describe('SDK devices and attributes', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    server = await startIdentityServer({ clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client on a device (a storage) of its own. */
  const clientOf = (storage = new MemoryStorage()): IdentityClient =>
    createIdentityClient(
      { userPoolId: POOL_ID, userPoolClientId: CLIENT_ID, identityEndpoint: server.endpoint },
      storage,
    );

  /** A confirmed user signed in on a client of its own; returns both. */
  async function registered(label: string) {
    const email = `${uniqueName(label)}@example.com`;
    const client = clientOf();
    await client.signUp(email, PASSWORD);
    await client.confirmSignUp(email, await latestCode(server.origin, email));
    await client.signIn(email, PASSWORD);
    return { email, client };
  }

  it(
    'remembers a device after the code, skips the code there, and asks again once forgotten',
    async () => {
      const { email, client: setupClient } = await registered('remember');
      const { secret } = await setupClient.setUpTotp();
      const code = () => {
        offset += 30_000;
        return totpAt(secret, clock());
      };
      await setupClient.confirmTotp(code());
      await setupClient.signOut();

      /** Signs in on `client`, answering the code; the challenges seen. */
      const signIn = async (client: IdentityClient, remember: boolean) => {
        const seen: string[] = [];
        await client.signIn(email, PASSWORD, async (challenge) => {
          seen.push(challenge.name);
          if (challenge.name !== 'SOFTWARE_TOKEN_MFA') throw new Error(challenge.name);
          return challenge.answer(code());
        });
        if (remember) expect(await client.rememberDevice()).toBe(true);
        return seen;
      };

      // Not remembered: the code is asked on every sign-in.
      const laptopStorage = new MemoryStorage();
      const laptop = clientOf(laptopStorage);
      expect(await signIn(laptop, false)).toEqual(['SOFTWARE_TOKEN_MFA']);
      let devices = await laptop.listDevices();
      const laptopDevice = devices.find((device) => device.current);
      expect(laptopDevice).toMatchObject({ remembered: false, current: true });
      expect(laptopDevice?.lastUsedAt).toEqual(expect.any(Number));
      await laptop.signOut();
      expect(await signIn(laptop, true)).toEqual(['SOFTWARE_TOKEN_MFA']);
      await laptop.signOut();

      // Remembered: the same storage signs in without the code.
      expect(await signIn(laptop, false)).toEqual([]);
      // The device's keys are in the storage, next to the tokens.
      expect(laptopStorage.entries().map(([key]) => key)).toEqual(
        expect.arrayContaining([expect.stringMatching(/\.deviceKey$/)]),
      );

      // Another storage is another device: the code is asked there.
      const phone = clientOf();
      expect(await signIn(phone, false)).toEqual(['SOFTWARE_TOKEN_MFA']);
      devices = await phone.listDevices();
      // The set-up client's, the laptop's and the phone's.
      expect(devices).toHaveLength(3);
      expect(devices.filter((device) => device.current)).toHaveLength(1);
      const fromPhone = devices.find((device) => device.key === laptopDevice?.key);
      expect(fromPhone).toMatchObject({ remembered: true, current: false });
      expect(devices.find((device) => device.current)).toMatchObject({ remembered: false });

      // Forgetting the laptop from the phone brings the code back on the laptop.
      await phone.forgetDevice(laptopDevice?.key as string);
      expect(await failureCode(phone.forgetDevice(laptopDevice?.key as string))).toBe(
        'ResourceNotFoundException',
      );
      await laptop.signOut();
      expect(await signIn(laptop, true)).toEqual(['SOFTWARE_TOKEN_MFA']);
      await laptop.signOut();
      expect(await signIn(laptop, false)).toEqual([]);

      // Forgetting the current device drops its key from the storage: the code again.
      const current = (await laptop.listDevices()).find((device) => device.current);
      expect(current?.remembered).toBe(true);
      await laptop.forgetDevice(current?.key as string);
      expect(laptopStorage.entries().some(([key]) => key.endsWith('.deviceKey'))).toBe(false);
      await laptop.signOut();
      expect(await signIn(laptop, false)).toEqual(['SOFTWARE_TOKEN_MFA']);
    },
    SLOW_TEST_MS,
  );

  it(
    'changes the email with the mailed code; a wrong code and a taken address are refused',
    async () => {
      const { email, client } = await registered('email');
      const { email: taken } = await registered('taken');
      // An address another account holds cannot be proved.
      await client.updateAttribute('email', taken);
      expect(
        await failureCode(client.verifyAttribute('email', await latestCode(server.origin, taken))),
      ).toBe('AliasExistsException');
      expect((await client.contactDetails()).email).toBe(email);

      const next = `${uniqueName('renamed')}@example.com`;
      const delivery = await client.updateAttribute('email', `  ${next.toUpperCase()} `);
      expect(delivery).toEqual(expect.objectContaining({ medium: 'EMAIL' }));
      // The current address stays until the code proves the new one.
      expect((await client.currentUser()).email).toBe(email);
      const mailed = await latestCode(server.origin, next);
      const wrong = mailed === '000000' ? '111111' : '000000';
      expect(await failureCode(client.verifyAttribute('email', wrong))).toBe(
        'CodeMismatchException',
      );
      const user = await client.verifyAttribute('email', mailed);
      expect(user.email).toBe(next);
      expect((await client.currentUser()).email).toBe(next);
      expect((await client.currentSession()).idTokenPayload.email).toBe(next);
      // The same value again sends nothing.
      expect(await client.updateAttribute('email', next)).toBeUndefined();
    },
    SLOW_TEST_MS,
  );

  it(
    'adds a phone number with the texted code, and sends the code again on request',
    async () => {
      const { client } = await registered('phone');
      expect(await failureCode(client.updateAttribute('phone_number', '555 1234'))).toBe(
        'InvalidParameterException',
      );
      const number = uniquePhone();
      const spaced = `${number.slice(0, 2)} ${number.slice(2, 5)}-${number.slice(5)}`;
      expect(await client.updateAttribute('phone_number', spaced)).toEqual(
        expect.objectContaining({ medium: 'SMS' }),
      );
      const first = await latestSms(server.origin, number);
      await client.resendAttributeCode('phone_number');
      const second = await latestSms(server.origin, number);
      const user = await client.verifyAttribute('phone_number', second);
      expect(user.phone).toBe(number);
      expect(await client.contactDetails()).toMatchObject({ phone: number, phoneVerified: true });
      expect(first).toMatch(/^\d{6}$/);
    },
    SLOW_TEST_MS,
  );
});
