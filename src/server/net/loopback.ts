/**
 * Loopback checks (issue 13, 16): the development companions answer only callers on this
 * machine, and `/app-config.json` reflects only loopback or configured host names.
 */
import { BlockList, isIP } from 'node:net';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** True when `address` (an IP address as a socket reports it) is a loopback address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  return LOOPBACK.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * True when `host` (a Host header value, `name[:port]`) names this machine's loopback
 * interface: `localhost` (or a name under `.localhost`), 127.0.0.0/8 or `[::1]`.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}
