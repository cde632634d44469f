/**
 * The host's side of the `netns` provisioner: one nftables table of ours, `inet <prefix>vpn`
 * (nobody else's rules are ever flushed or changed), and IPv4 forwarding.
 *
 * The table holds:
 * - the map `wgports` (UDP port -> namespace address): packets to a local address of the host on
 *   a VPN's port are DNATed to its namespace, so `WG_ENDPOINT_HOST:<port>` reaches its server;
 * - masquerading of the servers' addresses (`WG_ADDRESSES`) leaving by any other interface, so
 *   a client reaches whatever the host reaches;
 * - isolation: nothing is forwarded from one VPN's veth to another's, and the VPNs' namespaces
 *   cannot open connections to the host itself;
 * - egress filtering (netnsEgress.ts): a client reaches public destinations only (its DNS
 *   servers and WG_ALLOWED_PRIVATE excepted), in named sets of the table.
 *
 * IPv6: the servers' /124s of `WG_ADDRESSES6` are masqueraded likewise (NAT66),
 * IPv6 forwarding is on (netnsIpv6.ts keeps the host's router advertisements), and neighbour
 * discovery from the veth pairs is let in (without it, no IPv6 packet crosses them).
 *
 * The rules know our veths by their link group (netnsSettings.ts `linkGroup`, set when a veth is
 * made and again on every start for those made before), never by a name pattern: another
 * installation's prefix may begin with ours (`pn`, `pnb`), and a pattern `pn*` took in its
 * interfaces too, dropping its clients' allowed private traffic.
 */
import fs from 'node:fs';
import { EGRESS_SETS, egressCommands } from './netnsEgress';
import { enableIpv6Forwarding } from './netnsIpv6';
import { formatIpv4, linkGroup, slotOfName, type NetnsSettings } from './netnsSettings';
import { CommandError, ipBatch, linkNames, nft, run } from './netnsSystem';

/** The name of our nftables table (family `inet`). */
export function tableName(settings: NetnsSettings): string {
  return `${settings.namePrefix}vpn`;
}

/** The nft script that creates the table or brings an existing one's rules up to date. */
export function hostRules(settings: NetnsSettings): string {
  const table = `inet ${tableName(settings)}`;
  const group = linkGroup(settings.namePrefix);
  const from = `iifgroup ${group}`;
  const range = `${formatIpv4(settings.addressBase)}/${settings.addressPrefix}`;
  const chains = ['prerouting', 'output', 'postrouting', 'forward', 'input'];
  const egress = egressCommands(table, from, settings);
  return [
    `table ${table} {`,
    '  map wgports { type inet_service : ipv4_addr ; }',
    '  chain prerouting { type nat hook prerouting priority dstnat ; policy accept ; }',
    '  chain output { type nat hook output priority -100 ; policy accept ; }',
    '  chain postrouting { type nat hook postrouting priority srcnat ; policy accept ; }',
    '  chain forward { type filter hook forward priority filter ; policy accept ; }',
    '  chain input { type filter hook input priority filter ; policy accept ; }',
    ...EGRESS_SETS,
    '}',
    ...chains.map((chain) => `flush chain ${table} ${chain}`),
    ...egress.sets,
    `add rule ${table} prerouting fib daddr type local meta l4proto udp dnat ip to udp dport map @wgports`,
    `add rule ${table} output fib daddr type local meta l4proto udp dnat ip to udp dport map @wgports`,
    `add rule ${table} postrouting ip saddr ${range} oifgroup != ${group} masquerade`,
    // NAT66: the clients' IPv6 leaves with the host's address too.
    ...(settings.addresses6
      ? [
          `add rule ${table} postrouting ip6 saddr ${settings.addresses6} oifgroup != ${group} masquerade`,
        ]
      : []),
    `add rule ${table} forward ${from} oifgroup ${group} drop`,
    ...egress.forward,
    `add rule ${table} input ${from} ct state established,related accept`,
    // IPv6 neighbour discovery on the veth pairs (IPv4's ARP is not IP: no rule needed).
    `add rule ${table} input ${from} icmpv6 type { nd-neighbor-solicit, nd-neighbor-advert } accept`,
    ...egress.input,
    `add rule ${table} input ${from} drop`,
    '',
  ].join('\n');
}

/**
 * Puts the host's ends of our veths that exist already in our link group, before the rules that
 * match it replace those of an earlier version (which matched `<prefix>*` by name).
 */
async function groupOurLinks(settings: NetnsSettings): Promise<void> {
  const ours = [...linkNames()].filter(
    (name) => name.endsWith('h') && slotOfName(settings, name) !== undefined,
  );
  if (ours.length === 0) return;
  const group = linkGroup(settings.namePrefix);
  await ipBatch(ours.map((name) => `link set dev ${name} group ${group}`));
}

/**
 * Creates (or updates) our table and turns IPv4 forwarding on. Idempotent: the map's entries
 * (running VPNs) are kept, the rules replaced in one atomic nft transaction.
 */
export async function ensureHost(settings: NetnsSettings): Promise<void> {
  await groupOurLinks(settings);
  await nft(hostRules(settings));
  fs.writeFileSync('/proc/sys/net/ipv4/ip_forward', '1\n');
  if (settings.addresses6) {
    // Keeps accept_ra of every interface but ours (netnsIpv6.ts).
    enableIpv6Forwarding((name) => slotOfName(settings, name) !== undefined);
  }
}

/** Sends UDP port `port` of the host to `address` (a VPN's namespace). Idempotent. */
export async function mapPort(
  settings: NetnsSettings,
  port: number,
  address: string,
): Promise<void> {
  const element = `inet ${tableName(settings)} wgports { ${port} : ${address} }`;
  try {
    await nft(`add element ${element}\n`); // the same entry again is fine
  } catch (error) {
    if (!(error instanceof CommandError && /File exists/.test(error.stderr))) throw error;
    // A stale entry of the port (to another address): replace it in one transaction.
    await nft(
      `delete element inet ${tableName(settings)} wgports { ${port} }\nadd element ${element}\n`,
    );
  }
}

/** Removes UDP port `port`'s entry (none is fine). */
export async function unmapPort(settings: NetnsSettings, port: number): Promise<void> {
  try {
    await nft(`delete element inet ${tableName(settings)} wgports { ${port} }\n`);
  } catch (error) {
    if (error instanceof CommandError && /No such file or directory/.test(error.stderr)) return;
    throw error;
  }
}

/** The map's entries, port -> address (empty when our table does not exist). */
export async function mappedPorts(settings: NetnsSettings): Promise<Map<number, string>> {
  let out: string;
  try {
    out = await run('nft', ['-j', 'list', 'map', 'inet', tableName(settings), 'wgports']);
  } catch {
    return new Map();
  }
  const parsed = JSON.parse(out) as { nftables: { map?: { elem?: [number, string][] } }[] };
  const elements = parsed.nftables.find((item) => item.map)?.map?.elem ?? [];
  return new Map(elements.map(([port, address]) => [port, address]));
}

/** Deletes our table (nothing of ours is left in nftables). */
export async function removeHostRules(settings: NetnsSettings): Promise<void> {
  try {
    await run('nft', ['list', 'table', 'inet', tableName(settings)]);
  } catch {
    return; // no table
  }
  await nft(`delete table inet ${tableName(settings)}\n`);
}
