/**
 * The SECRET_BLOCK of an SRP password challenge (opaque to the client, as Cognito's): a random
 * id (32 bytes; its hash names the challenge's row, srpInFlight.ts) and, sealed with
 * AES-256-GCM under a server secret with the id as associated data, what the answer needs to
 * check the password claim before it touches the database: the challenge's session key K
 * (16 bytes), the USER_ID_FOR_SRP the claim is signed over, the user's sub (none for a decoy)
 * and whether CUSTOM_AUTH started it. The key travels with the client instead of being stored,
 * so a start is one statement; the row still makes the challenge single-use, bounded per caller
 * and expiring. Whoever holds the block without the password learns nothing of K, and cannot
 * change a byte of it unnoticed.
 *
 * Layout: id (32) | IV (12) | sealed: K (16), flags (1), sub (16, zero for none), USER_ID_FOR_SRP
 * (UTF-8) | tag (16): 93 bytes and the user id.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { IdentityContext } from './context';

/** Name of the server secret that seals the blocks. */
const SECRET = 'srp-secret-block';
const ID_BYTES = 32;
const IV_BYTES = 12;
const KEY_BYTES = 16;
const SUB_BYTES = 16;
const TAG_BYTES = 16;
/** The sealed fields before the user id: K, the flags, the sub. */
const FIXED_BYTES = KEY_BYTES + 1 + SUB_BYTES;
/** The flags byte: CUSTOM_AUTH started the challenge; a sub follows (not a decoy). */
const CUSTOM = 1;
const HAS_SUB = 2;

/** What a SECRET_BLOCK carries sealed: the exchange's session key and whom it was made for. */
export interface SealedChallenge {
  /** The SRP session key K, 16 bytes. */
  key: Buffer;
  /** USER_ID_FOR_SRP: the user's username, or the login name for a decoy. */
  userIdForSrp: string;
  /** The user's sub (a UUID); undefined for a decoy (a name that belongs to nobody). */
  sub?: string;
  /** Whether CUSTOM_AUTH started the challenge (a proven password answers CUSTOM_CHALLENGE). */
  custom: boolean;
}

/** A new block id (32 random bytes). */
export function newSecretBlockId(): Buffer {
  return randomBytes(ID_BYTES);
}

/** The id of a block a client sent (its first 32 bytes; shorter when the block is). */
export function secretBlockId(block: Buffer): Buffer {
  return block.subarray(0, ID_BYTES);
}

/** The SECRET_BLOCK bytes of the challenge `id` that seal `challenge`. */
export async function sealSecretBlock(
  ctx: IdentityContext,
  id: Buffer,
  challenge: SealedChallenge,
): Promise<Buffer> {
  const fixed = Buffer.alloc(FIXED_BYTES);
  challenge.key.copy(fixed, 0, 0, KEY_BYTES);
  fixed[KEY_BYTES] = (challenge.custom ? CUSTOM : 0) | (challenge.sub ? HAS_SUB : 0);
  if (challenge.sub) Buffer.from(challenge.sub.replace(/-/g, ''), 'hex').copy(fixed, KEY_BYTES + 1);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await ctx.secret(SECRET), iv);
  cipher.setAAD(id);
  const sealed = Buffer.concat([
    cipher.update(fixed),
    cipher.update(Buffer.from(challenge.userIdForSrp, 'utf8')),
    cipher.final(),
  ]);
  return Buffer.concat([id, iv, sealed, cipher.getAuthTag()]);
}

/** The challenge sealed in `block`; undefined when the block is not one this pool sealed. */
export async function openSecretBlock(
  ctx: IdentityContext,
  block: Buffer,
): Promise<SealedChallenge | undefined> {
  if (block.length < ID_BYTES + IV_BYTES + FIXED_BYTES + TAG_BYTES) return undefined;
  const iv = block.subarray(ID_BYTES, ID_BYTES + IV_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await ctx.secret(SECRET), iv);
  decipher.setAAD(secretBlockId(block));
  decipher.setAuthTag(block.subarray(block.length - TAG_BYTES));
  let plain: Buffer;
  try {
    const sealed = block.subarray(ID_BYTES + IV_BYTES, block.length - TAG_BYTES);
    plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    return undefined;
  }
  const flags = plain[KEY_BYTES];
  const sub = plain.subarray(KEY_BYTES + 1, FIXED_BYTES).toString('hex');
  return {
    key: plain.subarray(0, KEY_BYTES),
    userIdForSrp: plain.subarray(FIXED_BYTES).toString('utf8'),
    sub:
      flags & HAS_SUB
        ? `${sub.slice(0, 8)}-${sub.slice(8, 12)}-${sub.slice(12, 16)}-${sub.slice(16, 20)}-${sub.slice(20)}`
        : undefined,
    custom: (flags & CUSTOM) !== 0,
  };
}
