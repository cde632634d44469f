/**
 * The SECRET_BLOCK of an SRP password challenge (opaque to the client, as Cognito's): a random
 * id (32 bytes; its hash names the challenge's row, srpInFlight.ts) and the challenge's session
 * key K (16 bytes) sealed with AES-256-GCM under a server secret, the id as associated data:
 * 76 bytes. The key travels with the client instead of being stored, so a start is one
 * statement; the row still makes the challenge single-use, bounded per caller and expiring.
 * Whoever holds the block without the password learns nothing of K.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { IdentityContext } from './context';

/** Name of the server secret that seals the blocks. */
const SECRET = 'srp-secret-block';
const ID_BYTES = 32;
const IV_BYTES = 12;
const KEY_BYTES = 16;
const TAG_BYTES = 16;
/** Length of a sealed block, bytes. */
const BLOCK_BYTES = ID_BYTES + IV_BYTES + KEY_BYTES + TAG_BYTES;

/** A new block id (32 random bytes). */
export function newSecretBlockId(): Buffer {
  return randomBytes(ID_BYTES);
}

/** The id of a block a client sent (its first 32 bytes; shorter when the block is). */
export function secretBlockId(block: Buffer): Buffer {
  return block.subarray(0, ID_BYTES);
}

/** The SECRET_BLOCK bytes of the challenge `id` whose session key is `key` (16 bytes). */
export async function sealSecretBlock(
  ctx: IdentityContext,
  id: Buffer,
  key: Buffer,
): Promise<Buffer> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await ctx.secret(SECRET), iv);
  cipher.setAAD(id);
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([id, iv, sealed, cipher.getAuthTag()]);
}

/** The session key sealed in `block`; undefined when the block is not one this pool sealed. */
export async function openSecretBlock(
  ctx: IdentityContext,
  block: Buffer,
): Promise<Buffer | undefined> {
  if (block.length !== BLOCK_BYTES) return undefined;
  const iv = block.subarray(ID_BYTES, ID_BYTES + IV_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await ctx.secret(SECRET), iv);
  decipher.setAAD(secretBlockId(block));
  decipher.setAuthTag(block.subarray(BLOCK_BYTES - TAG_BYTES));
  try {
    const sealed = block.subarray(ID_BYTES + IV_BYTES, BLOCK_BYTES - TAG_BYTES);
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    return undefined;
  }
}
