/**
 * The `simulated` provisioner (docs/architecture.md "Server"; the default): needs no privileges and
 * runs no server, but behaves like one. Each operation takes realistic time (steps of `stepMs`:
 * prepare 1 step, provision 2, deprovision 1), the server keys are the real x25519 keys the
 * lifecycle generated, the endpoint is a per-region host name, and the traffic grows at a steady,
 * deterministic rate per VPN (20 to 200 KiB/s).
 *
 * Endpoints are `<region>.vpn.peanut.local:51820`: a documented fake host (`.local` is never
 * resolved by public DNS), so configs look real but connect nowhere. On a VPN host,
 * which puts its own address in configs, each VPN gets a port of its own from the host's range
 * (`ports`), as a real server would, so that no two configs name the same endpoint.
 */
import { createHash } from 'node:crypto';
import { sleep } from '../../core/sleep';
import type {
  DeprovisionTarget,
  OperationOptions,
  PrepareTarget,
  ProvisionResult,
  ProvisionTarget,
  Provisioner,
  UsageResult,
  UsageTarget,
} from './types';

/** WireGuard's usual UDP port. */
export const SIMULATED_PORT = 51820;
/** Domain of the simulated servers' host names. */
export const SIMULATED_DOMAIN = 'vpn.peanut.local';
/** The client's tunnel addresses: every VPN has its own server, so they can be the same. */
export const SIMULATED_CLIENT_ADDRESSES: readonly string[] = ['10.64.0.2/32', 'fd64::2/128'];
/** DNS servers the simulated servers hand out (Cloudflare's, IPv4 and IPv6). */
export const SIMULATED_DNS: readonly string[] = ['1.1.1.1', '2606:4700:4700::1111'];
/** Slowest simulated traffic, in bytes per second (20 KiB/s). */
export const MIN_RATE_BYTES_PER_S = 20 * 1024;
/** Fastest simulated traffic, in bytes per second (200 KiB/s). */
export const MAX_RATE_BYTES_PER_S = 200 * 1024;

/** The simulated server's endpoint for `region`, e.g. `eu-west-3.vpn.peanut.local:51820`. */
export function simulatedEndpoint(region: string): string {
  return `${region}.${SIMULATED_DOMAIN}:${SIMULATED_PORT}`;
}

/** The steady traffic rate of a VPN, in bytes per second: 20 to 200 KiB/s, fixed by its id. */
export function simulatedRate(vpnId: string): number {
  const n = createHash('sha256').update(vpnId).digest().readUInt32BE(0);
  return MIN_RATE_BYTES_PER_S + (n % (MAX_RATE_BYTES_PER_S - MIN_RATE_BYTES_PER_S + 1));
}

/** Ports of a VPN host's simulated servers: one per VPN, kept until released. */
export interface SimulatedPorts {
  /** The VPN's port: the same on every call until released. @throws PermanentProvisionError when none is free. */
  portOf(vpnId: string): Promise<number>;
  /** Frees the VPN's port (none is fine). */
  release(vpnId: string): Promise<void>;
}

/** Options of {@link createSimulatedProvisioner}. */
export interface SimulatedProvisionerOptions {
  /** Duration of one step, in milliseconds (`SIMULATED_STEP_MS`). */
  stepMs: number;
  /** Current time, epoch milliseconds (default `Date.now`). */
  clock?: () => number;
  /** Traffic rate of a VPN in bytes per second (default {@link simulatedRate}). */
  rate?: (vpnId: string) => number;
  /** A port per VPN (a VPN host's range); unset: every endpoint names port 51820. */
  ports?: SimulatedPorts;
}

/** Creates the simulated provisioner. */
export function createSimulatedProvisioner(options: SimulatedProvisionerOptions): Provisioner {
  const clock = options.clock ?? Date.now;
  const rate = options.rate ?? simulatedRate;
  const steps = (count: number, { signal }: OperationOptions = {}) =>
    sleep(count * options.stepMs, signal, { unref: true });
  return {
    name: 'simulated',
    async prepare(vpn: PrepareTarget, operation?: OperationOptions): Promise<void> {
      await steps(1, operation);
      await options.ports?.portOf(vpn.vpnId);
    },
    async provision(vpn: ProvisionTarget, operation?: OperationOptions): Promise<ProvisionResult> {
      await steps(2, operation);
      const port = options.ports ? await options.ports.portOf(vpn.vpnId) : SIMULATED_PORT;
      return {
        endpoint: `${vpn.region}.${SIMULATED_DOMAIN}:${port}`,
        serverPublicKey: vpn.serverPublicKey,
        clientAddresses: [...SIMULATED_CLIENT_ADDRESSES],
        dns: [...SIMULATED_DNS],
      };
    },
    async deprovision(vpn: DeprovisionTarget, operation?: OperationOptions): Promise<void> {
      await steps(1, operation);
      await options.ports?.release(vpn.vpnId);
    },
    async usage(vpn: UsageTarget): Promise<UsageResult> {
      const seconds = Math.max(0, clock() - vpn.runningAtMs) / 1000;
      return { bytes: Math.floor(rate(vpn.vpnId) * seconds) };
    },
  };
}
