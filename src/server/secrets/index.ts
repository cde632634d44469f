/**
 * Server secrets kept in the database (table `server_secrets`): 32 random bytes per name, made
 * by whichever process needs one first and then shared by every process of a fleet. Used for
 * keyed hashes (email addresses of the sign-up bonus record, decoy SRP answers for unknown
 * users). Never logged, never sent.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { IdentityTx } from '../identity/db';
import { serverSecrets } from '../identity/schema';

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

/** An email address as sign-in compares it: trimmed and lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Domains whose mailboxes ignore dots in the local part, by the name of their one mailbox. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = Object.freeze({
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
});

/**
 * The mailbox an address delivers to, as the records kept per person compare it (sign-up bonus,
 * "an email address is referred once"): normalised ({@link normaliseEmail}),
 * without a `+tag` on any domain, and for gmail.com and googlemail.com (one mailbox) without
 * dots in the local part. Sign-in still uses the address as typed.
 */
export function mailboxOf(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at).split('+')[0];
  let domain = address.slice(at + 1);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  // A local part that was only a tag ("+x@") keeps the address whole.
  return local === '' ? address : `${local}@${domain}`;
}

/** The server secret under which email addresses are hashed (records kept after deletion). */
export const EMAIL_HASH_SECRET = 'email-hash';

/**
 * The record key of an email address: HMAC-SHA256 (hex) of its mailbox ({@link mailboxOf})
 * under the server secret {@link EMAIL_HASH_SECRET}, so addresses are compared without being
 * stored.
 */
export function emailHash(key: Buffer, email: string): string {
  return keyedHash(key, mailboxOf(email));
}

/**
 * Every record key that may stand for `email`'s mailbox: {@link emailHash}, and the key that
 * records written by earlier versions used (HMAC of the address as typed, trimmed and lower case)
 * when it differs. A check looks for any of them; a new record is written under emailHash.
 */
export function emailHashes(key: Buffer, email: string): string[] {
  const hashes = [emailHash(key, email), keyedHash(key, normaliseEmail(email))];
  return hashes[0] === hashes[1] ? [hashes[0]] : hashes;
}
