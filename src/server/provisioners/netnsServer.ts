/**
 * One `netns` VPN server on this host (see netns.ts for its layout): build it from nothing, tell
 * whether it is complete and serving, tear down whatever part of it exists, read its counters.
 * Commands run through `execFile` (netnsSystem.ts); keys go over the UAPI socket only.
 */
import fs from 'node:fs';
import { mappedPorts, mapPort, unmapPort } from './netnsHost';
import { parseIpv6 } from './netnsIpv6';
import { linkGroup, NAMESPACE_LINK, type NetnsSettings, type ServerPlan } from './netnsSettings';
import { ipBatch, killProcesses, linkNames, linkUp, namespacePids, run } from './netnsSystem';
import { getInterface, keyToHex, setInterface, socketPath } from './uapi';
import type { ProvisionTarget } from './types';

/** Where `ip netns` keeps its namespaces. */
export const NETNS_DIR = '/var/run/netns';

/** True when `path` exists. */
function exists(path: string): boolean {
  return fs.existsSync(path);
}

/** The names in `dir` (empty when it does not exist). */
export function namesIn(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** True when UDP `port` is bound by a socket of the network namespace of process `pid`. */
function listening(pid: number, port: number): boolean {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['udp', 'udp6'].some((file) => {
    try {
      // Lines of `sl local_address rem_address ...`, local_address being `<hex address>:<hex port>`.
      return fs
        .readFileSync(`/proc/${pid}/net/${file}`, 'utf8')
        .split('\n')
        .some((line) => line.trim().split(/\s+/)[1]?.split(':')[1] === hex);
    } catch {
      return false;
    }
  });
}

/**
 * Whether `plan`'s server is complete and serves `target` (keys compared inside, never
 * returned): namespace, daemon with the right key, port and peer, host link up, the tunnel's
 * and default routes in the namespace (IPv4 drops a link's routes when it goes down), the UDP
 * port bound, and (unless `portMapped` is known) the port's DNAT entry.
 */
export async function serverHealthy(
  settings: NetnsSettings,
  plan: ServerPlan,
  target: ProvisionTarget,
  portMapped = false,
): Promise<boolean> {
  if (!exists(`${NETNS_DIR}/${plan.name}`) || !exists(socketPath(plan.name))) return false;
  try {
    const state = await getInterface(plan.name, target.serverPrivateKey);
    if (
      !state.privateKeyMatches ||
      state.listenPort !== plan.listenPort ||
      state.peers.length !== 1 ||
      state.peers[0].publicKeyHex !== keyToHex(target.clientPublicKey)
    ) {
      return false;
    }
    const pid = namespacePids(plan.name).find((candidate) => listening(candidate, plan.listenPort));
    if (pid === undefined || !(await linkUp(plan.hostLink))) return false;
    const routes = fs.readFileSync(`/proc/${pid}/net/route`, 'utf8');
    if (!new RegExp(`^${plan.name}\\s`, 'm').test(routes)) return false;
    if (!new RegExp(`^${NAMESPACE_LINK}\\s+00000000\\s`, 'm').test(routes)) return false;
    if (plan.ipv6 && !ipv6RoutesUp(pid, plan.name, plan.ipv6.tunnelNetwork)) return false;
    return (
      portMapped || (await mappedPorts(settings)).get(plan.listenPort) === plan.namespaceAddress
    );
  } catch {
    return false;
  }
}

/**
 * True when the namespace of process `pid` has its IPv6 routes: the tunnel's `tunnelNetwork` (on
 * interface `name`) and the default one (on the veth). Lines of /proc/<pid>/net/ipv6_route:
 * destination (32 hex digits), its prefix length (hex), ..., the interface last.
 */
function ipv6RoutesUp(pid: number, name: string, tunnelNetwork: string): boolean {
  const [address, prefix] = tunnelNetwork.split('/');
  const destination = (parseIpv6(address) ?? -1n).toString(16).padStart(32, '0');
  const length = Number(prefix).toString(16).padStart(2, '0');
  const lines = fs
    .readFileSync(`/proc/${pid}/net/ipv6_route`, 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const tunnel = lines.some(
    (fields) => fields[9] === name && fields[0] === destination && fields[1] === length,
  );
  const byDefault = lines.some(
    (fields) => fields[9] === NAMESPACE_LINK && /^0+$/.test(fields[0] ?? '') && fields[1] === '00',
  );
  return tunnel && byDefault;
}

/**
 * Removes everything of the server in `plan` (whatever part exists); its port's entry too
 * unless `keepPort` (a rebuild maps it again; an orphan's port is judged on its own).
 */
export async function teardownServer(
  settings: NetnsSettings,
  plan: ServerPlan,
  keepPort = false,
): Promise<void> {
  await killProcesses(namespacePids(plan.name));
  const lines = [
    ...(linkNames().has(plan.hostLink) ? [`link del dev ${plan.hostLink}`] : []),
    ...(exists(`${NETNS_DIR}/${plan.name}`) ? [`netns del ${plan.name}`] : []),
  ];
  if (lines.length > 0) await ipBatch(lines);
  if (!keepPort) await unmapPort(settings, plan.listenPort);
  fs.rmSync(socketPath(plan.name), { force: true });
}

/** Builds the server of `plan` for `target` from nothing; resolves once it listens. */
export async function buildServer(
  settings: NetnsSettings,
  plan: ServerPlan,
  target: ProvisionTarget,
  signal?: AbortSignal,
): Promise<void> {
  const { name } = plan;
  await ipBatch([
    `netns add ${name}`,
    // The host's end in our link group, which our nftables rules match (netnsHost.ts).
    `link add ${plan.hostLink} group ${linkGroup(settings.namePrefix)} type veth peer name ${NAMESPACE_LINK} netns ${name}`,
    `addr add ${plan.hostAddress}/30 dev ${plan.hostLink}`,
    `link set ${plan.hostLink} up`,
    `route add ${plan.tunnelNetwork} via ${plan.namespaceAddress} dev ${plan.hostLink} onlink`,
    // IPv6: the same shape; `nodad`, so the addresses serve at once.
    ...(plan.ipv6
      ? [
          `addr add ${plan.ipv6.hostAddress}/126 dev ${plan.hostLink} nodad`,
          `route add ${plan.ipv6.tunnelNetwork} via ${plan.ipv6.namespaceAddress} dev ${plan.hostLink}`,
        ]
      : []),
  ]);
  // In the namespace's network only (nsenter and tee: util-linux and coreutils, always there;
  // lighter than `ip netns exec`, which also remounts /sys). /proc/sys/net is the writer's
  // namespace's: this turns forwarding on in the VPN's namespace alone.
  const inNamespace = [`--net=${NETNS_DIR}/${name}`, '--'];
  await run('nsenter', [...inNamespace, 'tee', '/proc/sys/net/ipv4/ip_forward'], {
    input: '1\n',
  });
  if (plan.ipv6) {
    await run('nsenter', [...inNamespace, 'tee', '/proc/sys/net/ipv6/conf/all/forwarding'], {
      input: '1\n',
    });
  }
  signal?.throwIfAborted();
  // Daemonizes once its interface and socket exist; a bare environment, so that no LOG_LEVEL
  // reaches it: its output goes to /dev/null (no logs to wipe).
  await run('nsenter', [...inNamespace, 'wireguard-go', name], {
    env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
  });
  await setInterface(name, {
    privateKey: target.serverPrivateKey,
    listenPort: plan.listenPort,
    peerPublicKey: target.clientPublicKey,
    presharedKey: target.presharedKey,
    allowedIps: [
      `${plan.clientAddress}/32`,
      ...(plan.ipv6 ? [`${plan.ipv6.clientAddress}/128`] : []),
    ],
  });
  await ipBatch(
    [
      'link set lo up',
      `addr add ${plan.namespaceAddress}/30 dev ${NAMESPACE_LINK}`,
      `link set ${NAMESPACE_LINK} up`,
      `route add default via ${plan.hostAddress} dev ${NAMESPACE_LINK} onlink`,
      `addr add ${plan.serverAddress}/30 dev ${name}`,
      `link set ${name} up`,
      ...(plan.ipv6
        ? [
            `addr add ${plan.ipv6.namespaceAddress}/126 dev ${NAMESPACE_LINK} nodad`,
            `route add default via ${plan.ipv6.hostAddress} dev ${NAMESPACE_LINK}`,
            `addr add ${plan.ipv6.serverAddress}/126 dev ${name} nodad`,
          ]
        : []),
    ],
    name,
  );
  await mapPort(settings, plan.listenPort, plan.namespaceAddress);
  if (!(await serverHealthy(settings, plan, target, true))) {
    throw new Error(`VPN server ${name} is not up and listening on UDP ${plan.listenPort}`);
  }
}
