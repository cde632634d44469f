/**
 * NATS with a leaf node per region (docs/hosts.md, "Leaf nodes"): a hub
 * nats-server (JetStream, the service's user, one leaf-node user per region) and, per region, a
 * leaf nats-server that the region's hosts log in to, linked to the hub's account `PEANUT` by a
 * leaf node connection. docs/hosts.md shows the configurations these functions write (the test
 * checks it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { makeTempDir, removeDir } from './helpers';
import { spawnNatsServer, type NatsServerProcess } from './hostsHelpers';
import { hostPermissions, type NatsPermissions } from './natsAuth';

/** A region's leaf node and its hosts. */
export interface LeafRegion {
  region: string;
  /** Password of the region's leaf-node user on the hub. */
  leafPassword: string;
  hosts: { id: string; password: string }[];
}

const list = (subjects: string[]) => subjects.map((subject) => `"${subject}"`).join(', ');

/** A user entry with permissions, indented for an `accounts` block. */
function userEntry(user: string, password: string, permissions: NatsPermissions): string {
  return `      {
        user: "${user}", password: "${password}"
        permissions: {
          publish: { allow: [${list(permissions.publish)}] }
          subscribe: { allow: [${list(permissions.subscribe)}] }
        }
      }`;
}

/**
 * What a region's leaf node may pass to the hub and receive from it: its hosts' reports and
 * acks, and its hosts' commands (the hub sees the leaf node connection as one user).
 */
export function leafPermissions(region: LeafRegion): NatsPermissions {
  const each = region.hosts.map((host) => hostPermissions(host.id));
  return {
    publish: each.flatMap((permissions) => permissions.publish),
    subscribe: each.flatMap((permissions) => permissions.subscribe),
  };
}

/** The hub's configuration: JetStream, the service's user and one leaf-node user per region. */
export function natsHubConfig(options: {
  listen: string;
  leafListen: string;
  storeDir: string;
  servicePassword: string;
  regions: readonly LeafRegion[];
}): string {
  const leafUsers = options.regions.map((region) =>
    userEntry(`leaf-${region.region}`, region.leafPassword, leafPermissions(region)),
  );
  return `listen: ${options.listen}
jetstream { store_dir: "${options.storeDir}" }
leafnodes { listen: ${options.leafListen} }
accounts {
  PEANUT {
    jetstream: enabled
    users = [
      { user: "service", password: "${options.servicePassword}" }
${leafUsers.join('\n')}
    ]
  }
}
`;
}

/** A region's leaf configuration: its hosts' users, and the link to the hub's `PEANUT`. */
export function natsLeafConfig(options: {
  listen: string;
  /** The hub's leaf node listener, `host:port`. */
  hub: string;
  region: LeafRegion;
}): string {
  const { region } = options;
  const hostUsers = region.hosts.map((host) =>
    userEntry(host.id, host.password, hostPermissions(host.id)),
  );
  return `listen: ${options.listen}
leafnodes {
  remotes = [
    { url: "nats-leaf://leaf-${region.region}:${region.leafPassword}@${options.hub}", account: "PEANUT" }
  ]
}
accounts {
  PEANUT {
    users = [
${hostUsers.join('\n')}
    ]
  }
}
`;
}

/** A running hub and leaf nodes. */
export interface TestLeafNats {
  /** The service's URL (on the hub). */
  serviceUrl: string;
  /** Host `hostId`'s URL (on its region's leaf node). */
  hostUrl(hostId: string): string;
  /** The URL of `region`'s leaf node user on the hub (what its leaf node logs in with). */
  leafUrl(region: string): string;
  hub: NatsServerProcess;
  leaves: NatsServerProcess[];
  /** Kills every server and removes their directory. */
  stop(): Promise<void>;
}

/** Starts a hub and a leaf node per region of `regions` (`{ region: hostIds }`). */
export async function startLeafNats(regions: Record<string, string[]>): Promise<TestLeafNats> {
  const dir = makeTempDir('nats-leaf');
  const secret = () => randomBytes(12).toString('hex');
  const servicePassword = secret();
  const leafRegions: LeafRegion[] = Object.entries(regions).map(([region, hostIds]) => ({
    region,
    leafPassword: secret(),
    hosts: hostIds.map((id) => ({ id, password: secret() })),
  }));
  const servers: NatsServerProcess[] = [];
  const stop = async () => {
    for (const server of servers) await server.stop();
    removeDir(dir);
  };
  try {
    const hubFile = path.join(dir, 'hub.conf');
    fs.writeFileSync(
      hubFile,
      natsHubConfig({
        listen: '127.0.0.1:-1',
        leafListen: '127.0.0.1:-1',
        storeDir: path.join(dir, 'js'),
        servicePassword,
        regions: leafRegions,
      }),
    );
    const hub = await spawnNatsServer(hubFile, true);
    servers.push(hub);
    const leaves: NatsServerProcess[] = [];
    for (const region of leafRegions) {
      const file = path.join(dir, `leaf-${region.region}.conf`);
      const hubAddress = `127.0.0.1:${hub.leafPort}`;
      fs.writeFileSync(file, natsLeafConfig({ listen: '127.0.0.1:-1', hub: hubAddress, region }));
      const leaf = await spawnNatsServer(file);
      servers.push(leaf);
      leaves.push(leaf);
    }
    return {
      serviceUrl: `nats://service:${servicePassword}@127.0.0.1:${hub.port}`,
      hostUrl: (hostId) => {
        const at = leafRegions.findIndex((region) => region.hosts.some((h) => h.id === hostId));
        const host = leafRegions[at]?.hosts.find((h) => h.id === hostId);
        if (!host) throw new Error(`no NATS user for host ${hostId}`);
        return `nats://${hostId}:${host.password}@127.0.0.1:${leaves[at].port}`;
      },
      leafUrl: (region) => {
        const leaf = leafRegions.find((entry) => entry.region === region);
        if (!leaf) throw new Error(`no leaf node for ${region}`);
        return `nats://leaf-${region}:${leaf.leafPassword}@127.0.0.1:${hub.port}`;
      },
      hub,
      leaves,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
