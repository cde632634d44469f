/**
 * The server side of SRP-6a exactly as amazon-cognito-identity-js 6.x computes it
 * (docs/architecture.md "Facts found while planning"): the RFC 5054 3072-bit group with g = 2,
 * SHA-256 over the bytes of hex strings, `padHex` as Java's `BigInteger.toByteArray`, Cognito's
 * HKDF ('Caldera Derived Key') and its PASSWORD_CLAIM_SIGNATURE. Pure functions on BigInt and
 * node:crypto; no I/O. The 3072-bit modular exponentiations run in OpenSSL (`modPowN`: BigInt's
 * took ~16 ms of blocking CPU per sign-in start); `modPow` is the BigInt reference they are tested
 * against.
 */
import {
  createDiffieHellman,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** The RFC 5054 3072-bit safe prime. */
export const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1' +
    '29024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
    'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D' +
    'C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D' +
    '670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
    'DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
    'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6B' +
    'F12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
    '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);

/** The generator. */
export const g = 2n;

/** HKDF info of Cognito's key derivation. */
const INFO = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);

/**
 * Even-length hex of a non-negative integer, with a `00` prefix when the first nibble is 8 or
 * more (the two's-complement bytes of a positive number).
 */
export function padHex(n: bigint): string {
  if (n < 0n) throw new RangeError('padHex expects a non-negative integer');
  let hex = n.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 of the bytes a hex string encodes, as 64 hex digits. */
export function hexHash(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** SHA-256 of a UTF-8 string, as 64 hex digits. */
export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * base^exponent mod modulus (BigInt square and multiply; exponent >= 0): the reference
 * `modPowN` is tested against, and the "before" of the sign-in bench. Slow (~3 ms for a 256-bit
 * exponent mod N): the server uses `modPowN`.
 */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

/** Big-endian bytes of a non-negative integer (at least one byte). */
function toBytes(n: bigint): Buffer {
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

/** N as bytes and g as bytes, the group OpenSSL computes in. */
const N_BYTES = toBytes(N);
const G_BYTES = toBytes(g);

/**
 * base^exponent mod N, computed by OpenSSL (node:crypto's DiffieHellman over N: with `exponent`
 * as the private key, `computeSecret(base)` is base^exponent mod N, in constant time). Equals
 * `modPow(base, exponent, N)` for every integer base and exponent >= 0 (RangeError otherwise).
 * OpenSSL refuses the bases 0, 1 and N - 1 and the exponent 0 as a key exchange's; their powers
 * are trivial and computed here. The server's exponents are 256 bits (b, u, x).
 */
export function modPowN(base: bigint, exponent: bigint): bigint {
  if (exponent < 0n) throw new RangeError('modPowN expects a non-negative exponent');
  const b = ((base % N) + N) % N;
  if (exponent === 0n) return 1n;
  if (b <= 1n) return b;
  // N is prime: for b not 0 mod N, b^(N-1) = 1 (OpenSSL takes no key of N - 1 or more).
  const e = exponent % (N - 1n);
  if (e === 0n) return 1n;
  if (b === N - 1n) return e & 1n ? b : 1n;
  const dh = createDiffieHellman(N_BYTES, G_BYTES);
  dh.setPrivateKey(toBytes(e));
  // The secret comes zero-padded to the length of N; the value is what counts.
  return BigInt(`0x${dh.computeSecret(toBytes(b)).toString('hex')}`);
}

/** The multiplier k = H(padHex(N) ‖ padHex(g)). */
export const k = BigInt(`0x${hexHash(padHex(N) + padHex(g))}`);

/** The pool name SRP uses: the part of the pool id after `_` (`local_peanutvpn` -> `peanutvpn`). */
export function poolNameOf(poolId: string): string {
  const at = poolId.indexOf('_');
  return at === -1 ? poolId : poolId.slice(at + 1);
}

/** Parses a hex string (no prefix) into a BigInt; undefined when it is not hex. */
export function parseHex(hex: string): bigint | undefined {
  if (!/^[0-9a-fA-F]{1,2048}$/.test(hex)) return undefined;
  return BigInt(`0x${hex}`);
}

/** A new random salt: 16 bytes as hex. */
export function generateSalt(): string {
  return randomBytes(16).toString('hex');
}

/** x = H(padHex(salt) ‖ hex(H(utf8(poolName + userId + ':' + password)))). */
export function computeX(poolName: string, userId: string, password: string, salt: string): bigint {
  const inner = textHash(`${poolName}${userId}:${password}`);
  return BigInt(`0x${hexHash(padHex(BigInt(`0x${salt}`)) + inner)}`);
}

/** The verifier v = g^x mod N, as hex, for a user's password. */
export function computeVerifier(
  poolName: string,
  userId: string,
  password: string,
  salt: string,
): string {
  return modPowN(g, computeX(poolName, userId, password, salt)).toString(16);
}

/** u = H(padHex(A) ‖ padHex(B)). */
export function computeU(A: bigint, B: bigint): bigint {
  return BigInt(`0x${hexHash(padHex(A) + padHex(B))}`);
}

/** Cognito's HKDF: K = first 16 bytes of HMAC(HMAC(padHex(u), padHex(S)), info ‖ 0x01). */
export function deriveKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk).update(INFO).digest().subarray(0, 16);
}

/** The server's answer to a client's A: its public B and the session key K. */
export interface ServerSession {
  /** The server's public ephemeral B = (k·v + g^b) mod N. */
  B: bigint;
  /** The session key K (16 bytes). */
  key: Buffer;
}

/**
 * Computes B and K for the client's public `A` and the user's verifier (hex). `b` is the server's
 * secret ephemeral (random when omitted; tests pass it). Throws when A mod N = 0.
 */
export function serverSession(A: bigint, verifierHex: string, b?: bigint): ServerSession {
  if (A % N === 0n) throw new RangeError('A mod N must not be 0');
  const v = BigInt(`0x${verifierHex}`);
  for (;;) {
    const secret = b ?? BigInt(`0x${randomBytes(32).toString('hex')}`) % N;
    const B = (k * v + modPowN(g, secret)) % N;
    const u = computeU(A, B);
    if (B === 0n || u === 0n || secret === 0n) {
      if (b !== undefined) throw new RangeError('Degenerate SRP values');
      continue;
    }
    const S = modPowN((A * modPowN(v, u)) % N, secret);
    return { B, key: deriveKey(S, u) };
  }
}

/**
 * The PASSWORD_CLAIM_SIGNATURE a client who knows K sends: base64 HMAC-SHA256(K, poolName ‖
 * userId ‖ base64decode(secretBlock) ‖ timestamp).
 */
export function passwordClaimSignature(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlock: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

/** Compares a client's claim signature with the expected one in constant time. */
export function verifyPasswordClaim(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlock: string,
  timestamp: string,
  signature: string,
): boolean {
  const expected = Buffer.from(
    passwordClaimSignature(key, poolName, userId, secretBlock, timestamp),
    'base64',
  );
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time comparison of two hex strings (e.g. verifiers). */
export function hexEquals(a: string, b: string): boolean {
  const x = Buffer.from(a.length % 2 ? `0${a}` : a, 'hex');
  const y = Buffer.from(b.length % 2 ? `0${b}` : b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The TIMESTAMP format of the client: `Sat Nov 21 05:01:55 UTC 2026` (day not zero-padded). */
export function formatTimestamp(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return (
    `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} ` +
    `UTC ${date.getUTCFullYear()}`
  );
}

/** Parses a client TIMESTAMP into epoch milliseconds; undefined when malformed. */
export function parseTimestamp(text: string): number | undefined {
  const m = /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(
    text,
  );
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[2]);
  if (month === -1 || !WEEKDAYS.includes(m[1])) return undefined;
  const [day, hours, minutes, seconds, year] = [m[3], m[4], m[5], m[6], m[7]].map(Number);
  const ms = Date.UTC(year, month, day, hours, minutes, seconds);
  // Reject impossible dates that Date.UTC would roll over (e.g. Feb 31).
  return formatTimestamp(new Date(ms)) === text ? ms : undefined;
}
