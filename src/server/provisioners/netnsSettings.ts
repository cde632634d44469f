/**
 * Settings of the `netns` provisioner (docs/architecture.md "Fixed points"), read from the
 * environment by `loadConfig`, and the address plan they define.
 *
 * Each VPN server gets a slot (allocated in the database, or in a VPN host's state) and from it:
 * - the names `<prefix><slot>` (namespace and WireGuard interface) and `<prefix><slot>h` (the
 *   host's end of the veth pair), at most 15 characters; the host's end is in the link group of
 *   the prefix ({@link linkGroup}), which our nftables rules match;
 * - the UDP listen port `WG_PORTS`'s first port + slot;
 * - the block of 8 addresses `WG_ADDRESSES`' base + 8 x slot: .1 host end and .2 namespace end
 *   of the veth pair (a /30), .5 server and .6 client in the tunnel (a /30).
 */

import { createHash } from 'node:crypto';
import net from 'node:net';
import { ipv6Capacity, ipv6Plan, parseAddresses6, type Ipv6Plan } from './netnsIpv6';
import { NETNS_DEFAULTS } from '../settings';
import { SettingsReader, type Env } from '../settingsReader';
import { parseAllowedPrivate } from './netnsEgress';

/** The settings of the `netns` provisioner. */
export interface NetnsSettings {
  /** Host put in client configs (`WG_ENDPOINT_HOST`); undefined: the host's primary address. */
  endpointHost: string | undefined;
  /** First UDP listen port (`WG_PORTS`, `first-last`). */
  firstPort: number;
  /** Last UDP listen port, inclusive. */
  lastPort: number;
  /** Base of the IPv4 range of the servers' address blocks (`WG_ADDRESSES`), as a 32-bit number. */
  addressBase: number;
  /** Prefix length of that range (at most 29). */
  addressPrefix: number;
  /** DNS servers pushed to clients (`WG_DNS`). */
  dns: string[];
  /** Prefix of every namespace, interface and nft table of ours (`NETNS_PREFIX`). */
  namePrefix: string;
  /**
   * The IPv6 range of the servers' /124 blocks (`WG_ADDRESSES6`), canonical CIDR; unset: the
   * data directory's ULA /64 (netnsIpv6.ts `dataDirAddresses6`, resolved by the provisioner).
   */
  addresses6?: string;
  /** Private networks clients may reach all the same (`WG_ALLOWED_PRIVATE`, netnsEgress.ts). */
  allowedPrivate: string[];
}

export { NETNS_DEFAULTS };

/** Parses a dotted IPv4 address into a 32-bit number, or undefined. */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  if (bytes.some((byte) => byte > 255)) return undefined;
  return ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
}

/** Formats a 32-bit number as a dotted IPv4 address. */
export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

/** True when `text` is an IPv6 address (no zone index: a DNS server of clients has none). */
function isIpv6(text: string): boolean {
  return net.isIPv6(text) && !text.includes('%');
}

/**
 * The default name prefix of a VPN host's servers: `p` and 5 letters drawn from a
 * hash of its id (`HOST_ID`), so that several hosts on one machine, which share `/var/run/netns`
 * and `/var/run/wireguard`, never take (nor remove) each other's namespaces and sockets.
 * E.g. `pqhzkd`; the longest names it makes, `<prefix><slot>h`, stay within 15 characters.
 */
export function hostNamePrefix(hostId: string): string {
  const digest = createHash('sha256').update(`peanut-host:${hostId}`).digest();
  let letters = 'p';
  for (let i = 0; i < 5; i++) letters += String.fromCharCode(97 + (digest[i] % 26));
  return letters;
}

/** Link groups of ours start here (above the small numbers an operator would pick). */
const LINK_GROUP_BASE = 0x50000000;

/**
 * The link group of the host's ends of the veth pairs of prefix `namePrefix` (1 to 6 lower-case
 * letters): 0x50000000 plus the prefix read as a number in base 27 (a = 1 ... z = 26), so two
 * prefixes never share a group, even when one begins the other (`pn` and `pnx`, or a VPN host's
 * `pnqkzt`). Our nftables rules match our interfaces by this group (`iifgroup`), not by a name
 * pattern: `iifname "pn*"` also matched every interface of `pnx`.
 * @throws RangeError for a prefix that is not 1 to 6 lower-case letters.
 */
export function linkGroup(namePrefix: string): number {
  if (!/^[a-z]{1,6}$/.test(namePrefix)) {
    throw new RangeError(`A name prefix is 1 to 6 lower-case letters, got: '${namePrefix}'`);
  }
  let value = 0;
  for (const letter of namePrefix) value = value * 27 + (letter.charCodeAt(0) - 96);
  return LINK_GROUP_BASE + value;
}

/** Options of {@link loadNetnsSettings}. */
export interface LoadNetnsOptions {
  /** The prefix when NETNS_PREFIX is unset (default `pn`; a host's is {@link hostNamePrefix}). */
  defaultPrefix?: string;
  /**
   * The reader of a larger set of settings (`loadConfig`'s, a host's), which collects the
   * problems found here; without one, they are thrown at the end.
   */
  reader?: SettingsReader;
}

/**
 * Reads the settings from `env` (their records and defaults: settings.ts).
 * @throws SettingsError naming every malformed setting (unless `options.reader` collects them).
 */
export function loadNetnsSettings(env: Env, options: LoadNetnsOptions = {}): NetnsSettings {
  const r = options.reader ?? new SettingsReader(env);

  const ports = r.text('WG_PORTS');
  const portMatch = /^(\d{1,5})-(\d{1,5})$/.exec(ports);
  let firstPort = Number(portMatch?.[1]);
  let lastPort = Number(portMatch?.[2]);
  if (!portMatch || firstPort < 1 || lastPort > 65535 || firstPort > lastPort) {
    r.fail('WG_PORTS', `WG_PORTS must be a port range first-last within 1-65535, got: '${ports}'`);
    [firstPort, lastPort] = [1, 1];
  }

  const addresses = r.text('WG_ADDRESSES');
  const [baseText, prefixText] = addresses.split('/');
  let base = parseIpv4(baseText);
  let addressPrefix = Number(prefixText);
  if (
    base === undefined ||
    !/^\d{1,2}$/.test(prefixText ?? '') ||
    addressPrefix < 8 ||
    addressPrefix > 29 ||
    (base & (2 ** (32 - addressPrefix) - 1)) !== 0
  ) {
    r.fail(
      'WG_ADDRESSES',
      `WG_ADDRESSES must be an IPv4 network a.b.c.d/n with n from 8 to 29, got: '${addresses}'`,
    );
    [base, addressPrefix] = [0, 29];
  }

  const dnsText = r.text('WG_DNS');
  const dns = dnsText
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (dns.length === 0 || !dns.every((item) => parseIpv4(item) !== undefined || isIpv6(item))) {
    r.fail('WG_DNS', `WG_DNS must be comma-separated IP addresses, got: '${dnsText}'`);
  }

  const explicitPrefix = r.raw('NETNS_PREFIX');
  const namePrefix = explicitPrefix ?? options.defaultPrefix ?? NETNS_DEFAULTS.prefix;
  if (explicitPrefix !== undefined && !/^[a-z]{1,4}$/.test(namePrefix)) {
    r.fail('NETNS_PREFIX', `NETNS_PREFIX must be 1 to 4 lower-case letters, got: '${namePrefix}'`);
  }

  const endpointHost = r.raw('WG_ENDPOINT_HOST');
  if (endpointHost !== undefined && !/^[A-Za-z0-9.:-]+$/.test(endpointHost)) {
    r.fail(
      'WG_ENDPOINT_HOST',
      `WG_ENDPOINT_HOST must be a host name or address, got: '${endpointHost}'`,
    );
  }

  const addresses6Text = r.raw('WG_ADDRESSES6');
  const addresses6 =
    addresses6Text === undefined
      ? undefined
      : r.attempt('WG_ADDRESSES6', () => parseAddresses6(addresses6Text), undefined);
  const allowedPrivate = r.attempt(
    'WG_ALLOWED_PRIVATE',
    () => parseAllowedPrivate(r.raw('WG_ALLOWED_PRIVATE')),
    [],
  );

  if (!options.reader) r.finish();
  return {
    endpointHost,
    firstPort,
    lastPort,
    addressBase: base,
    addressPrefix,
    dns,
    namePrefix,
    ...(addresses6 === undefined ? {} : { addresses6 }),
    allowedPrivate,
  };
}

/** How many VPN servers the settings allow at once (ports and address blocks). */
export function netnsCapacity(settings: NetnsSettings): number {
  const blocks = 2 ** (32 - settings.addressPrefix) / 8;
  const blocks6 = settings.addresses6 ? ipv6Capacity(settings.addresses6) : Infinity;
  return Math.min(settings.lastPort - settings.firstPort + 1, blocks, blocks6);
}

/** The names, port and addresses of the server in `slot` (see the module comment). */
export interface ServerPlan {
  slot: number;
  /** Namespace and WireGuard interface, e.g. `pn0`. */
  name: string;
  /** The host's end of the veth pair, e.g. `pn0h`. */
  hostLink: string;
  /** UDP listen port. */
  listenPort: number;
  /** The block, e.g. `10.200.0.0/29`. */
  network: string;
  /** The host's end of the veth pair, e.g. `10.200.0.1`. */
  hostAddress: string;
  /** The namespace's end of the veth pair, e.g. `10.200.0.2`. */
  namespaceAddress: string;
  /** The tunnel's /30, e.g. `10.200.0.4/30`. */
  tunnelNetwork: string;
  /** The server's tunnel address, e.g. `10.200.0.5`. */
  serverAddress: string;
  /** The client's tunnel address, e.g. `10.200.0.6`. */
  clientAddress: string;
  /** The IPv6 side (the slot's /124 of `WG_ADDRESSES6`); absent: an IPv4-only server. */
  ipv6?: Ipv6Plan;
}

/** The interface inside each namespace that leads to the host. */
export const NAMESPACE_LINK = 'eth0';

/** The plan of `slot` (0 to capacity - 1) under `settings`. */
export function serverPlan(settings: NetnsSettings, slot: number): ServerPlan {
  const block = settings.addressBase + 8 * slot;
  const name = `${settings.namePrefix}${slot}`;
  return {
    slot,
    name,
    hostLink: `${name}h`,
    listenPort: settings.firstPort + slot,
    network: `${formatIpv4(block)}/29`,
    hostAddress: formatIpv4(block + 1),
    namespaceAddress: formatIpv4(block + 2),
    tunnelNetwork: `${formatIpv4(block + 4)}/30`,
    serverAddress: formatIpv4(block + 5),
    clientAddress: formatIpv4(block + 6),
    ...(settings.addresses6 ? { ipv6: ipv6Plan(settings.addresses6, slot) } : {}),
  };
}

/** The plan of an allocated server, from its stored network and port. */
export function storedPlan(
  settings: NetnsSettings,
  row: { slot: number; listenPort: number; network: string; network6?: string | null },
): ServerPlan {
  const block = parseIpv4(row.network.split('/')[0]);
  if (block === undefined) throw new Error(`Bad stored network '${row.network}'`);
  const moved = { ...settings, addressBase: block, firstPort: row.listenPort };
  // The stored /124 (none: allocated before IPv6, the server stays IPv4-only).
  const plan = serverPlan({ ...moved, addresses6: row.network6 ?? undefined }, 0);
  const name = `${settings.namePrefix}${row.slot}`;
  return { ...plan, slot: row.slot, name, hostLink: `${name}h` };
}

/** The slot named by one of our names (`<prefix><slot>` or `<prefix><slot>h`), else undefined. */
export function slotOfName(settings: NetnsSettings, name: string): number | undefined {
  const match = new RegExp(`^${settings.namePrefix}(\\d{1,6})h?$`).exec(name);
  return match ? Number(match[1]) : undefined;
}
