/**
 * The Prometheus registry every process of the release starts from, the service's `/metrics`
 * and a VPN host's alike (docs/operations.md): Node.js and process defaults, and
 * `peanut_build_info`.
 */
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { VERSION } from '../version';

/** A new registry with the process defaults and `peanut_build_info{version, node_version} 1`. */
export function releaseRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'peanut_build_info',
    help: 'The running release: always 1, its version and Node.js version as labels',
    labelNames: ['version', 'node_version'],
    registers: [registry],
  }).set({ version: VERSION, node_version: process.version }, 1);
  return registry;
}
