/**
 * Stopping while the NATS server is unreachable (found following docs/hosts.md: the
 * service stopped after its NATS server). The client's drain flushes to the server;
 * while the client is reconnecting that flush fails on the next attempt and the drain resolves
 * WITHOUT closing the connection, which then reconnects forever (to whatever server comes back
 * at that address, after the process believed it had stopped). Both roles must end with their
 * connection closed:
 * - the service's side of the transport (HostBus.close());
 * - a VPN host (HostAgent.stop(), `npm run host`'s SIGTERM).
 */
import type { NatsConnection } from 'nats';
import { HostAgent } from '../../../src/server/hostAgent/agent';
import { HostBus } from '../../../src/server/hosts/hostBus';
import { loadHostAgentSettings, loadHostsSettings } from '../../../src/server/hosts/settings';
import { makeTempDir, removeDir } from '../../support/helpers';
import { natsSkipReason, startNats, waitFor } from '../../support/hostsHelpers';

/** Every connection the code under test opened (the real client, observed). */
const connections: NatsConnection[] = [];
jest.mock('nats', () => {
  const actual = jest.requireActual<typeof import('nats')>('nats');
  return {
    ...actual,
    connect: async (...args: Parameters<typeof actual.connect>) => {
      const nc = await actual.connect(...args);
      connections.push(nc);
      return nc;
    },
  };
});

const skip = natsSkipReason();

jest.setTimeout(240_000);

/** Resolves once `nc` has seen its server go (the client is then reconnecting). */
async function disconnected(nc: NatsConnection): Promise<void> {
  for await (const status of nc.status()) {
    if (status.type === 'disconnect') return;
  }
}

describe('stopping while NATS is unreachable', () => {
  beforeEach(() => connections.splice(0));

  (skip ? test.skip : test)('the service closes its connection', async () => {
    const nats = await startNats([]);
    const settings = loadHostsSettings({ NATS_URL: nats.serviceUrl });
    if (!settings) throw new Error('no hosts settings');
    const bus = new HostBus({
      settings,
      onReport: async () => undefined,
      onForeignResult: () => undefined,
    });
    await bus.ready();
    expect(connections).toHaveLength(1);
    const [nc] = connections;
    const gone = disconnected(nc);
    await nats.stop();
    await gone;
    await bus.close();
    expect(nc.isClosed()).toBe(true);
  });

  (skip ? test.skip : test)('a host closes its connection', async () => {
    const nats = await startNats(['natsdown-1']);
    const dataDir = makeTempDir('host-natsdown');
    try {
      const agent = new HostAgent(
        loadHostAgentSettings({
          NATS_URL: nats.hostUrl('natsdown-1'),
          HOST_ID: 'natsdown-1',
          HOST_REGIONS: 'eu-west-3',
          PROVISIONER: 'simulated',
          WG_ENDPOINT_HOST: '127.0.0.7',
          DATA_DIR: dataDir,
        }),
        () => undefined,
      );
      await agent.start();
      await waitFor(() => connections.length === 1, 'the host connected', 90_000);
      const [nc] = connections;
      const gone = disconnected(nc);
      await nats.stop();
      await gone;
      await agent.stop();
      expect(nc.isClosed()).toBe(true);
    } finally {
      removeDir(dataDir);
    }
  });
});
