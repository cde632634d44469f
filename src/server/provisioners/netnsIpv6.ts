/**
 * IPv6 in the tunnels of `netns` VPNs (docs/architecture.md "IPv6 in tunnels"): the
 * range `WG_ADDRESSES6` (default: a ULA /64 drawn at first start, RFC 4193, kept in the data
 * directory so that it stays the same across restarts), the /124 of each server slot (the same
 * slot as its IPv4 block, the same offsets: ::1 host end and ::2 namespace end of the veth pair,
 * ::5 server and ::6 client in the tunnel), and the host's IPv6 forwarding, turned on without
 * costing the host its own IPv6 (router advertisements stay accepted on its uplinks).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ServerPlan } from './netnsSettings';

/** Addresses per server slot: a /124. */
export const IPV6_BLOCK_SIZE = 16;
/** The prefix length of each slot's block. */
export const IPV6_BLOCK_PREFIX = 124;
/** The file of the data directory that keeps the drawn default range. */
export const ADDRESSES6_FILE = 'wg-addresses6';

/** The IPv6 side of a server slot (see the module comment). */
export interface Ipv6Plan {
  /** The slot's /124, e.g. `fd12:3456:789a::10/124`. */
  network: string;
  /** The host's end of the veth pair, e.g. `fd12:3456:789a::11`. */
  hostAddress: string;
  /** The namespace's end of the veth pair. */
  namespaceAddress: string;
  /** The tunnel's /126, e.g. `fd12:3456:789a::14/126`. */
  tunnelNetwork: string;
  /** The server's tunnel address. */
  serverAddress: string;
  /** The client's tunnel address. */
  clientAddress: string;
}

/** An IPv6 address as a 128-bit number, or undefined when `text` is not one. */
export function parseIpv6(text: string): bigint | undefined {
  if (!net.isIPv6(text) || text.includes('%') || text.includes('.')) return undefined;
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** Formats a 128-bit number as an IPv6 address, RFC 5952 (lower case, longest zero run `::`). */
export function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((value >> BigInt(16 * (7 - i))) & 0xffffn),
  );
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  const left = hex.slice(0, bestStart).join(':');
  const right = hex.slice(bestStart + bestLength).join(':');
  return `${left}::${right}`;
}

/** An IPv6 network, `base/prefix`, parsed. */
export interface Ipv6Network {
  base: bigint;
  prefix: number;
}

/**
 * Parses `WG_ADDRESSES6`, an IPv6 network with a prefix of 8 to 124 (at least one /124),
 * written as its first address; answers it in canonical form (`fd12:3456:789a::/64`).
 * @throws Error naming the setting when malformed.
 */
export function parseAddresses6(text: string): string {
  const network = parseNetwork6(text);
  if (!network || network.prefix < 8 || network.prefix > IPV6_BLOCK_PREFIX) {
    throw new Error(
      `WG_ADDRESSES6 must be an IPv6 network a:b:c:d::/n with n from 8 to 124, got: '${text}'`,
    );
  }
  return `${formatIpv6(network.base)}/${network.prefix}`;
}

/** `address/prefix` with no host bits set, or undefined. */
export function parseNetwork6(text: string): Ipv6Network | undefined {
  const [address, prefixText, extra] = text.trim().split('/');
  const base = parseIpv6(address ?? '');
  const prefix = Number(prefixText);
  if (base === undefined || extra !== undefined || !/^\d{1,3}$/.test(prefixText ?? '')) {
    return undefined;
  }
  if (prefix > 128 || (base & ((1n << BigInt(128 - prefix)) - 1n)) !== 0n) return undefined;
  return { base, prefix };
}

/** How many /124 blocks `range` (canonical CIDR) holds, capped at 2^31. */
export function ipv6Capacity(range: string): number {
  const network = parseNetwork6(range);
  if (!network) throw new Error(`Bad IPv6 range '${range}'`);
  return 2 ** Math.min(31, IPV6_BLOCK_PREFIX - network.prefix);
}

/** The IPv6 plan of `slot` in `range` (canonical CIDR; slot 0 of a /124 is that block). */
export function ipv6Plan(range: string, slot: number): Ipv6Plan {
  const network = parseNetwork6(range);
  if (!network) throw new Error(`Bad IPv6 range '${range}'`);
  const block = network.base + BigInt(IPV6_BLOCK_SIZE) * BigInt(slot);
  const at = (offset: number) => formatIpv6(block + BigInt(offset));
  return {
    network: `${at(0)}/${IPV6_BLOCK_PREFIX}`,
    hostAddress: at(1),
    namespaceAddress: at(2),
    tunnelNetwork: `${at(4)}/126`,
    serverAddress: at(5),
    clientAddress: at(6),
  };
}

/**
 * The client's tunnel addresses of a server plan, as its config's `Address` says them: the IPv4
 * one (/32), then the IPv6 one (/128) unless the server is IPv4-only (allocated before IPv6).
 */
export function clientAddresses(plan: Pick<ServerPlan, 'clientAddress' | 'ipv6'>): string[] {
  return [`${plan.clientAddress}/32`, ...(plan.ipv6 ? [`${plan.ipv6.clientAddress}/128`] : [])];
}

/**
 * A unique local /64 (RFC 4193 section 3.2): `fd`, a random 40-bit global id, subnet 0, e.g.
 * `fd3c:9a1e:72b4::/64`.
 */
export function drawUla(): string {
  const id = randomBytes(5);
  const base = [0xfd, ...id, 0, 0].reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
  return `${formatIpv6(base << 64n)}/64`;
}

/**
 * The default `WG_ADDRESSES6` of the data directory `dataDir`: the range kept in
 * `<dataDir>/wg-addresses6`, else a ULA /64 drawn now and written there (mode 0600; created
 * exclusively, so two processes starting at once agree on one). The same on every start.
 * @throws Error when the file holds no valid range (it is never overwritten: servers use it).
 */
export function dataDirAddresses6(dataDir: string): string {
  const file = path.join(dataDir, ADDRESSES6_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, `${drawUla()}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  try {
    return parseAddresses6(text);
  } catch {
    throw new Error(`${file} must hold the IPv6 range of the VPNs (WG_ADDRESSES6), got: '${text}'`);
  }
}

/** Where the kernel's IPv6 settings of this network namespace are. */
const IPV6_CONF = '/proc/sys/net/ipv6/conf';

/**
 * True when new interfaces of this network namespace get IPv6 (the kernel has it and
 * `default/disable_ipv6` is 0): else the provisioner's new servers stay IPv4-only, unless
 * `WG_ADDRESSES6` asks for IPv6 explicitly (then building a server fails, saying why).
 */
export function kernelHasIpv6(): boolean {
  try {
    return fs.readFileSync(`${IPV6_CONF}/default/disable_ipv6`, 'utf8').trim() === '0';
  } catch {
    return false;
  }
}

/**
 * Turns IPv6 forwarding on in this network namespace without costing the host its own IPv6:
 * with forwarding on, the kernel ignores router advertisements on interfaces whose `accept_ra`
 * is 1, so while forwarding is still off, every interface (but `lo` and ours: `isOurs`, e.g.
 * netnsSettings.ts `slotOfName`) that accepts them now (`accept_ra` 1) is set to 2 (accept even
 * when forwarding) first: its default route and addresses stay. Nothing changes when forwarding is
 * already on (the operator's choices stand). Idempotent.
 * @throws Error when the kernel has no IPv6 (`/proc/sys/net/ipv6` missing) though asked for.
 */
export function enableIpv6Forwarding(isOurs: (name: string) => boolean): void {
  const forwarding = `${IPV6_CONF}/all/forwarding`;
  if (!fs.existsSync(forwarding)) {
    throw new Error('WG_ADDRESSES6 is set but this kernel has no IPv6: unset it (IPv4-only VPNs)');
  }
  if (fs.readFileSync(forwarding, 'utf8').trim() === '1') return;
  for (const name of fs.readdirSync(IPV6_CONF)) {
    if (['all', 'default', 'lo'].includes(name) || isOurs(name)) continue;
    const file = `${IPV6_CONF}/${name}/accept_ra`;
    try {
      if (fs.readFileSync(file, 'utf8').trim() === '1') fs.writeFileSync(file, '2\n');
    } catch {
      // the interface went away meanwhile
    }
  }
  fs.writeFileSync(forwarding, '1\n');
}
