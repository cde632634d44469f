/**
 * The `netns` provisioner (docs/architecture.md "Server"): on Linux as root, every VPN is a real
 * WireGuard server in a network namespace of its own (spec §1: its own server, destroyed with
 * its logs), running wireguard-go, reachable at `WG_ENDPOINT_HOST:<its port>` and forwarding
 * the client's traffic through the host.
 *
 * One VPN's server, in slot `n` (see netnsSettings.ts for the plan):
 * - namespace `<prefix>n` holding the WireGuard interface `<prefix>n` (wireguard-go; its socket
 *   is `/var/run/wireguard/<prefix>n.sock`) with the server's tunnel address, and `eth0`, the
 *   namespace's end of a veth pair whose host end is `<prefix>nh`; forwarding on, default route
 *   to the host;
 * - on the host: a route to the tunnel's /30 through the namespace, and the port's entry in our
 *   nftables map (DNAT), besides the shared rules of netnsHost.ts.
 *
 * Every operation is idempotent per vpnId. Keys go to wireguard-go over its UAPI socket, never
 * in argv, files or logs; wireguard-go runs with its log discarded. Deprovisioning stops the
 * daemon and deletes the namespace, the veth pair, the route, the port's entry, the socket and
 * the database row (on a VPN host, its record): nothing of the VPN remains. Usage is the peer's
 * bytes in both directions (as on the wire), kept exact across wireguard-go restarts by the
 * counters of netnsStore.ts.
 */
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { MEMORY_DATA_DIR, type Database } from '../db';
import { ensureHost, mappedPorts, unmapPort } from './netnsHost';
import { clientAddresses, dataDirAddresses6, drawUla, kernelHasIpv6 } from './netnsIpv6';
import { lockPrefix } from './netnsLock';
import { buildServer, NETNS_DIR, namesIn, serverHealthy, teardownServer } from './netnsServer';
import {
  serverPlan,
  slotOfName,
  storedPlan,
  type NetnsSettings,
  type ServerPlan,
} from './netnsSettings';
import { databaseAllocations, type NetnsAllocations, type NetnsServerRecord } from './netnsStore';
import { ip, namespacePids, netnsAvailability } from './netnsSystem';
import { transferBytes, WIREGUARD_SOCKET_DIR } from './uapi';
import type {
  DeprovisionTarget,
  LiveVpns,
  OperationOptions,
  PrepareTarget,
  ProvisionResult,
  ProvisionTarget,
  Provisioner,
  UsageResult,
  UsageTarget,
} from './types';

/** The message of a forced `netns` on a host without what it needs. */
export function netnsMissingMessage(missing: readonly string[]): string {
  return `PROVISIONER=netns needs ${missing.join(', ')}: missing here (use PROVISIONER=simulated)`;
}

/** Options of {@link createNetnsProvisioner}. */
export interface NetnsProvisionerOptions {
  /** The application's database (allocations and counters live in `netns_servers`)... */
  db?: Database;
  /** ...or where else they live (a VPN host's state file); one of the two is needed. */
  allocations?: NetnsAllocations;
  settings: NetnsSettings;
  /** Where to log what reconciliation did (never keys). */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /**
   * The data directory, where the default `WG_ADDRESSES6` is kept (netnsIpv6.ts); without it
   * and without `settings.addresses6`, or on a kernel without IPv6, new servers are IPv4-only.
   */
  dataDir?: string;
}

/** The `netns` provisioner, plus what tests and the benchmark use. */
export interface NetnsProvisioner extends Provisioner {
  readonly name: 'netns';
  /** The host put in configs. */
  endpointHost(): Promise<string>;
  /** The plan of `vpnId`'s server, or undefined when it has none. */
  planOf(vpnId: string): Promise<ServerPlan | undefined>;
  /** The wireguard-go process ids of `vpnId`'s server (empty when none). */
  daemonPids(vpnId: string): Promise<number[]>;
}

/**
 * The host's primary IPv4 address: that of the interface of the default route (a route table
 * lookup; nothing is sent), else the first non-loopback IPv4 address.
 * @throws Error when the host has none (set WG_ENDPOINT_HOST).
 */
export async function primaryAddress(): Promise<string> {
  const interfaces = os.networkInterfaces();
  const ipv4 = (name: string) =>
    (interfaces[name] ?? []).find((item) => item.family === 'IPv4' && !item.internal)?.address;
  try {
    const routes = JSON.parse(await ip(['-j', '-4', 'route', 'show', 'default'])) as {
      dev?: string;
      prefsrc?: string;
    }[];
    for (const route of routes) {
      const address = route.prefsrc ?? (route.dev ? ipv4(route.dev) : undefined);
      if (address) return address;
    }
  } catch {
    // no default route: fall through
  }
  for (const name of Object.keys(interfaces)) {
    const address = ipv4(name);
    if (address) return address;
  }
  throw new Error('This host has no IPv4 address to put in VPN configs: set WG_ENDPOINT_HOST');
}

/**
 * Creates the `netns` provisioner, holding the lock of its `NETNS_PREFIX` (netnsLock.ts) until
 * `close()` (taken again if used after that).
 * @throws Error {@link netnsMissingMessage} when this host lacks Linux, root or a tool; Error
 *   naming the other process when another live process holds the prefix or overlapping ranges.
 */
export function createNetnsProvisioner(options: NetnsProvisionerOptions): NetnsProvisioner {
  const availability = netnsAvailability();
  if (!availability.available) throw new Error(netnsMissingMessage(availability.missing));
  const settings: NetnsSettings =
    options.settings.addresses6 || options.dataDir === undefined || !kernelHasIpv6()
      ? options.settings
      : {
          ...options.settings,
          // An in-memory database keeps nothing across restarts: nor does its range.
          addresses6:
            options.dataDir === MEMORY_DATA_DIR ? drawUla() : dataDirAddresses6(options.dataDir),
        };
  if (!options.allocations && !options.db) {
    throw new Error('the netns provisioner needs a database or allocations');
  }
  const store: NetnsAllocations =
    options.allocations ?? databaseAllocations(options.db as Database);
  // Before anything of the host is touched: only the prefix's owner builds or removes servers.
  let unlock: (() => void) | undefined = lockPrefix(settings);

  let host: Promise<void> | undefined;
  /** The prefix's lock, then our nft table and forwarding, once (again after a failure). */
  const hostReady = (): Promise<void> => {
    unlock ??= lockPrefix(settings);
    return (host ??= ensureHost(settings).catch((error: unknown) => {
      host = undefined;
      throw error;
    }));
  };

  let endpoint: Promise<string> | undefined;
  const endpointHost = (): Promise<string> =>
    (endpoint ??= settings.endpointHost
      ? Promise.resolve(settings.endpointHost)
      : primaryAddress().catch((error: unknown) => {
          endpoint = undefined;
          throw error;
        }));

  const planOfRow = (row: NetnsServerRecord): ServerPlan => storedPlan(settings, row);

  /**
   * Adds the bytes of `row`'s current daemon to its base before the daemon is replaced: what it
   * counts now when it still answers, else what was last read from it.
   */
  async function foldCounters(row: NetnsServerRecord, plan: ServerPlan): Promise<void> {
    let last = row.bytesSeen;
    try {
      last = Math.max(last, await transferBytes(plan.name));
    } catch {
      // gone: the last reading is all there is
    }
    if (last > 0)
      await store.saveCounters(row.vpnId, { bytesBase: row.bytesBase + last, bytesSeen: 0 });
  }

  /** Provisions (or re-adopts) `target`'s server; the result clients connect with. */
  async function provision(
    target: ProvisionTarget,
    signal?: AbortSignal,
  ): Promise<ProvisionResult> {
    await hostReady();
    const row = await store.allocate(settings, target.vpnId);
    const plan = planOfRow(row);
    if (!(await serverHealthy(settings, plan, target))) {
      await foldCounters(row, plan);
      await teardownServer(settings, plan, true);
      signal?.throwIfAborted();
      await buildServer(settings, plan, target, signal);
    }
    const hostName = await endpointHost();
    return {
      endpoint: `${hostName.includes(':') ? `[${hostName}]` : hostName}:${plan.listenPort}`,
      serverPublicKey: target.serverPublicKey,
      clientAddresses: clientAddresses(plan),
      dns: [...settings.dns],
    };
  }

  return {
    name: 'netns',
    endpointHost,

    async close() {
      // The servers keep running: the next owner of the prefix re-adopts them.
      unlock?.();
      unlock = undefined;
    },

    async planOf(vpnId) {
      const row = await store.find(vpnId);
      return row ? planOfRow(row) : undefined;
    },

    async daemonPids(vpnId) {
      const row = await store.find(vpnId);
      return row ? namespacePids(planOfRow(row).name) : [];
    },

    async prepare(vpn: PrepareTarget, operation?: OperationOptions): Promise<void> {
      await hostReady();
      operation?.signal?.throwIfAborted();
      await store.allocate(settings, vpn.vpnId);
    },

    provision(vpn: ProvisionTarget, operation?: OperationOptions): Promise<ProvisionResult> {
      return provision(vpn, operation?.signal);
    },

    async deprovision(vpn: DeprovisionTarget): Promise<void> {
      const row = await store.find(vpn.vpnId);
      if (!row) return;
      await teardownServer(settings, planOfRow(row));
      await store.release(vpn.vpnId);
    },

    async usage(vpn: UsageTarget): Promise<UsageResult> {
      const row = await store.find(vpn.vpnId);
      if (!row) throw new Error(`VPN ${vpn.vpnId} has no server`);
      const current = await transferBytes(planOfRow(row).name);
      // Fewer bytes than last read: a new daemon (restarted without us): count the old one's.
      const bytesBase = current < row.bytesSeen ? row.bytesBase + row.bytesSeen : row.bytesBase;
      if (bytesBase !== row.bytesBase || current !== row.bytesSeen) {
        await store.saveCounters(vpn.vpnId, { bytesBase, bytesSeen: current });
      }
      return { bytes: bytesBase + current };
    },

    async reconcile(live: LiveVpns): Promise<void> {
      await hostReady();
      const log = options.log;
      const running = new Map(live.running.map((target) => [target.vpnId, target]));
      const keep = new Set([...running.keys(), ...live.inProgress]);
      const rows = await store.all();

      // Allocations of no live VPN: their servers go.
      const kept: NetnsServerRecord[] = [];
      for (const row of rows) {
        if (keep.has(row.vpnId)) {
          kept.push(row);
          continue;
        }
        await teardownServer(settings, planOfRow(row));
        await store.release(row.vpnId);
        log?.info({ vpnId: row.vpnId }, 'removed the server of a VPN that is no more');
      }

      // Running VPNs: re-adopt, or rebuild a server that died (same port, keys and counters).
      for (const row of kept) {
        const target = running.get(row.vpnId);
        if (!target) continue;
        const plan = planOfRow(row);
        if (await serverHealthy(settings, plan, target)) continue;
        try {
          await foldCounters(row, plan);
          await teardownServer(settings, plan, true);
          await buildServer(settings, plan, target);
          log?.warn({ vpnId: row.vpnId }, 'restarted the server of a running VPN');
        } catch (error) {
          // The others are reconciled all the same; this one's usage reads fail until it is.
          log?.warn(
            { vpnId: row.vpnId, err: error instanceof Error ? error.message : String(error) },
            'could not restart the server of a running VPN',
          );
        }
      }
      for (const target of running.values()) {
        if (!kept.some((row) => row.vpnId === target.vpnId)) {
          log?.warn(
            { vpnId: target.vpnId },
            'running VPN has no netns server (another provisioner?)',
          );
        }
      }

      // Namespaces, interfaces, sockets and port entries of ours that no allocation owns.
      const owned = new Set(kept.map((row) => row.slot));
      const found = new Set<number>();
      const links = JSON.parse(await ip(['-j', 'link', 'show'])) as { ifname: string }[];
      const names = [
        ...namesIn(NETNS_DIR),
        ...links.map((link) => link.ifname),
        ...namesIn(WIREGUARD_SOCKET_DIR).map((file) => file.replace(/\.sock$/, '')),
      ];
      for (const name of names) {
        const slot = slotOfName(settings, name);
        if (slot !== undefined && !owned.has(slot)) found.add(slot);
      }
      for (const slot of found) {
        await teardownServer(settings, serverPlan(settings, slot), true);
        log?.info({ server: `${settings.namePrefix}${slot}` }, 'removed an orphan VPN server');
      }
      const ownedPorts = new Set(kept.map((row) => row.listenPort));
      for (const port of (await mappedPorts(settings)).keys()) {
        if (!ownedPorts.has(port)) await unmapPort(settings, port);
      }
    },
  };
}
