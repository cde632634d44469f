/**
 * WireGuard keys (docs/architecture.md "Server"): real Curve25519 (x25519) key pairs from
 * node:crypto and 32-byte random preshared keys, each as the base64 of its 32 raw bytes (the form
 * `wg` and .conf files use). Keys never go through a shell or a log.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';

/** Length of every WireGuard key, in bytes. */
export const WG_KEY_BYTES = 32;

/** A WireGuard key pair, base64 of the raw 32 bytes each. */
export interface WgKeyPair {
  /** Secret. */
  privateKey: string;
  publicKey: string;
}

/** Standard base64 of a JWK's base64url field. */
function base64OfJwkField(value: string | undefined): string {
  if (!value) throw new Error('x25519 JWK without key material');
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== WG_KEY_BYTES) throw new Error('x25519 key of unexpected length');
  return bytes.toString('base64');
}

/** A new x25519 key pair. */
export function generateKeyPair(): WgKeyPair {
  const { privateKey } = generateKeyPairSync('x25519');
  const jwk = privateKey.export({ format: 'jwk' });
  return { privateKey: base64OfJwkField(jwk.d), publicKey: base64OfJwkField(jwk.x) };
}

/** A new preshared key: 32 random bytes, base64. Secret. */
export function generatePresharedKey(): string {
  return randomBytes(WG_KEY_BYTES).toString('base64');
}

/** True when `key` is the base64 of exactly 32 bytes (the form of every WireGuard key). */
export function isWgKey(key: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(key) && Buffer.from(key, 'base64').length === WG_KEY_BYTES;
}

/** DER prefix of a PKCS#8 x25519 private key (RFC 8410); the 32 raw key bytes follow. */
const PKCS8_X25519_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');

/** The public key of a base64 x25519 private key (what `wg pubkey` prints). */
export function publicKeyOf(privateKey: string): string {
  if (!isWgKey(privateKey)) throw new Error('not a WireGuard private key');
  const der = Buffer.concat([PKCS8_X25519_PREFIX, Buffer.from(privateKey, 'base64')]);
  const key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  return base64OfJwkField(createPublicKey(key).export({ format: 'jwk' }).x);
}
