/**
 * Settings of the two roles of a deployment at scale (docs/architecture.md "VPN hosts"): the
 * service (`npm start` with `NATS_URL`) and a VPN host (`npm run host`).
 */
import { isRegionId } from '../../core/regions';
import type { SettingDoc } from '../settings';
import {
  hostNamePrefix,
  loadNetnsSettings,
  type NetnsSettings,
} from '../provisioners/netnsSettings';
import { checkNatsCredentials, checkNatsUrl, type NatsSettings } from './natsConnect';
import { isHostId } from './protocol';

/** The service's side: how it reaches its hosts and judges them. */
export interface HostsSettings {
  nats: NatsSettings;
  /** Most live VPNs per host unless the host announces its own (`HOST_CAPACITY`). */
  capacity: number;
  /** A VPN its host has not reported alive for this long goes Paused, ms (`HOST_GRACE_S`). */
  graceMs: number;
  /** ...and is terminated after this long, ms (`HOST_LOST_S`). */
  lostMs: number;
  /** How long to wait for a host's answer to a command before retrying, ms. */
  commandTimeoutMs: number;
  /**
   * `HOST_MAX_BYTES_PER_S`: the fastest a VPN's reported byte counter may grow, bytes per
   * second since its last accepted report; a faster one is a host fault (hostUsage.ts).
   */
  maxBytesPerS: number;
}

/** A VPN host's settings (`npm run host`). */
export interface HostAgentSettings {
  nats: NatsSettings;
  /** `HOST_ID`: this host's id (its NATS subjects). */
  hostId: string;
  /** `HOST_REGIONS`: the regions it serves. */
  regions: string[];
  /** `PROVISIONER`: what runs the servers here. */
  provisioner: 'simulated' | 'netns';
  /** `WG_ENDPOINT_HOST`: the address clients reach this host at (unset: its primary address). */
  endpointHost: string | undefined;
  /** `DATA_DIR`: where the host keeps its VPNs' WireGuard state. */
  dataDir: string;
  /** `HOST_CAPACITY` when set: announced to the service. */
  capacity: number | undefined;
  /** `HOST_HEARTBEAT_S` in ms: how often it reports life and usage. */
  heartbeatMs: number;
  /** `SIMULATED_STEP_MS`. */
  simulatedStepMs: number;
  /** The `netns` provisioner's settings (`WG_*`, `NETNS_PREFIX`). */
  netns: NetnsSettings;
}

/**
 * Documentation of the service's settings of this file (read by `loadConfig`; listed in
 * settings.ts's SETTINGS and the table of docs/configuration.md).
 */
export const HOSTS_SETTINGS: readonly SettingDoc[] = [
  {
    name: 'NATS_URL',
    description:
      'Service and host: NATS server(s) of a deployment at scale, `nats://[user:pass@]host:4222` (comma-separated for several); set on the service, every VPN is placed on a VPN host of its region (see "Deploying at scale"); unset, VPNs run on this machine',
    default: 'unset: no hosts, VPNs run locally',
    requiredInProduction: false,
  },
  {
    name: 'NATS_CREDS',
    description:
      'Service and host: path of a NATS creds file (user JWT and nkey seed) to authenticate with, instead of a user and password in NATS_URL',
    default: 'unset',
    requiredInProduction: false,
  },
  {
    name: 'NATS_NKEY_SEED_FILE',
    description: 'Service and host: path of a file holding an nkey seed to authenticate with',
    default: 'unset',
    requiredInProduction: false,
  },
  {
    name: 'HOST_CAPACITY',
    description:
      'Most live VPNs per host: on the service, for hosts that do not say; on a host, announced to the service (`0`: it takes no new VPN, to retire it)',
    default: '250',
    requiredInProduction: false,
  },
  {
    name: 'HOST_GRACE_S',
    description:
      'Service: seconds a host may stay silent before its Running VPNs go Paused (not charged for time until it reports them alive again)',
    default: '60',
    requiredInProduction: false,
  },
  {
    name: 'HOST_LOST_S',
    description:
      "Service: seconds of silence after which a host's VPNs are terminated (charged only what was reported)",
    default: '900',
    requiredInProduction: false,
  },
  {
    name: 'HOST_MAX_BYTES_PER_S',
    description:
      "Service: the fastest a VPN's byte counter (both directions) may grow, bytes per second over the time since its last accepted report; a faster report, or a counter that goes backwards, is refused (its bytes not charged), logged and counted as a fault of the host",
    default: '1250000000 (10 Gbit/s)',
    requiredInProduction: false,
  },
];

/**
 * Documentation of the settings only a VPN host reads (`npm run host`; the "VPN host
 * only" table of docs/configuration.md), besides NATS_URL, NATS_CREDS, NATS_NKEY_SEED_FILE,
 * HOST_CAPACITY, PROVISIONER, WG_ENDPOINT_HOST, the other `WG_*` and NETNS_PREFIX,
 * SIMULATED_STEP_MS and DATA_DIR.
 */
export const HOST_ONLY_SETTINGS: readonly SettingDoc[] = [
  {
    name: 'HOST_ID',
    description:
      "Host (`npm run host`): this VPN host's id, lower-case letters, digits and dashes (its NATS user may use only this id's subjects)",
    default: 'required on a host',
    requiredInProduction: false,
  },
  {
    name: 'HOST_REGIONS',
    description:
      'Host: comma-separated region codes this host serves, e.g. `eu-west-3,eu-central-1`',
    default: 'required on a host',
    requiredInProduction: false,
  },
  {
    name: 'HOST_HEARTBEAT_S',
    description:
      'Host: seconds between two heartbeats (with the usage counters); keep it well below HOST_GRACE_S',
    default: '5',
    requiredInProduction: false,
  },
];

/** `HOST_MAX_BYTES_PER_S` by default: 10 Gbit/s, bytes per second. */
export const DEFAULT_MAX_BYTES_PER_S = 1.25e9;

type Env = Readonly<Record<string, string | undefined>>;

const read = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined;

/**
 * A number in [min, max] (decimals and an exponent allowed, e.g. `1.25e9`); throws a message
 * naming the setting otherwise.
 */
function readNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?(e\d+)?$/i.test(raw) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, got: '${raw}'`);
  }
  return value;
}

/** The NATS settings of `env`, or undefined when NATS_URL is unset. */
function readNats(env: Env): NatsSettings | undefined {
  const url = read(env, 'NATS_URL');
  const credsFile = read(env, 'NATS_CREDS');
  const nkeySeedFile = read(env, 'NATS_NKEY_SEED_FILE');
  if (url === undefined) return undefined;
  checkNatsUrl('NATS_URL', url);
  if (credsFile && nkeySeedFile) {
    throw new Error('Set one of NATS_CREDS and NATS_NKEY_SEED_FILE, not both');
  }
  const settings = { url, credsFile, nkeySeedFile };
  checkNatsCredentials(settings);
  return settings;
}

/**
 * The service's hosts settings, or undefined when `NATS_URL` is unset (VPNs run locally).
 * @throws Error naming the setting when one is malformed.
 */
export function loadHostsSettings(env: Env): HostsSettings | undefined {
  // Every setting is read (and checked) even without NATS_URL.
  const nats = readNats(env);
  const graceS = readNumber(env, 'HOST_GRACE_S', 60, 0.1, 86_400);
  const lostS = readNumber(env, 'HOST_LOST_S', 900, 0.1, 30 * 86_400);
  const capacity = Math.floor(readNumber(env, 'HOST_CAPACITY', 250, 1, 1_000_000));
  const maxBytesPerS = readNumber(env, 'HOST_MAX_BYTES_PER_S', DEFAULT_MAX_BYTES_PER_S, 1, 1e15);
  if (lostS <= graceS) throw new Error('HOST_LOST_S must be more than HOST_GRACE_S');
  if (!nats) return undefined;
  return {
    nats,
    capacity,
    graceMs: Math.round(graceS * 1000),
    lostMs: Math.round(lostS * 1000),
    commandTimeoutMs: 60_000,
    maxBytesPerS,
  };
}

/**
 * A VPN host's settings (`npm run host`).
 * @throws Error naming the setting when one is missing or malformed.
 */
export function loadHostAgentSettings(env: Env): HostAgentSettings {
  const nats = readNats(env);
  if (!nats) throw new Error('NATS_URL unset in environment!');
  const hostId = read(env, 'HOST_ID') ?? '';
  if (!isHostId(hostId)) {
    throw new Error(`HOST_ID must be lower-case letters, digits and dashes, got: '${hostId}'`);
  }
  const regions = (read(env, 'HOST_REGIONS') ?? '')
    .split(',')
    .map((region) => region.trim())
    .filter(Boolean);
  const bad = regions.find((region) => !isRegionId(region));
  if (regions.length === 0 || bad !== undefined) {
    throw new Error(
      `HOST_REGIONS must be comma-separated region codes, e.g. eu-west-3, got: '${bad ?? ''}'`,
    );
  }
  const provisioner = read(env, 'PROVISIONER') ?? 'simulated';
  if (provisioner !== 'simulated' && provisioner !== 'netns') {
    throw new Error(`PROVISIONER must be one of simulated, netns, got: '${provisioner}'`);
  }
  const endpointHost = read(env, 'WG_ENDPOINT_HOST');
  const capacity = read(env, 'HOST_CAPACITY');
  return {
    nats,
    hostId,
    regions,
    provisioner,
    endpointHost,
    dataDir: read(env, 'DATA_DIR') ?? './data',
    capacity:
      capacity === undefined
        ? undefined
        : Math.floor(readNumber(env, 'HOST_CAPACITY', 250, 0, 1_000_000)),
    heartbeatMs: Math.round(1000 * readNumber(env, 'HOST_HEARTBEAT_S', 5, 0.05, 3600)),
    simulatedStepMs: Math.floor(readNumber(env, 'SIMULATED_STEP_MS', 1500, 0, 600_000)),
    // Names of its own: hosts on one machine share /var/run/netns and /var/run/wireguard.
    netns: loadNetnsSettings(env, { defaultPrefix: hostNamePrefix(hostId) }),
  };
}
