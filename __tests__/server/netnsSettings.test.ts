/**
 * The `netns` provisioner's settings and address plan: what `loadConfig` reads from
 * WG_ENDPOINT_HOST, WG_PORTS, WG_ADDRESSES, WG_DNS and NETNS_PREFIX, the errors naming a bad
 * one, and the names, port and addresses of a slot.
 */
import { loadConfig } from '../../src/server/config';
import {
  netnsCapacity,
  serverPlan,
  linkGroup,
  slotOfName,
  storedPlan,
} from '../../src/server/provisioners/netnsSettings';
import { hostRules } from '../../src/server/provisioners/netnsHost';

describe('netns settings', () => {
  it('reads every setting', () => {
    const { netns } = loadConfig({
      WG_ENDPOINT_HOST: 'vpn.example.com',
      WG_PORTS: '40000-40009',
      WG_ADDRESSES: '172.20.0.0/24',
      WG_DNS: '9.9.9.9, 2620:fe::fe',
      NETNS_PREFIX: 'pv',
      WG_ALLOWED_PRIVATE: '10.8.0.0/16, fd12:3456::/48 ,192.168.7.7',
    });
    expect(netns).toEqual({
      endpointHost: 'vpn.example.com',
      firstPort: 40000,
      lastPort: 40009,
      addressBase: 172 * 2 ** 24 + 20 * 2 ** 16,
      addressPrefix: 24,
      dns: ['9.9.9.9', '2620:fe::fe'],
      namePrefix: 'pv',
      allowedPrivate: ['10.8.0.0/16', 'fd12:3456::/48', '192.168.7.7/32'],
    });
    expect(loadConfig({}).netns.allowedPrivate).toEqual([]);
    // 10 ports, 32 blocks of 8 addresses: 10 VPNs at once.
    expect(netnsCapacity(netns)).toBe(10);
  });

  it.each([
    ['WG_PORTS', '52000'],
    ['WG_PORTS', '52000-51000'],
    ['WG_PORTS', '0-10'],
    ['WG_PORTS', '65000-70000'],
    ['WG_ADDRESSES', '10.200.0.1/16'],
    ['WG_ADDRESSES', '10.200.0.0/30'],
    ['WG_ADDRESSES', '10.300.0.0/16'],
    ['WG_ADDRESSES', 'fd00::/64'],
    ['WG_DNS', 'dns.example.com'],
    ['WG_DNS', ','],
    ['NETNS_PREFIX', 'pn1'],
    ['NETNS_PREFIX', 'peanut'],
    ['NETNS_PREFIX', 'PN'],
    ['WG_ENDPOINT_HOST', 'a b'],
    ['WG_ENDPOINT_HOST', 'host/x'],
    ['WG_ALLOWED_PRIVATE', '10.8.0.1/16'],
    ['WG_ALLOWED_PRIVATE', '10.8.0.0/33'],
    ['WG_ALLOWED_PRIVATE', '10.8.0.0/16, intranet'],
    ['WG_ALLOWED_PRIVATE', 'fd12::1/64'],
    ['WG_ALLOWED_PRIVATE', '10.8.0.0/1/2'],
  ])('rejects %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('plans names, port and addresses per slot', () => {
    const { netns } = loadConfig({});
    expect(serverPlan(netns, 0)).toEqual({
      slot: 0,
      name: 'pn0',
      hostLink: 'pn0h',
      listenPort: 51820,
      network: '10.200.0.0/29',
      hostAddress: '10.200.0.1',
      namespaceAddress: '10.200.0.2',
      tunnelNetwork: '10.200.0.4/30',
      serverAddress: '10.200.0.5',
      clientAddress: '10.200.0.6',
    });
    const last = serverPlan(netns, netnsCapacity(netns) - 1);
    expect(last).toMatchObject({ name: 'pn999', listenPort: 52819, clientAddress: '10.200.31.62' });
    // A stored allocation keeps its port and block whatever the settings say now.
    const moved = loadConfig({ WG_PORTS: '60000-60100', WG_ADDRESSES: '10.99.0.0/16' }).netns;
    expect(storedPlan(moved, { slot: 3, listenPort: 51823, network: '10.200.0.24/29' })).toEqual({
      ...serverPlan(netns, 3),
    });
  });

  it('recognises only its own names', () => {
    const { netns } = loadConfig({});
    expect(slotOfName(netns, 'pn12')).toBe(12);
    expect(slotOfName(netns, 'pn12h')).toBe(12);
    for (const other of ['pn', 'pna0', 'pn12x', 'xpn12', 'eth0', 'pn-1']) {
      expect(slotOfName(netns, other)).toBeUndefined();
    }
  });

  it('writes its rules in its own table only', () => {
    const rules = hostRules(loadConfig({ NETNS_PREFIX: 'pv', WG_ADDRESSES: '10.7.0.0/16' }).netns);
    const statements = rules.split('\n').filter((line) => /^(add|flush|delete) /.test(line));
    expect(statements.length).toBeGreaterThan(0);
    for (const line of statements) {
      expect(line).toMatch(/^(add rule|flush chain|flush set|add element) inet pvvpn /);
    }
    // Our veths by their link group, never by a name pattern (`pv*` would match `pvx`'s too).
    expect(rules).toContain('ip saddr 10.7.0.0/16 oifgroup != 1342177734 masquerade');
    expect(rules).toContain('iifgroup 1342177734 oifgroup 1342177734 drop');
    expect(rules).not.toMatch(/ifname/);
  });

  it('gives each prefix its own link group, also when one begins the other', () => {
    expect(linkGroup('pv')).toBe(0x50000000 + 16 * 27 + 22);
    const prefixes = ['p', 'pn', 'pna', 'pnb', 'pnqkzt', 'pv', 'pvx', 'a', 'z', 'zzzzzz'];
    const groups = prefixes.map(linkGroup);
    expect(new Set(groups).size).toBe(prefixes.length);
    // Within a link group's 32 bits, and away from the small numbers (0 is the default group).
    expect(Math.min(...groups)).toBeGreaterThanOrEqual(0x50000000);
    expect(Math.max(...groups)).toBeLessThan(2 ** 32);
    for (const bad of ['', 'pn1', 'PN', 'abcdefg'])
      expect(() => linkGroup(bad)).toThrow(RangeError);
  });

  it('forwards a client to public space only: VPN to VPN first, then DNS, allowed, private', () => {
    const { netns } = loadConfig({
      NETNS_PREFIX: 'pv',
      WG_DNS: '10.0.0.53, fd00::53',
      WG_ALLOWED_PRIVATE: '10.8.0.0/16, fd12::/48',
    });
    const forward = hostRules(netns)
      .split('\n')
      .filter((line) => line.startsWith('add rule inet pvvpn forward '))
      .map((line) => line.replace('add rule inet pvvpn forward iifgroup 1342177734 ', ''));
    expect(forward).toEqual([
      'oifgroup 1342177734 drop',
      'ct direction reply accept',
      'ip daddr @dns4 meta l4proto { udp, tcp } th dport 53 accept',
      'ip6 daddr @dns6 meta l4proto { udp, tcp } th dport 53 accept',
      'ip daddr @allowed4 accept',
      'ip6 daddr @allowed6 accept',
      'ip daddr @private4 drop',
      'ip6 daddr @private6 drop',
    ]);
    const rules = hostRules(netns);
    expect(rules).toContain('add element inet pvvpn allowed4 { 10.8.0.0/16 }');
    expect(rules).toContain('add element inet pvvpn allowed6 { fd12::/48 }');
    expect(rules).toContain('add element inet pvvpn dns6 { fd00::53 }');
    expect(rules).toContain('169.254.0.0/16');
    expect(rules).toContain('64:ff9b::/96');
  });
});
