/**
 * The signed link of every notice mail that turns the notices off without signing in
 * (docs/api.md "Notices"): `<PUBLIC_URL>/notices/unsubscribe?u=<sub>&s=<signature>`, the
 * signature being HMAC-SHA256 of `notices-unsubscribe:<sub>` under the server secret
 * {@link NOTICE_LINK_SECRET} (secrets/index.ts: 32 random bytes in the database, shared by every
 * process), base64url. It only turns notices off, never expires, and is never logged.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The server secret that signs the links. */
export const NOTICE_LINK_SECRET = 'notice-links';

/** Where the link leads (routes/noticesUnsubscribe.ts). */
export const UNSUBSCRIBE_PATH = '/notices/unsubscribe';

/** The signature of the link of `userSub`, base64url (43 characters). */
export function unsubscribeSignature(key: Buffer, userSub: string): string {
  return createHmac('sha256', key).update(`notices-unsubscribe:${userSub}`).digest('base64url');
}

/** True when `signature` is the link signature of `userSub` (compared in constant time). */
export function isUnsubscribeSignature(key: Buffer, userSub: string, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(key, userSub));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The whole link of `userSub` on `publicUrl` (an origin, e.g. `https://vpn.example.com`). */
export function unsubscribeUrl(publicUrl: string, key: Buffer, userSub: string): string {
  const url = new URL(UNSUBSCRIBE_PATH, publicUrl);
  url.searchParams.set('u', userSub);
  url.searchParams.set('s', unsubscribeSignature(key, userSub));
  return url.toString();
}
