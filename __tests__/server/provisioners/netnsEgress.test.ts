/**
 * Egress filtering of `netns` VPNs: a real client (wireguard-go in a namespace, with
 * the config the service gives) reaches a destination in public space (198.19.77.2), and none of:
 * a machine on a private range routed from the host (10.253.9.2), the metadata address
 * 169.254.169.254, the host's own addresses (a public one included), another VPN's client; the
 * range of WG_ALLOWED_PRIVATE (10.253.11.0/24) opens, and the private DNS server of WG_DNS
 * (10.253.10.2) answers on port 53 (TCP and UDP), on that port only.
 *
 * Every destination is an address of a namespace of this test's, joined to the host by a veth
 * pair (checked with `ip route get` before any traffic): nothing leaves the machine, even when
 * the filter fails. Needs root, wireguard-go, wg, ip and nft (a failure under CI=true).
 */
import { execFile } from 'node:child_process';
import {
  createNetnsProvisioner,
  type NetnsProvisioner,
} from '../../../src/server/provisioners/netns';
import { loadNetnsSettings, type ServerPlan } from '../../../src/server/provisioners/netnsSettings';
import { memoryAllocations } from '../../../src/server/provisioners/netnsStore';
import { generateKeyPair, generatePresharedKey } from '../../../src/server/provisioners/keys';
import { wireGuardClientConfig } from '../../../src/server/vpns/wireguardConfig';
import {
  netnsSkipReason,
  sh,
  sweep,
  testNetnsEnv,
  TestNetwork,
  type TestNamespace,
} from '../../support/netnsHelpers';

const skip = netnsSkipReason();
const base = testNetnsEnv('pne', 53901, '10.212.0.0/24', '10.247.1.1', '10.253.11.0/24').env;
const env = { ...base, WG_DNS: '10.253.10.2' };
const settings = loadNetnsSettings(env);

/** The test's namespaces: name prefix, /24, index (so the address is `<subnet>.<4i+2>`). */
const SITES = {
  public: ['pep', '198.19.77', 0],
  private: ['peq', '10.253.9', 0],
  allowed: ['pea', '10.253.11', 0],
  dns: ['ped', '10.253.10', 0],
  metadata: ['pem', '169.254.169', 63], // 169.254.169.254, host end .253
} as const;

/** A VPN of the test: its plan, config and client namespace. */
interface TestVpn {
  plan: ServerPlan;
  conf: string;
  client: TestNamespace;
  vpnId: string;
}

/** TCP: connects from `ns` to `address:port`; true when the server's greeting came. */
async function tcpFrom(ns: TestNamespace, address: string, port: number): Promise<boolean> {
  const script = `const c = require('net').connect(${port}, '${address}');
    c.setTimeout(3000, () => { console.log('none'); process.exit(0); });
    c.on('data', (d) => { console.log(String(d)); c.destroy(); });
    c.on('error', () => console.log('none'));`;
  return (await sh('ip', ['netns', 'exec', ns.name, process.execPath, '-e', script])).includes(
    'peanut',
  );
}

/** UDP: sends one datagram from `ns` to `address:port`; true when the echo came back. */
async function udpEchoFrom(ns: TestNamespace, address: string, port: number): Promise<boolean> {
  const script = `const s = require('dgram').createSocket('udp4');
    const t = setTimeout(() => { console.log('none'); process.exit(0); }, 3000);
    s.on('message', (m) => { console.log(String(m)); clearTimeout(t); s.close(); });
    s.send('peanut', ${port}, '${address}');`;
  return (await sh('ip', ['netns', 'exec', ns.name, process.execPath, '-e', script])).includes(
    'peanut',
  );
}

(skip ? describe.skip : describe)('what a netns VPN client can reach', () => {
  const clients = new TestNetwork('pec', '10.247.1');
  const networks = Object.fromEntries(
    Object.entries(SITES).map(([key, [prefix, subnet]]) => [key, new TestNetwork(prefix, subnet)]),
  ) as Record<keyof typeof SITES, TestNetwork>;
  const site: Partial<Record<keyof typeof SITES, TestNamespace>> = {};
  let provisioner: NetnsProvisioner;
  const vpns: TestVpn[] = [];
  const at = (key: keyof typeof SITES) => (site[key] as TestNamespace).address;

  beforeAll(async () => {
    await sweep(settings);
    for (const key of Object.keys(SITES) as (keyof typeof SITES)[]) {
      const ns = await networks[key].addNamespace('t', SITES[key][2]);
      site[key] = ns;
      await networks[key].serveHttp(ns);
      // Never leave the machine: each destination is routed to the test's own veth pair.
      const [route] = JSON.parse(await sh('ip', ['-j', 'route', 'get', ns.address])) as {
        dev: string;
      }[];
      expect(route.dev).toBe(`${ns.name}h`);
    }
    const dns = site.dns as TestNamespace;
    // Port 53: a TCP greeting and a UDP echo (fetch refuses port 53).
    const echo = `const s = require('dgram').createSocket('udp4');
      s.on('message', (m, r) => s.send(m, r.port, r.address));
      require('net').createServer((c) => c.end('peanut')).listen(53, '0.0.0.0', () =>
        s.bind(53, '0.0.0.0', () => console.log('listening')));`;
    await new Promise<void>((resolve, reject) => {
      const child = execFile('ip', ['netns', 'exec', dns.name, process.execPath, '-e', echo]);
      networks.dns.processes.push(child);
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`UDP echo exited with ${code}`)));
    });

    const records = new Map();
    provisioner = createNetnsProvisioner({
      allocations: memoryAllocations(records, () => undefined),
      settings,
    });
    for (const [index, label] of ['a', 'b'].entries()) {
      const server = generateKeyPair();
      const client = generateKeyPair();
      const target = {
        vpnId: `${Date.now()}${index}@eu-west-3`,
        region: 'eu-west-3',
        serverPrivateKey: server.privateKey,
        serverPublicKey: server.publicKey,
        clientPublicKey: client.publicKey,
        presharedKey: generatePresharedKey(),
      };
      await provisioner.prepare(target);
      const result = await provisioner.provision(target);
      const conf = wireGuardClientConfig({
        privateKey: client.privateKey,
        addresses: result.clientAddresses,
        dns: result.dns,
        serverPublicKey: result.serverPublicKey,
        presharedKey: target.presharedKey,
        endpoint: result.endpoint,
      });
      const ns = await clients.addNamespace(label, index);
      await clients.connectClient(ns, conf);
      vpns.push({
        plan: (await provisioner.planOf(target.vpnId)) as ServerPlan,
        conf,
        client: ns,
        vpnId: target.vpnId,
      });
    }
  }, 120_000);

  afterAll(async () => {
    await provisioner?.close?.();
    await clients.cleanup();
    for (const network of Object.values(networks)) await network.cleanup();
    await sweep(settings);
  }, 120_000);

  it('reaches public space, and through the tunnel only', async () => {
    const [a] = vpns;
    // A re-handshake may take a moment on a busy machine: the first fetch waits longer.
    expect(await clients.fetchFrom(a.client, at('public'), 1000)).toBe(1000);
    expect(await clients.pingFrom(a.client, at('public'), 5)).toBe(true);
  }, 60_000);

  it('cannot reach private space, the metadata address, the host or another VPN', async () => {
    const [a, b] = vpns;
    const fetches = (address: string) => async () =>
      (await clients.fetchFrom(a.client, address, 10, 2000)) === 10;
    const pings = (address: string) => () => clients.pingFrom(a.client, address, 2);
    const checks: [string, () => Promise<boolean>][] = [
      [at('private'), fetches(at('private'))],
      [at('metadata'), fetches(at('metadata'))],
      // The host's own addresses: public-space, in the allowed range, its end of the VPN's veth.
      ...[
        networks.public.namespaces[0].hostAddress,
        networks.allowed.namespaces[0].hostAddress,
        a.plan.hostAddress,
      ].map((address): [string, () => Promise<boolean>] => [address, pings(address)]),
      [b.plan.clientAddress, pings(b.plan.clientAddress)],
      // The DNS server is private: port 53 only.
      [`${at('dns')}:8000`, fetches(at('dns'))],
    ];
    const results = await Promise.all(checks.map(([, check]) => check()));
    const reached = Object.fromEntries(checks.map(([key], index) => [key, results[index]]));
    expect(reached).toEqual(Object.fromEntries(checks.map(([key]) => [key, false])));
  }, 60_000);

  it('reaches the range of WG_ALLOWED_PRIVATE and the DNS server of WG_DNS on port 53', async () => {
    const [a, b] = vpns;
    expect(await clients.fetchFrom(a.client, at('allowed'), 1000, 10_000)).toBe(1000);
    expect(await clients.fetchFrom(b.client, at('allowed'), 1000, 10_000)).toBe(1000);
    expect(await tcpFrom(a.client, at('dns'), 53)).toBe(true);
    expect(await udpEchoFrom(a.client, at('dns'), 53)).toBe(true);
  }, 60_000);
});
