/**
 * Server secrets kept in the database (table `server_secrets`): 32 random bytes per name, made
 * by whichever process needs one first and then shared by every process of a fleet. Used for
 * keyed hashes (email addresses of the sign-up bonus record, decoy SRP answers for unknown
 * users). Never logged, never sent.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { IdentityTx } from './db';
import { serverSecrets } from './schema';

/** The secret named `name` (created on first use; concurrent first uses agree on one). */
export async function serverSecret(db: IdentityTx, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(row.value, 'hex');
}

/** HMAC-SHA256 of `text` under `key`, hex. */
export function keyedHash(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** An email address as the bonus record compares it: trimmed and lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The server secret under which email addresses are hashed (records kept after deletion). */
export const EMAIL_HASH_SECRET = 'email-hash';

/**
 * The record key of an email address: HMAC-SHA256 (hex) of the normalised address under the
 * server secret {@link EMAIL_HASH_SECRET}, so addresses are compared without being stored.
 */
export function emailHash(key: Buffer, email: string): string {
  return keyedHash(key, normaliseEmail(email));
}
