/**
 * The provisioner of the configuration (`PROVISIONER`, DESIGN.md "Server").
 */
import type { ServerConfig } from '../config';
import { createSimulatedProvisioner } from './simulated';
import type { Provisioner } from './types';

export * from './types';
export { createSimulatedProvisioner } from './simulated';

/** The message when `PROVISIONER=netns` is chosen before it exists. */
export const NETNS_NOT_AVAILABLE =
  'PROVISIONER=netns is not available yet: use PROVISIONER=simulated (the default)';

/**
 * The provisioner named by `config.provisioner`, its clock being `clock` (epoch ms).
 * @throws Error {@link NETNS_NOT_AVAILABLE} for `netns` (a later issue).
 */
export function createProvisioner(
  config: Pick<ServerConfig, 'provisioner' | 'simulatedStepMs'>,
  clock: () => number = Date.now,
): Provisioner {
  switch (config.provisioner) {
    case 'simulated':
      return createSimulatedProvisioner({ stepMs: config.simulatedStepMs, clock });
    case 'netns':
      throw new Error(NETNS_NOT_AVAILABLE);
  }
}
