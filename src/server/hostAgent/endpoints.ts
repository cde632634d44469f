/**
 * Where a VPN host's servers listen: the endpoint clients dial, and the UDP ports of the
 * `simulated` provisioner's VPNs.
 */
import type { NetnsAllocations } from '../provisioners/netnsStore';
import type { SimulatedPorts } from '../provisioners/simulated';
import type { HostAgentSettings } from '../hosts/settings';

/** A port per simulated VPN from the host's `WG_PORTS` range, kept in its state. */
export function simulatedPorts(
  allocations: NetnsAllocations,
  settings: HostAgentSettings,
): SimulatedPorts {
  return {
    portOf: async (vpnId) => (await allocations.allocate(settings.netns, vpnId)).listenPort,
    release: (vpnId) => allocations.release(vpnId),
  };
}

/** `host:port` with IPv6 hosts bracketed. */
export function endpointOf(host: string, port: string): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
