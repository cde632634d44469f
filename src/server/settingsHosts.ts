/**
 * The records of the settings of the `netns` provisioner and of a deployment at scale (the
 * service's side and a VPN host's): a leaf module, listed in settings.ts's SETTINGS.
 */
import { Type } from '@sinclair/typebox';
import {
  DEFAULT_MAX_BYTES_PER_S,
  NETNS_DEFAULTS,
  int,
  num,
  setting,
  text,
  type SettingDoc,
} from './settingRecord';

/** The `netns` provisioner's settings (read by the service and by a VPN host). */
export const NETNS_SETTINGS: readonly SettingDoc[] = [
  setting({
    name: 'WG_ENDPOINT_HOST',
    schema: text(),
    description:
      'Host name or address of this host that clients reach, put in the configs of `netns` VPNs with their UDP port',
    default: "the host's primary address",
    scope: 'both',
  }),
  setting({
    name: 'WG_PORTS',
    schema: text(NETNS_DEFAULTS.ports),
    description:
      'UDP listen ports of `netns` VPN servers, `first-last` (one per VPN; open them to clients)',
    default: NETNS_DEFAULTS.ports,
    scope: 'both',
  }),
  setting({
    name: 'WG_ADDRESSES',
    schema: text(NETNS_DEFAULTS.addresses),
    description:
      'Private IPv4 range of `netns` VPN servers, CIDR (8 addresses per VPN: veth pair and tunnel)',
    default: NETNS_DEFAULTS.addresses,
    scope: 'both',
  }),
  setting({
    name: 'WG_ADDRESSES6',
    schema: text(),
    description:
      'IPv6 range of `netns` VPN servers, CIDR (a /124 per VPN, beside its IPv4 block: configs carry both addresses)',
    default:
      'a unique local /64 (fdxx:xxxx:xxxx::/64) drawn at first start, kept in DATA_DIR/wg-addresses6',
    scope: 'both',
  }),
  setting({
    name: 'WG_DNS',
    schema: text(NETNS_DEFAULTS.dns),
    description: 'DNS servers pushed to the clients of `netns` VPNs, comma-separated addresses',
    default: NETNS_DEFAULTS.dns,
    scope: 'both',
  }),
  setting({
    name: 'NETNS_PREFIX',
    schema: Type.String({ pattern: '^[a-z]{1,4}$' }),
    description:
      'Prefix (1 to 4 lower-case letters) of the namespaces, interfaces and nft table of `netns` VPNs; others are never touched',
    default: `${NETNS_DEFAULTS.prefix} (on a VPN host: p and 5 letters drawn from its HOST_ID)`,
    scope: 'both',
  }),
  setting({
    name: 'WG_ALLOWED_PRIVATE',
    schema: text(),
    description:
      'Private networks (comma-separated IPv4/IPv6 CIDRs) clients of `netns` VPNs may reach all the same; other private space is closed',
    default: 'none',
    scope: 'both',
  }),
];

/** The service's settings of a deployment at scale (NATS and the judging of VPN hosts). */
export const HOSTS_SETTINGS: readonly SettingDoc[] = [
  setting({
    name: 'NATS_URL',
    schema: text(),
    description:
      'Service and host: NATS server(s) of a deployment at scale, `nats://[user:pass@]host:4222` (comma-separated for several); set on the service, every VPN is placed on a VPN host of its region (see "Deploying at scale"); unset, VPNs run on this machine',
    default: 'unset: no hosts, VPNs run locally',
    secret: true,
    scope: 'both',
  }),
  setting({
    name: 'NATS_CREDS',
    schema: text(),
    description:
      'Service and host: path of a NATS creds file (user JWT and nkey seed) to authenticate with, instead of a user and password in NATS_URL',
    default: 'unset',
    scope: 'both',
  }),
  setting({
    name: 'NATS_NKEY_SEED_FILE',
    schema: text(),
    description: 'Service and host: path of a file holding an nkey seed to authenticate with',
    default: 'unset',
    scope: 'both',
  }),
  setting({
    name: 'HOST_CAPACITY',
    schema: num(1, 1_000_000, 250),
    description:
      'Most live VPNs per host: on the service, for hosts that do not say; on a host, announced to the service (`0`: it takes no new VPN, to retire it)',
    default: '250',
    scope: 'both',
  }),
  setting({
    name: 'HOST_GRACE_S',
    schema: num(0.1, 86_400, 60),
    description:
      'Service: seconds a host may stay silent before its Running VPNs go Paused (not charged for time until it reports them alive again)',
    default: '60',
  }),
  setting({
    name: 'HOST_LOST_S',
    schema: num(0.1, 30 * 86_400, 900),
    description:
      "Service: seconds of silence after which a host's VPNs are terminated (charged only what was reported); more than HOST_GRACE_S",
    default: '900',
  }),
  setting({
    name: 'HOST_MAX_BYTES_PER_S',
    schema: num(1, 1e15, DEFAULT_MAX_BYTES_PER_S),
    description:
      "Service: the fastest a VPN's byte counter (both directions) may grow, bytes per second over the time since its last accepted report; a faster report, or a counter that goes backwards, is refused (its bytes not charged), logged and counted as a fault of the host",
    default: '1250000000 (10 Gbit/s)',
  }),
];

/**
 * The settings only a VPN host reads (`npm run host`), besides NATS_URL, NATS_CREDS,
 * NATS_NKEY_SEED_FILE, HOST_CAPACITY, PROVISIONER, the `WG_*` and NETNS_PREFIX,
 * SIMULATED_STEP_MS and DATA_DIR.
 */
export const HOST_ONLY_SETTINGS: readonly SettingDoc[] = [
  setting({
    name: 'HOST_ID',
    schema: Type.String({ pattern: '^[a-z0-9-]+$' }),
    description:
      "Host (`npm run host`): this VPN host's id, lower-case letters, digits and dashes (its NATS user may use only this id's subjects)",
    default: 'required on a host',
    scope: 'host',
  }),
  setting({
    name: 'HOST_REGIONS',
    schema: text(),
    description:
      'Host: comma-separated region codes this host serves, e.g. `eu-west-3,eu-central-1`',
    default: 'required on a host',
    scope: 'host',
  }),
  setting({
    name: 'HOST_HEALTH_PORT',
    schema: int(0, 65535),
    description:
      'Host: TCP port of the health server (`/healthz`, `/readyz`, `/metrics`), on HOST_HEALTH_ADDRESS; unset: none',
    default: 'unset (no health server)',
    scope: 'host',
  }),
  setting({
    name: 'HOST_HEALTH_ADDRESS',
    schema: text('127.0.0.1'),
    description:
      'Host: address the health server listens on; its `/metrics` has no token, so keep it on loopback or a network only Prometheus reaches',
    default: '127.0.0.1',
    scope: 'host',
  }),
  setting({
    name: 'HOST_HEARTBEAT_S',
    schema: num(0.05, 3600, 5),
    description:
      'Host: seconds between two heartbeats (with the usage counters); keep it well below HOST_GRACE_S',
    default: '5',
    scope: 'host',
  }),
];
