/**
 * A VPN host's health server on `HOST_HEALTH_PORT` (docs/hosts.md "Health and metrics"), the
 * same answers as the service's: `GET /healthz` 200 while the process runs, `GET /readyz` 200
 * when it serves (NATS connected) else 503 naming what is down, `GET /metrics` its Prometheus
 * metrics. It listens on `HOST_HEALTH_ADDRESS` (loopback by default) and has no token: keep it
 * on a network only the monitoring reaches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VERSION } from '../version';
import type { HostMetrics } from './hostMetrics';

/** What the health server asks the host. */
export interface HealthSource {
  /** What is down, by part (`nats`); empty when the host serves. */
  problems(): Record<string, string>;
  metrics: HostMetrics;
}

/** A listening health server. */
export interface HealthServer {
  /** The port it listens on. */
  port: number;
  close(): Promise<void>;
}

/** Starts the health server on `address:port` (0: a free port). */
export async function startHealthServer(
  source: HealthSource,
  address: string,
  port: number,
): Promise<HealthServer> {
  const json = (status: number, body: unknown) => ({
    status,
    type: 'application/json; charset=utf-8',
    text: JSON.stringify(body),
  });
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const answer = async () => {
      if (request.method !== 'GET') return json(405, { message: 'Method not allowed' });
      if (path === '/healthz') return json(200, { status: 'ok', version: VERSION });
      if (path === '/readyz') {
        const problems = source.problems();
        const ready = Object.keys(problems).length === 0;
        const checks = { nats: 'ok', ...problems };
        return json(ready ? 200 : 503, {
          status: ready ? 'ready' : 'unavailable',
          version: VERSION,
          checks,
        });
      }
      if (path === '/metrics') {
        const { registry } = source.metrics;
        return { status: 200, type: registry.contentType, text: await registry.metrics() };
      }
      return json(404, { message: 'Not found' });
    };
    answer().then(
      ({ status, type, text }) => response.writeHead(status, { 'content-type': type }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
