/**
 * Egress filtering of the `netns` provisioner (docs/architecture.md "egress"): what a VPN's
 * client may reach through the host. Default deny to private space: the client's traffic is
 * forwarded to public destinations only, never to the host's networks (LAN, VPC, its database,
 * the NATS hub), loopback, link-local (169.254.169.254, a cloud's metadata and credentials),
 * carrier-grade NAT, multicast or reserved space, for IPv4 and IPv6 alike (NAT64's 64:ff9b::/96
 * would reach private IPv4). The host's own addresses are closed by the input chain
 * (netnsHost.ts). Exceptions, both chosen by the operator: the DNS servers of `WG_DNS` on port
 * 53 (UDP and TCP), and the ranges of `WG_ALLOWED_PRIVATE` (e.g. a company network).
 *
 * The lists live in nft named sets of our table (`private4`, `private6`, `allowed4`,
 * `allowed6`, `dns4`, `dns6`), rewritten in the same atomic transaction as the rules.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** IPv4 destinations a client never reaches (unless WG_ALLOWED_PRIVATE opens part of one). */
export const PRIVATE_RANGES4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '224.0.0.0/4',
  '240.0.0.0/4',
] as const;

/** IPv6 destinations a client never reaches (unless WG_ALLOWED_PRIVATE opens part of one). */
export const PRIVATE_RANGES6 = [
  '::1/128',
  '::ffff:0:0/96',
  '64:ff9b::/96',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
] as const;

/** An IP network: its family, address as a number, and prefix length. */
export interface Cidr {
  family: 4 | 6;
  /** The network address (host bits zero). */
  base: bigint;
  prefix: number;
  /** As written (normalised: always with `/n`). */
  text: string;
}

/** An IPv4 or IPv6 address as a number (IPv4-mapped forms such as `::ffff:1.2.3.4` included). */
function addressValue(address: string): bigint | undefined {
  if (isIPv4(address)) {
    return address.split('.').reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  }
  if (!isIPv6(address)) return undefined;
  let text = address;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = addressValue(dotted[2]) as bigint;
    text = `${dotted[1]}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = [...groups(head), ...(tail === undefined ? [] : Array<string>(missing).fill('0'))];
  all.push(...groups(tail));
  return all.reduce((value, group) => (value << 16n) | BigInt(`0x${group}`), 0n);
}

/**
 * Parses `text`, an IPv4 or IPv6 network `address/n` (a bare address is a /32 or /128).
 * @throws Error naming `setting` when it is not a network or has host bits set.
 */
export function parseCidr(text: string, setting: string): Cidr {
  const [address, prefixText, extra] = text.split('/');
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : undefined;
  const bits = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  const base = addressValue(address);
  if (
    family === undefined ||
    base === undefined ||
    extra !== undefined ||
    (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) ||
    prefix > bits
  ) {
    throw new Error(
      `${setting} must hold IPv4 or IPv6 networks such as 10.1.0.0/16, got: '${text}'`,
    );
  }
  const hostBits = (1n << BigInt(bits - prefix)) - 1n;
  if ((base & hostBits) !== 0n) {
    throw new Error(`${setting}: '${text}' has host bits set (write the network's first address)`);
  }
  return { family, base, prefix, text: `${address}/${prefix}` };
}

/** True when networks `a` and `b` share an address (same family, one holds the other). */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  if (a.family !== b.family) return false;
  const bits = a.family === 4 ? 32 : 128;
  const shorter = Math.min(a.prefix, b.prefix);
  const shift = BigInt(bits - shorter);
  return a.base >> shift === b.base >> shift;
}

/**
 * Reads `WG_ALLOWED_PRIVATE`: comma-separated IPv4/IPv6 networks (empty: none), normalised.
 * @throws Error naming the setting and the bad entry.
 */
export function parseAllowedPrivate(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => parseCidr(item, 'WG_ALLOWED_PRIVATE').text);
}

/** What the egress rules need of the settings. */
export interface EgressSettings {
  /** DNS servers pushed to clients (`WG_DNS`), IPv4 or IPv6 addresses. */
  dns: readonly string[];
  /** Networks opened on purpose (`WG_ALLOWED_PRIVATE`). */
  allowedPrivate: readonly string[];
}

/** The named sets of our table (declarations, inside `table ... { }`). */
export const EGRESS_SETS = [
  '  set private4 { type ipv4_addr ; flags interval ; auto-merge ; }',
  '  set private6 { type ipv6_addr ; flags interval ; auto-merge ; }',
  '  set allowed4 { type ipv4_addr ; flags interval ; auto-merge ; }',
  '  set allowed6 { type ipv6_addr ; flags interval ; auto-merge ; }',
  '  set dns4 { type ipv4_addr ; flags interval ; auto-merge ; }',
  '  set dns6 { type ipv6_addr ; flags interval ; auto-merge ; }',
] as const;

/** `add element` of `items` to `set` (nothing when empty: nft refuses an empty list). */
function fill(table: string, set: string, items: readonly string[]): string[] {
  return items.length === 0 ? [] : [`add element ${table} ${set} { ${items.join(', ')} }`];
}

/**
 * The nft commands that fill the sets (flushed first: the lists are replaced, not merged) and
 * the rules of the forward and input chains for traffic coming from a VPN (`from`, the match of
 * our veths: `iifgroup <our link group>`).
 * They go after the flush of the chains and after the rule dropping VPN-to-VPN traffic, which
 * therefore holds whatever WG_ALLOWED_PRIVATE opens. Order in the forward chain:
 * 1. replies of connections the VPN did not open (its WireGuard packets back to clients, which
 *    may be on a private network) pass;
 * 2. the DNS servers of WG_DNS on port 53 pass;
 * 3. WG_ALLOWED_PRIVATE passes;
 * 4. the private ranges are dropped; everything else (public space) is forwarded and
 *    masqueraded. The input chain gets the DNS exception (a resolver on the host itself).
 */
export function egressCommands(
  table: string,
  from: string,
  settings: EgressSettings,
): { forward: string[]; input: string[]; sets: string[] } {
  const allowed = settings.allowedPrivate.map((text) => parseCidr(text, 'WG_ALLOWED_PRIVATE'));
  const dns4 = settings.dns.filter((address) => isIPv4(address));
  const dns6 = settings.dns.filter((address) => isIPv6(address));
  const sets = [
    ...['private4', 'private6', 'allowed4', 'allowed6', 'dns4', 'dns6'].map(
      (set) => `flush set ${table} ${set}`,
    ),
    ...fill(table, 'private4', PRIVATE_RANGES4),
    ...fill(table, 'private6', PRIVATE_RANGES6),
    ...fill(
      table,
      'allowed4',
      allowed.filter((cidr) => cidr.family === 4).map((cidr) => cidr.text),
    ),
    ...fill(
      table,
      'allowed6',
      allowed.filter((cidr) => cidr.family === 6).map((cidr) => cidr.text),
    ),
    ...fill(table, 'dns4', dns4),
    ...fill(table, 'dns6', dns6),
  ];
  const dns = (chain: string) => [
    `add rule ${table} ${chain} ${from} ip daddr @dns4 meta l4proto { udp, tcp } th dport 53 accept`,
    `add rule ${table} ${chain} ${from} ip6 daddr @dns6 meta l4proto { udp, tcp } th dport 53 accept`,
  ];
  const forward = [
    `add rule ${table} forward ${from} ct direction reply accept`,
    ...dns('forward'),
    `add rule ${table} forward ${from} ip daddr @allowed4 accept`,
    `add rule ${table} forward ${from} ip6 daddr @allowed6 accept`,
    `add rule ${table} forward ${from} ip daddr @private4 drop`,
    `add rule ${table} forward ${from} ip6 daddr @private6 drop`,
  ];
  return { forward, input: dns('input'), sets };
}
