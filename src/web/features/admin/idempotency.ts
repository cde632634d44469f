/**
 * A new idempotency key for one operator action (docs/operator-console.md "Idempotency"): 128
 * random bits in hex (crypto.getRandomValues works outside secure contexts too).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
