/**
 * The provisioner of the configuration (`PROVISIONER`, docs/architecture.md "Server").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db';
import { createNetnsProvisioner } from './netns';
import { netnsAvailability, NETNS_TOOLS } from './netnsSystem';
import { createSimulatedProvisioner } from './simulated';
import { createHostsProvisioner } from '../hosts/hostsProvisioner';
import type { Provisioner } from './types';

export * from './types';
export { createSimulatedProvisioner } from './simulated';

/** What a provisioner needs besides the configuration. */
export interface ProvisionerDeps {
  /** The application's database (the `netns` provisioner's allocations). */
  db: Database;
  /** Current time, epoch ms (default `Date.now`). */
  clock?: () => number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The provisioner named by `config.provisioner`.
 * @throws Error (netnsMissingMessage) for `netns` on a host without Linux, root,
 *   wireguard-go, wg, ip or nft.
 */
export function createProvisioner(
  config: Pick<ServerConfig, 'provisioner' | 'simulatedStepMs' | 'netns' | 'hosts'> &
    Partial<Pick<ServerConfig, 'dataDir'>>,
  deps: ProvisionerDeps,
): Provisioner {
  // With NATS_URL, VPNs run on the VPN hosts of their regions.
  if (config.hosts) {
    return createHostsProvisioner({
      db: deps.db,
      settings: config.hosts,
      clock: deps.clock,
      log: deps.log,
    });
  }
  switch (config.provisioner) {
    case 'simulated':
      return createSimulatedProvisioner({ stepMs: config.simulatedStepMs, clock: deps.clock });
    case 'netns':
      return createNetnsProvisioner({
        db: deps.db,
        settings: config.netns,
        log: deps.log,
        dataDir: config.dataDir,
      });
  }
}

/** The provisioner `npm start` runs and why (for its log). */
export interface ProvisionerChoice {
  provisioner: ServerConfig['provisioner'];
  reason: string;
}

/**
 * `npm start`'s choice: `PROVISIONER` when set (forced, even when `netns` cannot run:
 * then the app refuses to start), else `netns` when this host has Linux, root, wireguard-go,
 * wg, ip and nft, else `simulated`.
 */
export function chooseProvisioner(
  env: Readonly<Record<string, string | undefined>>,
): ProvisionerChoice {
  const forced = env.PROVISIONER?.trim();
  if (forced === 'simulated' || forced === 'netns') {
    return { provisioner: forced, reason: `PROVISIONER=${forced}` };
  }
  const { available, missing } = netnsAvailability();
  return available
    ? {
        provisioner: 'netns',
        reason: `automatic: root and ${NETNS_TOOLS.join(', ')} are present`,
      }
    : { provisioner: 'simulated', reason: `automatic: netns needs ${missing.join(', ')}` };
}
