/**
 * srp.ts against amazon-cognito-identity-js's own AuthenticationHelper: the same padHex, k,
 * verifier, session key and password claim signature, and the client's TIMESTAMP format; and
 * its OpenSSL exponentiation (modPowN) against the BigInt reference on random and edge inputs.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import {
  computeU,
  computeX,
  deriveKey,
  computeVerifier,
  formatTimestamp,
  g,
  k,
  modPow,
  modPowN,
  N,
  padHex,
  parseTimestamp,
  passwordClaimSignature,
  poolNameOf,
  serverSession,
  verifyPasswordClaim,
} from '../../../src/server/identity/srp';
import { lib, type BigIntegerClass, type BigIntegerLike, type Helper } from './cognitoLib';

const POOL_NAME = 'peanutvpn';

function helper(): { h: Helper; BigInteger: BigIntegerClass } {
  const h = new lib.AuthenticationHelper(POOL_NAME);
  return { h, BigInteger: h.N.constructor as BigIntegerClass };
}

function toBigInt(n: BigIntegerLike): bigint {
  return BigInt(`0x${n.toString(16)}`);
}

describe('srp.ts matches amazon-cognito-identity-js', () => {
  it('uses the same group, generator and multiplier', () => {
    const { h } = helper();
    expect(toBigInt(h.N)).toBe(N);
    expect(toBigInt(h.g)).toBe(g);
    expect(toBigInt(h.k)).toBe(k);
  });

  it('pads hex like the library', () => {
    const { h, BigInteger } = helper();
    for (const hex of ['1', 'f', '7f', '80', 'ff', '100', '8000', 'abc', '0123', 'deadbeef']) {
      expect(padHex(BigInt(`0x${hex}`))).toBe(h.padHex(new BigInteger(hex, 16)).toLowerCase());
    }
    expect(padHex(N)).toBe(h.padHex(h.N).toLowerCase());
  });

  it('computes the verifier the library computes (its device verifier uses the same formula)', async () => {
    const { h } = helper();
    await new Promise<void>((resolve, reject) =>
      h.generateHashDevice('group-key', 'device-user', (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    const salt = h.getSaltDevices();
    const verifier = computeVerifier('group-key', 'device-user', h.getRandomPassword(), salt);
    expect(padHex(BigInt(`0x${verifier}`))).toBe(h.getVerifierDevices().toLowerCase());
  });

  it('derives the same session key and accepts the client signature', async () => {
    const { h, BigInteger } = helper();
    const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const username = 'alice';
    const password = 'Peanut-Passw0rd';
    const verifier = computeVerifier(POOL_NAME, username, password, salt);
    const A = await new Promise<BigIntegerLike>((resolve, reject) =>
      h.getLargeAValue((error, value) => (error ? reject(error) : resolve(value))),
    );
    const server = serverSession(toBigInt(A), verifier);
    const clientKey = await new Promise<Buffer>((resolve, reject) =>
      h.getPasswordAuthenticationKey(
        username,
        password,
        new BigInteger(server.B.toString(16), 16),
        new BigInteger(salt, 16),
        (error, key) => (error ? reject(error) : resolve(key)),
      ),
    );
    expect(Buffer.from(clientKey).equals(server.key)).toBe(true);

    // The signature as CognitoUser.authenticateUserDefaultAuth computes it.
    const secretBlock = Buffer.from('opaque secret block').toString('base64');
    const timestamp = new lib.DateHelper().getNowString();
    const clientSignature = createHmac('sha256', Buffer.from(clientKey))
      .update(
        Buffer.concat([
          Buffer.from(POOL_NAME, 'utf8'),
          Buffer.from(username, 'utf8'),
          Buffer.from(secretBlock, 'base64'),
          Buffer.from(timestamp, 'utf8'),
        ]),
      )
      .digest('base64');
    expect(passwordClaimSignature(server.key, POOL_NAME, username, secretBlock, timestamp)).toBe(
      clientSignature,
    );
    expect(
      verifyPasswordClaim(server.key, POOL_NAME, username, secretBlock, timestamp, clientSignature),
    ).toBe(true);
    expect(
      verifyPasswordClaim(
        server.key,
        POOL_NAME,
        username,
        secretBlock,
        `${timestamp} `,
        clientSignature,
      ),
    ).toBe(false);
    expect(
      verifyPasswordClaim(server.key, POOL_NAME, username, secretBlock, timestamp, 'AAAA'),
    ).toBe(false);
  });

  it('gives a wrong password a different key', async () => {
    const { h, BigInteger } = helper();
    const salt = '00ff';
    const verifier = computeVerifier(POOL_NAME, 'bob', 'Right-Passw0rd', salt);
    const A = await new Promise<BigIntegerLike>((resolve, reject) =>
      h.getLargeAValue((error, value) => (error ? reject(error) : resolve(value))),
    );
    const server = serverSession(toBigInt(A), verifier);
    const clientKey = await new Promise<Buffer>((resolve, reject) =>
      h.getPasswordAuthenticationKey(
        'bob',
        'Wrong-Passw0rd',
        new BigInteger(server.B.toString(16), 16),
        new BigInteger(salt, 16),
        (error, key) => (error ? reject(error) : resolve(key)),
      ),
    );
    expect(Buffer.from(clientKey).equals(server.key)).toBe(false);
  });

  it('refuses A mod N = 0', () => {
    const verifier = computeVerifier(POOL_NAME, 'carol', 'Passw0rd!', '01');
    expect(() => serverSession(0n, verifier)).toThrow();
    expect(() => serverSession(N, verifier)).toThrow();
    expect(() => serverSession(2n * N, verifier)).toThrow();
  });

  it('computes modPow', () => {
    expect(modPow(3n, 200n, 1000n)).toBe(3n ** 200n % 1000n);
    expect(modPow(5n, 0n, 7n)).toBe(1n);
    expect(modPow(-2n, 3n, 7n)).toBe(6n);
  });

  it('computes modPowN (OpenSSL) exactly as the BigInt modPow, on random inputs', () => {
    const bits = (n: number) =>
      fc
        .uint8Array({ minLength: 0, maxLength: n / 8 })
        .map((bytes) =>
          bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`),
        );
    fc.assert(
      fc.property(
        fc.oneof(
          bits(3072),
          bits(4096).map((b) => -b),
          fc.constantFrom(0n, 1n, 2n, N - 2n, N - 1n, N, N + 1n, 2n * N - 1n, -1n, -N),
        ),
        fc.oneof(
          bits(256),
          bits(3200),
          fc.constantFrom(0n, 1n, 2n, N - 2n, N - 1n, N, N + 1n, 2n * N),
        ),
        (base, exponent) => {
          expect(modPowN(base, exponent)).toBe(modPow(base, exponent, N));
        },
      ),
      { numRuns: 100 },
    );
    expect(() => modPowN(2n, -1n)).toThrow(RangeError);
  });

  it('gives serverSession and computeVerifier the values of the BigInt formulas', () => {
    // The BigInt version of serverSession, as srp.ts computed it before the exponentiations
    // moved to OpenSSL.
    const reference = (A: bigint, verifierHex: string, b: bigint) => {
      const v = BigInt(`0x${verifierHex}`);
      const B = (k * v + modPow(g, b, N)) % N;
      const u = computeU(A, B);
      return { B, key: deriveKey(modPow((A * modPow(v, u, N)) % N, b, N), u) };
    };
    for (let i = 0; i < 8; i++) {
      const salt = randomBytes(16).toString('hex');
      const password = randomBytes(9).toString('base64');
      const x = computeX(POOL_NAME, `user${i}`, password, salt);
      const verifier = computeVerifier(POOL_NAME, `user${i}`, password, salt);
      expect(verifier).toBe(modPow(g, x, N).toString(16));
      const A = BigInt(`0x${randomBytes(i === 0 ? 1 : 384).toString('hex')}`) + 1n;
      const b = BigInt(`0x${randomBytes(32).toString('hex')}`);
      const server = serverSession(A, verifier, b);
      const expected = reference(A, verifier, b);
      expect(server.B).toBe(expected.B);
      expect(server.key.equals(expected.key)).toBe(true);
    }
    // A fixed vector: v = g^x for x = 1 gives B = k·2 + g^b.
    const fixed = serverSession(N - 1n, '2', 5n);
    expect(fixed.B).toBe((k * 2n + 32n) % N);
    expect(fixed.key.equals(reference(N - 1n, '2', 5n).key)).toBe(true);
  });

  it('takes the pool name after the underscore', () => {
    expect(poolNameOf('local_peanutvpn')).toBe('peanutvpn');
    expect(poolNameOf('ca-central-1_AbC123')).toBe('AbC123');
  });

  it("parses and formats the client's TIMESTAMP", () => {
    const now = new lib.DateHelper().getNowString();
    const parsed = parseTimestamp(now);
    expect(parsed).toBeDefined();
    expect(Math.abs((parsed ?? 0) - Date.now())).toBeLessThan(5000);
    expect(formatTimestamp(new Date(Date.UTC(2026, 10, 1, 5, 1, 55)))).toBe(
      'Sun Nov 1 05:01:55 UTC 2026',
    );
    expect(parseTimestamp('Sat Nov 21 05:01:55 UTC 2026')).toBe(Date.UTC(2026, 10, 21, 5, 1, 55));
    expect(parseTimestamp('Sat Nov 21 05:01:55 GMT 2026')).toBeUndefined();
    expect(parseTimestamp('Mon Feb 31 05:01:55 UTC 2026')).toBeUndefined();
    expect(parseTimestamp('Sun Nov 21 05:01:55 UTC 2026')).toBeUndefined(); // wrong weekday
    expect(parseTimestamp('')).toBeUndefined();
  });
});
