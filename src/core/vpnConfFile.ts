/**
 * The downloaded WireGuard config (spec §2 "VPN list" > Config and QRCode): its short file name
 * (decode the base64 text with `decodeBase64Text` of `base64.ts`) and the QR image's data URL.
 *
 * The name is derived from the vpnId `{epoch ms}@{xx-name-digit}`:
 * `yyMMddHHmm` (UTC, 10 digits) + the region's two-letter prefix + the compass letters of its
 * middle word + its index digit, cut to 15 characters; e.g. `1710931200000@eu-west-3` ->
 * `2403201040euw3`. wg-quick uses the file name as the interface name, so the name always
 * matches {@link WG_INTERFACE_NAME_PATTERN}.
 */
import { parseVpnId } from './vpn';

/** A valid wg-quick interface name: 1 to 15 of `a-z A-Z 0-9 _ = + . -`. */
export const WG_INTERFACE_NAME_PATTERN = /^[a-zA-Z0-9_=+.-]{1,15}$/;
/** Longest config name (the interface name limit). */
export const CONF_NAME_MAX_LENGTH = 15;

/** Compass letters of a region's middle word (spec §2). */
export const COMPASS_LETTERS: Readonly<Record<string, string>> = Object.freeze({
  north: 'n',
  northeast: 'ne',
  east: 'e',
  southeast: 'se',
  south: 's',
  southwest: 'sw',
  west: 'w',
  northwest: 'nw',
  central: 'c',
});

/**
 * The compass letters of a region's middle word (`west` -> `w`, `northeast` -> `ne`,
 * `central` -> `c`). A word that is not a compass word gives its first letter (e.g. a
 * hypothetical `xx-gov-1` -> `g`), so every region yields a short, valid name.
 */
export function compassLetters(word: string): string {
  return Object.hasOwn(COMPASS_LETTERS, word) ? COMPASS_LETTERS[word] : word.charAt(0);
}

/** Two-digit zero-padded number. */
function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The config name of a VPN, without extension, at most 15 characters (spec §2), e.g.
 * `2403201040euw3` for `1710931200000@eu-west-3`, `2403201040apne1` for an ap-northeast-1 VPN.
 * @throws InvalidVpnIdError for a missing or malformed vpnId.
 */
export function confName(vpnId: string): string {
  const { createdAtMs, region } = parseVpnId(vpnId);
  const date = new Date(createdAtMs);
  const stamp =
    pad2(date.getUTCFullYear() % 100) +
    pad2(date.getUTCMonth() + 1) +
    pad2(date.getUTCDate()) +
    pad2(date.getUTCHours()) +
    pad2(date.getUTCMinutes());
  const [prefix, middle, index] = region.split('-');
  return `${stamp}${prefix}${compassLetters(middle)}${index}`.slice(0, CONF_NAME_MAX_LENGTH);
}

/** The config file name: {@link confName} + `.conf`. @throws InvalidVpnIdError */
export function confFileName(vpnId: string): string {
  return `${confName(vpnId)}.conf`;
}

/** A `data:` URL of a base64 PNG (the QR code of spec §2), for an `<img src>`. */
export function pngDataUrl(base64: string): string {
  return `data:image/png;base64,${base64.replace(/\s+/g, '')}`;
}
