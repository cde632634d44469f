/**
 * Dual-stack tunnels on VPN hosts: two `npm run host` processes, each in a
 * network namespace of its own (`hostsNetnsHelpers.ts`), whose namespaces also have IPv6 (an
 * address on the test's bridge and a route to one public-range /64 of the machine, no default
 * route). A VPN's config, as the API gives it, carries an IPv4 and an IPv6 address (of the
 * host's own ULA, kept in its DATA_DIR); its client reaches an HTTP echo server over IPv6 and
 * leaves with its host's IPv6 address (NAT66), and over IPv4; the IPv6 bytes are metered; an
 * IPv6 destination its host has no route to is answered "unreachable" at once.
 *
 * Names begin with `u` (the test's) and `v` (the provisioner's), subnets 10.254/10.255.251-254
 * and 2001:db8:b6/b7:<octet>::/64: none of the other hostsNetns files'.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ADDRESSES6_FILE, parseNetwork6 } from '../../../src/server/provisioners/netnsIpv6';
import { natsSkipReason, waitFor } from '../../support/hostsHelpers';
import { netnsHosts } from '../../support/hostsNetnsHelpers';
import { netnsSkipReason, sh } from '../../support/netnsHelpers';
import type { TestUser } from '../../support/vpnHelpers';

const skip = natsSkipReason() ?? netnsSkipReason();

jest.setTimeout(300_000);

(skip ? describe.skip : describe)('dual-stack VPNs on VPN hosts (netns)', () => {
  const hosts = netnsHosts({ network: 'u', provisioner: 'v', octets: [251, 254] });
  const { network, hostA, hostB, clientA, metricsOf, configOf } = hosts;
  const octet = network.subnet.split('.')[2];
  /** The bridge's IPv6 network (the machine `::1`, the hosts `::2`, `::3`). */
  const NET6 = `2001:db8:b6:${octet}::`;
  /** The echo server's IPv6 address: on the machine, outside the bridge's network. */
  const ECHO6 = `2001:db8:b7:${octet}::1`;
  let alice: TestUser;
  let echo6: http.Server | undefined;
  let echoPort = 0;

  /** The answer of the IPv6 echo server through `clientA`'s tunnel (`-` when none). */
  async function echo6Through(host: string, bytes: number, timeoutMs = 10_000) {
    const url = `http://[${host}]:${echoPort}/?bytes=${bytes}`;
    const script = `const t = Date.now();
      fetch('${url}', { signal: AbortSignal.timeout(${timeoutMs}) })
        .then((r) => r.text()).then((b) => console.log(b.split('\\n')[0]),
          (e) => console.log('- ' + (e.cause?.code ?? e.name) + ' ' + (Date.now() - t)));`;
    const out = await sh('ip', ['netns', 'exec', clientA.name, process.execPath, '-e', script]);
    return out.trim().split('\n').pop() ?? '';
  }

  beforeAll(async () => {
    ({ alice } = await hosts.setUp());
    const bridge = `${network.prefix}br`;
    await sh(
      'ip',
      ['-batch', '-'],
      [
        `addr add ${NET6}1/64 dev ${bridge} nodad`,
        `addr add ${ECHO6}/128 dev ${bridge} nodad`,
        '',
      ].join('\n'),
    );
    for (const [host, address] of [
      [hostA, `${NET6}2`],
      [hostB, `${NET6}3`],
    ] as const) {
      await sh(
        'ip',
        ['-n', host.ns.name, '-batch', '-'],
        [
          `addr add ${address}/64 dev eth0 nodad`,
          `route add ${ECHO6}/128 via ${NET6}1 dev eth0`,
          '',
        ].join('\n'),
      );
    }
    const server = http.createServer((request, response) => {
      const bytes = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('bytes') ?? 0);
      response.end(`${request.socket.remoteAddress ?? ''}\n${'a'.repeat(bytes)}`);
    });
    echo6 = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, ECHO6, resolve);
    });
    echoPort = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => (echo6 ? echo6.close(resolve) : resolve(undefined)));
    await hosts.tearDown();
  });

  test('a config with both addresses; IPv6 and IPv4 through the host, metered', async () => {
    const [vpnA] = await hosts.createVpns();
    const confA = await configOf(alice, vpnA);
    const addresses = /^Address = (.*)$/m.exec(confA)?.[1].split(', ') ?? [];
    expect(addresses).toHaveLength(2);
    expect(addresses[0]).toMatch(/^10\.205\.0\.\d+\/32$/);
    // The IPv6 one is of the ULA /64 the host drew and keeps in its DATA_DIR.
    const ula = fs.readFileSync(path.join(hostA.dataDir, ADDRESSES6_FILE), 'utf8').trim();
    const base = parseNetwork6(ula)?.base;
    const client6 = parseNetwork6(addresses[1]);
    expect(client6?.prefix).toBe(128);
    expect(base !== undefined && client6 && client6.base >> 64n === base >> 64n).toBe(true);
    expect(confA).toMatch(/^AllowedIPs = 0\.0\.0\.0\/0, ::\/0$/m);

    // Without a tunnel, nothing.
    expect(await echo6Through(ECHO6, 0, 2_000)).toMatch(/^- /);
    await network.connectClient(clientA, confA, true);
    // IPv6 exits with the host's own IPv6 address (NAT66), IPv4 with its IPv4 one.
    let seen = '';
    await waitFor(
      async () => !(seen = await echo6Through(ECHO6, 0)).startsWith('- '),
      'an IPv6 answer through the tunnel',
      120_000,
    );
    expect(seen).toBe(`${NET6}2`);
    expect(await hosts.exitAddress(clientA)).toBe(hostA.ns.address);

    // A megabyte over IPv6 alone is metered.
    const before = (await metricsOf(alice, vpnA)).bytes;
    expect(await echo6Through(ECHO6, 1024 * 1024)).toBe(`${NET6}2`);
    await waitFor(
      async () => (await metricsOf(alice, vpnA)).bytes >= before + 1024 * 1024,
      'the IPv6 bytes metered',
      120_000,
    );

    // A destination the host has no IPv6 route to: "unreachable" at once, nothing sent on.
    const unrouted = await echo6Through(`2001:db8:b8:${octet}::1`, 0, 10_000);
    const [, code, ms] = unrouted.split(' ');
    expect(code).toMatch(/^E(HOSTUNREACH|NETUNREACH|ACCES|CONNREFUSED)$/);
    expect(Number(ms)).toBeLessThan(5_000);
    process.stdout.write(
      `hosts IPv6: exit ${seen}; unrouted destination: ${code} after ${ms} ms\n`,
    );
  });
});
