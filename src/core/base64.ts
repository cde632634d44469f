/**
 * Base64 decoding for browsers and Node 20 (global `atob` and `TextDecoder`), no I/O.
 */

/**
 * Decodes base64 (standard or URL-safe, padded or not, whitespace ignored) to UTF-8 text. Used
 * for the VPN config file (spec §2, §7) and JWT payloads.
 * @throws Error (DOMException or TypeError) when the input is not base64 or not UTF-8.
 */
export function decodeBase64Text(base64: string): string {
  const normalised = base64.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = normalised + '='.repeat((4 - (normalised.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
