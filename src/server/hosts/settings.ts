/**
 * Settings of the two roles of a deployment at scale (docs/architecture.md "VPN hosts"): the
 * service (`npm start` with `NATS_URL`) and a VPN host (`npm run host`).
 */
import { isRegionId } from '../../core/regions';
import { DEFAULT_MAX_BYTES_PER_S, LOG_LEVELS, PROVISIONER_NAMES } from '../settings';
import { SettingsReader, type Env } from '../settingsReader';
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
  /** `HOST_HEALTH_PORT`: the health server's port (`/healthz`, `/readyz`, `/metrics`); none. */
  healthPort: number | undefined;
  /** `HOST_HEALTH_ADDRESS`: the address the health server listens on. */
  healthAddress: string;
  /** `LOG_LEVEL`. */
  logLevel: (typeof LOG_LEVELS)[number];
}

export { DEFAULT_MAX_BYTES_PER_S };

/** The NATS settings of `env`, or undefined when NATS_URL is unset (or wrong). */
function readNats(r: SettingsReader): NatsSettings | undefined {
  const url = r.raw('NATS_URL');
  const credsFile = r.raw('NATS_CREDS');
  const nkeySeedFile = r.raw('NATS_NKEY_SEED_FILE');
  if (url === undefined) return undefined;
  if (!r.attempt('NATS_URL', () => (checkNatsUrl('NATS_URL', url), true), false)) return undefined;
  if (credsFile && nkeySeedFile) {
    r.fail('NATS_CREDS', 'Set one of NATS_CREDS and NATS_NKEY_SEED_FILE, not both');
    return undefined;
  }
  const settings = { url, credsFile, nkeySeedFile };
  const checked = r.attempt('NATS_CREDS', () => (checkNatsCredentials(settings), true), false);
  return checked ? settings : undefined;
}

/**
 * The service's hosts settings, or undefined when `NATS_URL` is unset (VPNs run locally).
 * @throws SettingsError naming every malformed setting (unless `reader`, `loadConfig`'s,
 *   collects them).
 */
export function loadHostsSettings(env: Env, reader?: SettingsReader): HostsSettings | undefined {
  const r = reader ?? new SettingsReader(env);
  // Every setting is read (and checked) even without NATS_URL.
  const nats = readNats(r);
  const graceS = r.number('HOST_GRACE_S', { exponent: true });
  const lostS = r.number('HOST_LOST_S', { exponent: true });
  const capacity = Math.floor(r.number('HOST_CAPACITY', { exponent: true }));
  const maxBytesPerS = r.number('HOST_MAX_BYTES_PER_S', { exponent: true });
  if (lostS <= graceS && !r.hasFailed('HOST_GRACE_S') && !r.hasFailed('HOST_LOST_S')) {
    r.fail('HOST_LOST_S', 'HOST_LOST_S must be more than HOST_GRACE_S');
  }
  if (!reader) r.finish();
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
 * @throws SettingsError naming every missing or malformed setting.
 */
export function loadHostAgentSettings(env: Env): HostAgentSettings {
  const r = new SettingsReader(env);
  const nats = readNats(r);
  if (!nats && !r.hasFailed('NATS_URL') && !r.hasFailed('NATS_CREDS')) {
    r.fail('NATS_URL', 'NATS_URL unset in environment!');
  }
  const hostId = r.raw('HOST_ID') ?? '';
  if (!isHostId(hostId)) {
    r.fail('HOST_ID', `HOST_ID must be lower-case letters, digits and dashes, got: '${hostId}'`);
  }
  const regions = (r.raw('HOST_REGIONS') ?? '')
    .split(',')
    .map((region) => region.trim())
    .filter(Boolean);
  const bad = regions.find((region) => !isRegionId(region));
  if (regions.length === 0 || bad !== undefined) {
    r.fail(
      'HOST_REGIONS',
      `HOST_REGIONS must be comma-separated region codes, e.g. eu-west-3, got: '${bad ?? ''}'`,
    );
  }
  const provisioner = r.choice('PROVISIONER', PROVISIONER_NAMES);
  const endpointHost = r.raw('WG_ENDPOINT_HOST');
  const capacity =
    r.raw('HOST_CAPACITY') === undefined
      ? undefined
      : Math.floor(r.number('HOST_CAPACITY', { exponent: true, minimum: 0 }));
  const settings = {
    nats: nats ?? { url: '' },
    hostId,
    regions,
    provisioner,
    endpointHost,
    dataDir: r.text('DATA_DIR'),
    capacity,
    heartbeatMs: Math.round(1000 * r.number('HOST_HEARTBEAT_S', { exponent: true })),
    simulatedStepMs: Math.floor(r.number('SIMULATED_STEP_MS', { exponent: true })),
    // Names of its own: hosts on one machine share /var/run/netns and /var/run/wireguard.
    netns: loadNetnsSettings(env, { defaultPrefix: hostNamePrefix(hostId), reader: r }),
    healthPort: r.raw('HOST_HEALTH_PORT') === undefined ? undefined : r.int('HOST_HEALTH_PORT'),
    healthAddress: r.text('HOST_HEALTH_ADDRESS'),
    logLevel: r.choice('LOG_LEVEL', LOG_LEVELS),
  };
  r.finish();
  return settings;
}
