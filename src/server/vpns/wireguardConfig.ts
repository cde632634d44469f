/**
 * The WireGuard client configuration (spec §2 "Config", §7 `GET /v1/vpns/{vpnId}/config`) as a
 * pure function from a typed record to the text of a wg-quick `.conf` file (after wg-easy).
 * The result holds the client's private key and the preshared key: it is only ever sent to the
 * VPN's owner, base64-encoded, and never logged.
 */
import { isWgKey } from '../provisioners/keys';

/** Everything the client's `.conf` file says. */
export interface WireGuardClientConfig {
  /** The client's private key, base64 of 32 bytes (secret). */
  privateKey: string;
  /** The client's tunnel addresses, CIDR, e.g. `['10.64.0.2/32', 'fd64::2/128']`. */
  addresses: readonly string[];
  /** DNS servers used through the tunnel, e.g. `['1.1.1.1', '2606:4700:4700::1111']`. */
  dns: readonly string[];
  /** The server's public key, base64 of 32 bytes. */
  serverPublicKey: string;
  /** The preshared key, base64 of 32 bytes (secret). */
  presharedKey: string;
  /** The server's `host:port`, e.g. `eu-west-3.vpn.peanut.local:51820`. */
  endpoint: string;
  /** Routed through the tunnel; default everything, `0.0.0.0/0, ::/0`. */
  allowedIps?: readonly string[];
  /** Seconds between keepalive packets (keeps NAT mappings open); default 25. */
  persistentKeepalive?: number;
}

/** Everything goes through the tunnel: the whole IPv4 and IPv6 spaces. */
export const DEFAULT_ALLOWED_IPS: readonly string[] = ['0.0.0.0/0', '::/0'];
/** Keepalive interval in seconds that survives common NAT time-outs (WireGuard's advice). */
export const DEFAULT_PERSISTENT_KEEPALIVE_S = 25;

/** Characters a config value may hold (no line breaks, no `=`-less injection of new keys). */
const SAFE_VALUE = /^[A-Za-z0-9.:/[\]_-]+$/;

/** Checks that `value` is one line of safe characters (a field cannot inject config lines). */
function safe(name: string, value: string): string {
  if (!SAFE_VALUE.test(value)) throw new Error(`Invalid WireGuard ${name}`);
  return value;
}

/** Checks a key field. */
function key(name: string, value: string): string {
  if (!isWgKey(value)) throw new Error(`Invalid WireGuard ${name}`);
  return value;
}

/** Checks a non-empty list and joins it wg-quick style (`a, b`). */
function list(name: string, values: readonly string[]): string {
  if (values.length === 0) throw new Error(`Missing WireGuard ${name}`);
  return values.map((value) => safe(name, value)).join(', ');
}

/**
 * The `.conf` text of `config`: `[Interface]` PrivateKey, Address, DNS, then `[Peer]` PublicKey,
 * PresharedKey, Endpoint, AllowedIPs, PersistentKeepalive; LF line ends and a final newline.
 * @throws Error when a key is not base64 of 32 bytes or a value holds characters a `.conf`
 *   line cannot (so that no field can inject configuration).
 */
export function wireGuardClientConfig(config: WireGuardClientConfig): string {
  const keepalive = config.persistentKeepalive ?? DEFAULT_PERSISTENT_KEEPALIVE_S;
  if (!Number.isInteger(keepalive) || keepalive < 0 || keepalive > 65535) {
    throw new Error('Invalid WireGuard PersistentKeepalive');
  }
  return [
    '[Interface]',
    `PrivateKey = ${key('PrivateKey', config.privateKey)}`,
    `Address = ${list('Address', config.addresses)}`,
    `DNS = ${list('DNS', config.dns)}`,
    '',
    '[Peer]',
    `PublicKey = ${key('PublicKey', config.serverPublicKey)}`,
    `PresharedKey = ${key('PresharedKey', config.presharedKey)}`,
    `Endpoint = ${safe('Endpoint', config.endpoint)}`,
    `AllowedIPs = ${list('AllowedIPs', config.allowedIps ?? DEFAULT_ALLOWED_IPS)}`,
    `PersistentKeepalive = ${keepalive}`,
    '',
  ].join('\n');
}

/** Splits a stored comma-separated list (`a, b`) into its trimmed items. */
export function splitList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
