/**
 * The provisioner interface (docs/architecture.md "Server"): what runs one isolated WireGuard
 * server per VPN. The lifecycle calls it from durable jobs that may run more than once (retries,
 * restarts, two workers), so every operation must be idempotent per `vpnId`: preparing or
 * provisioning a VPN twice gives the same server, deprovisioning a VPN that has no server succeeds.
 *
 * Implementations: `simulated` (default; no privileges), later `netns` (Linux network
 * namespaces running wireguard-go) and cloud drivers.
 */

/** A VPN about to be prepared (its keys do not exist yet). */
export interface PrepareTarget {
  /** `<epoch ms>@<region>`. */
  vpnId: string;
  /** Region id, `xx-name-digit`. */
  region: string;
}

/** What a provisioner knows of a VPN. Key fields are secrets: never log them. */
export interface ProvisionTarget {
  /** `<epoch ms>@<region>`. */
  vpnId: string;
  /** Region id, `xx-name-digit`. */
  region: string;
  /** The server's private key, base64 of 32 bytes (secret). */
  serverPrivateKey: string;
  /** The server's public key, base64 of 32 bytes. */
  serverPublicKey: string;
  /** The client's public key (the server's only peer), base64 of 32 bytes. */
  clientPublicKey: string;
  /** The peer's preshared key, base64 of 32 bytes (secret). */
  presharedKey: string;
}

/** What a VPN being torn down is known by (its keys may already be wiped). */
export interface DeprovisionTarget {
  vpnId: string;
  region: string;
  /** The server's `host:port` when it got that far, else null. */
  endpoint: string | null;
}

/** A running VPN, as `usage` needs it. */
export interface UsageTarget {
  vpnId: string;
  region: string;
  /** When it became Running, epoch milliseconds. */
  runningAtMs: number;
}

/** The server a provision set up. */
export interface ProvisionResult {
  /** Where clients connect, `host:port`. */
  endpoint: string;
  /** The server's public key (the target's, unless the provisioner generates its own). */
  serverPublicKey: string;
  /** The client's tunnel addresses, CIDR, e.g. `['10.64.0.2/32', 'fd64::2/128']`. */
  clientAddresses: string[];
  /** DNS servers the client uses through the tunnel. */
  dns: string[];
}

/** Traffic counters of a running VPN. */
export interface UsageResult {
  /** Bytes through the tunnel since it started, both directions (never decreases). */
  bytes: number;
}

/** Options of the slow operations. */
export interface OperationOptions {
  /** Aborts the operation (shutdown, or the VPN was deleted meanwhile): reject soon after. */
  signal?: AbortSignal;
}

/** Runs VPN servers. */
export interface Provisioner {
  /** Name for logs and the configuration (`PROVISIONER`). */
  readonly name: string;
  /**
   * True when the server's key pair is made where the server runs (VPN hosts): the
   * service stores no server key until `provision` answers the public key, and the target's
   * `serverPrivateKey` and `serverPublicKey` are empty strings. Unset: the lifecycle makes them.
   */
  readonly makesServerKeys?: boolean;
  /** Creating -> Created: reserves what the server needs (capacity, addresses). */
  prepare(vpn: PrepareTarget, options?: OperationOptions): Promise<void>;
  /** Provisioning -> Running: starts the server and answers where and how to reach it. */
  provision(vpn: ProvisionTarget, options?: OperationOptions): Promise<ProvisionResult>;
  /** Deprovisioning -> Deleted: destroys the server, its keys and its logs. */
  deprovision(vpn: DeprovisionTarget, options?: OperationOptions): Promise<void>;
  /** The traffic of a running VPN so far. */
  usage(vpn: UsageTarget): Promise<UsageResult>;
  /**
   * When the service starts (before any job runs): re-adopts the servers of `live.running`
   * (restarting those that died), keeps what belongs to `live.inProgress`, and removes every
   * server, interface or rule of this provisioner that belongs to no live VPN (a crash must not
   * leak servers). Optional: provisioners with nothing outside the database omit it.
   */
  reconcile?(live: LiveVpns): Promise<void>;
  /**
   * Why a VPN cannot be created in `region` now (e.g. no VPN host of it is online), or
   * undefined when it can. Synchronous knowledge only (it runs inside the creating transaction).
   * Optional: provisioners that serve every region omit it.
   */
  regionUnavailable?(region: string): string | undefined;
  /**
   * Why the provisioner cannot work now (e.g. its message broker is not connected), or
   * undefined when it can (`/readyz`). Optional: provisioners with no link outside omit it.
   */
  health?(): Promise<string | undefined>;
  /** Releases what the provisioner holds (connections, timers) when the service stops. */
  close?(): Promise<void>;
}

/** The VPNs that may own a server, as the database knows them when the service starts. */
export interface LiveVpns {
  /** Running (or Paused) VPNs, with their keys. */
  running: ProvisionTarget[];
  /** Ids of the VPNs whose jobs will carry on (Creating, Created, Provisioning, Deprovisioning). */
  inProgress: string[];
}

/** A provisioner error that retrying cannot fix (the VPN fails at once). */
export class PermanentProvisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentProvisionError';
  }
}
