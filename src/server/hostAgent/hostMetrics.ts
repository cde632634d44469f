/**
 * A VPN host's Prometheus metrics (prom-client; docs/hosts.md "Health and metrics"): process
 * defaults, `peanut_build_info`, its VPN servers, the bytes they forwarded, and the duration of
 * its commands (provisioning, deprovisioning) by operation and outcome. No label carries a VPN
 * id: the byte counter is one sum over the host's servers.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { releaseRegistry } from '../metrics/registry';

/** Buckets (seconds) of the command duration histogram. */
const COMMAND_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** A host's metrics. */
export interface HostMetrics {
  /** Every metric, for `GET /metrics`. */
  registry: Registry;
  /** Records a command's operation, outcome and duration (seconds). */
  observeCommand(op: string, ok: boolean, seconds: number): void;
  /**
   * Records the cumulative byte counter (`bytes`) of VPN `vpnId`'s server: the increase since
   * its previous reading is added to the forwarded bytes (the id is never a label).
   */
  observeBytes(vpnId: string, bytes: number): void;
  /** Forgets VPN `vpnId` (deprovisioned). */
  forget(vpnId: string): void;
}

/** Creates a host's metrics; `servers()` counts its VPN servers at scrape time. */
export function createHostMetrics(
  hostRegions: readonly string[],
  servers: () => number,
): HostMetrics {
  const registry = releaseRegistry();
  const registers = [registry];
  new Gauge({
    name: 'peanut_host_vpn_servers',
    help: "The VPN servers this host runs (Running VPNs' WireGuard servers)",
    labelNames: ['regions'],
    registers,
    collect() {
      this.set({ regions: hostRegions.join(',') }, servers());
    },
  });
  const forwarded = new Counter({
    name: 'peanut_host_forwarded_bytes_total',
    help: "Bytes forwarded by this host's VPN servers (both directions) since it started",
    registers,
  });
  const commands = new Histogram({
    name: 'peanut_host_command_duration_seconds',
    help: 'Duration of the commands this host ran (provision, deprovision, list-live), by outcome',
    labelNames: ['op', 'outcome'],
    buckets: COMMAND_BUCKETS,
    registers,
  });
  const lastBytes = new Map<string, number>();
  return {
    registry,
    observeCommand: (op, ok, seconds) =>
      commands.observe({ op, outcome: ok ? 'ok' : 'error' }, seconds),
    observeBytes(vpnId, bytes) {
      const previous = lastBytes.get(vpnId);
      lastBytes.set(vpnId, bytes);
      // The first reading after a start sets the base: what came before was counted then.
      if (previous !== undefined && bytes > previous) forwarded.inc(bytes - previous);
    },
    forget: (vpnId) => lastBytes.delete(vpnId),
  };
}
