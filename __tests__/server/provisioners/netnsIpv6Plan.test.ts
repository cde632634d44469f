/**
 * The IPv6 plan of `netns` VPNs, no root needed: `WG_ADDRESSES6` and IPv6
 * `WG_DNS` servers validated, one /124 per slot (the same slot as the IPv4 block), allocations
 * that carry it (a VPN host's state and the database; those stored before IPv6 stay IPv4-only),
 * the default ULA /64 drawn once and kept in the data directory, and the config text a dual-stack
 * server gives (golden), of the same shape as the simulated provisioner's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { netnsServers } from '../../../src/server/db/schema';
import {
  ADDRESSES6_FILE,
  clientAddresses,
  dataDirAddresses6,
  drawUla,
  formatIpv6,
  parseIpv6,
} from '../../../src/server/provisioners/netnsIpv6';
import {
  loadNetnsSettings,
  netnsCapacity,
  serverPlan,
  storedPlan,
} from '../../../src/server/provisioners/netnsSettings';
import {
  allocateServer,
  memoryAllocations,
  type NetnsServerRecord,
} from '../../../src/server/provisioners/netnsStore';
import { SIMULATED_CLIENT_ADDRESSES } from '../../../src/server/provisioners/simulated';
import { wireGuardClientConfig } from '../../../src/server/vpns/wireguardConfig';
import { DATABASE_KINDS, makeTempDir, openTestDatabase, removeDir } from '../../support/helpers';

const ENV = {
  WG_PORTS: '51820-51835',
  WG_ADDRESSES: '10.200.0.0/24',
  WG_ADDRESSES6: 'fd12:3456:789a::/64',
  WG_DNS: '1.1.1.1, 2606:4700:4700::1111',
};
const settings = loadNetnsSettings(ENV);

describe('WG_ADDRESSES6 and WG_DNS', () => {
  it('takes an IPv6 network, canonical, and IPv6 DNS servers', () => {
    expect(settings.addresses6).toBe('fd12:3456:789a::/64');
    expect(loadNetnsSettings({ WG_ADDRESSES6: 'FD12:3456:789A:0000::/64' }).addresses6).toBe(
      'fd12:3456:789a::/64',
    );
    expect(loadNetnsSettings({ WG_ADDRESSES6: '2001:db8:0:1::/120' }).addresses6).toBe(
      '2001:db8:0:1::/120',
    );
    expect(settings.dns).toEqual(['1.1.1.1', '2606:4700:4700::1111']);
    // Unset: the data directory's (resolved by the provisioner).
    expect(loadNetnsSettings({}).addresses6).toBeUndefined();
  });

  it.each([
    '10.0.0.0/8',
    'fd12::/125',
    'fd12::/4',
    'fd12::1/64',
    'fd12::',
    'fd12::/64/1',
    'fd12:::/64',
    'fe80::%eth0/64',
  ])('refuses WG_ADDRESSES6=%p', (value) => {
    expect(() => loadNetnsSettings({ WG_ADDRESSES6: value })).toThrow(/WG_ADDRESSES6/);
  });

  it.each([':::', '1:2', 'fe80::1%eth0', '2606:4700::1111::1', '1.1.1'])(
    'refuses WG_DNS=%p',
    (value) => {
      expect(() => loadNetnsSettings({ WG_DNS: value })).toThrow(/WG_DNS/);
    },
  );

  it('reads and writes IPv6 addresses as 128-bit numbers (RFC 5952)', () => {
    for (const text of ['::', '::1', 'fd12:3456:789a::36', '2001:db8::1:0:0:1', '1:0:0:2::']) {
      expect(formatIpv6(parseIpv6(text) as bigint)).toBe(text);
    }
    expect(formatIpv6(parseIpv6('2001:0db8:0000:0000:0001:0000:0000:0001') as bigint)).toBe(
      '2001:db8::1:0:0:1',
    );
    expect(parseIpv6('::ffff:1.2.3.4')).toBeUndefined();
  });
});

describe('the /124 of a slot', () => {
  it('is the slot’s block of WG_ADDRESSES6, with the IPv4 plan’s offsets', () => {
    const plan = serverPlan(settings, 3);
    expect(plan.network).toBe('10.200.0.24/29');
    expect(plan.ipv6).toEqual({
      network: 'fd12:3456:789a::30/124',
      hostAddress: 'fd12:3456:789a::31',
      namespaceAddress: 'fd12:3456:789a::32',
      tunnelNetwork: 'fd12:3456:789a::34/126',
      serverAddress: 'fd12:3456:789a::35',
      clientAddress: 'fd12:3456:789a::36',
    });
    expect(clientAddresses(plan)).toEqual(['10.200.0.30/32', 'fd12:3456:789a::36/128']);
  });

  it('bounds the capacity by the /124s too', () => {
    expect(netnsCapacity(settings)).toBe(16);
    expect(netnsCapacity(loadNetnsSettings({ ...ENV, WG_ADDRESSES6: 'fd12::/122' }))).toBe(4);
  });

  it('is the stored one, else none: a server allocated before IPv6 stays IPv4-only', () => {
    const moved = loadNetnsSettings({ ...ENV, WG_ADDRESSES6: 'fd99::/64' });
    const row = { slot: 3, listenPort: 51823, network: '10.200.0.24/29' };
    expect(storedPlan(moved, { ...row, network6: 'fd12:3456:789a::30/124' })).toEqual(
      serverPlan(settings, 3),
    );
    for (const network6 of [null, undefined]) {
      const plan = storedPlan(moved, { ...row, network6 });
      expect(plan.ipv6).toBeUndefined();
      expect(clientAddresses(plan)).toEqual(['10.200.0.30/32']);
    }
  });
});

describe('allocations', () => {
  it('carry the /124 in a VPN host’s state', async () => {
    const records = new Map<string, NetnsServerRecord>();
    const allocations = memoryAllocations(records, () => undefined);
    const first = await allocations.allocate(settings, 'a@eu-west-3');
    const second = await allocations.allocate(settings, 'b@eu-west-3');
    expect(first.network6).toBe('fd12:3456:789a::/124');
    expect(second.network6).toBe('fd12:3456:789a::10/124');
    // A record of a previous version's state (no network6) is kept as it is.
    records.set('old@eu-west-3', {
      vpnId: 'old@eu-west-3',
      slot: 5,
      listenPort: 51825,
      network: '10.200.0.40/29',
      bytesBase: 0,
      bytesSeen: 0,
    });
    expect(storedPlan(settings, (await allocations.find('old@eu-west-3'))!).ipv6).toBeUndefined();
    expect((await allocations.allocate(settings, 'c@eu-west-3')).network6).toBe(
      'fd12:3456:789a::20/124',
    );
  });

  it.each(DATABASE_KINDS)('carry the /124 in the database (%s)', async (kind) => {
    const database = await openTestDatabase(kind);
    try {
      const { db } = database.handle;
      // A row of before the upgrade.
      await db
        .insert(netnsServers)
        .values({ vpnId: 'old@eu-west-3', slot: 0, listenPort: 51820, network: '10.200.0.0/29' });
      const row = await allocateServer(db, settings, 'new@eu-west-3');
      expect(row.network6).toBe(serverPlan(settings, row.slot).ipv6?.network);
      expect(storedPlan(settings, row).ipv6?.clientAddress).toMatch(/^fd12:3456:789a::/);
      const old = await allocateServer(db, settings, 'old@eu-west-3');
      expect(old.network6).toBeNull();
      expect(clientAddresses(storedPlan(settings, old))).toEqual(['10.200.0.6/32']);
    } finally {
      await database.cleanup();
    }
  });
});

describe('the default WG_ADDRESSES6', () => {
  let dirs: string[] = [];
  const dir = () => {
    const made = makeTempDir('ipv6-ula');
    dirs.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of dirs) removeDir(made);
    dirs = [];
  });

  it('is a random ULA /64 (RFC 4193), drawn once and kept in the data directory', () => {
    const dataDir = dir();
    const range = dataDirAddresses6(dataDir);
    expect(range).toMatch(/^fd[0-9a-f]{2}:[0-9a-f]{1,4}:[0-9a-f]{1,4}::\/64$/);
    const file = path.join(dataDir, ADDRESSES6_FILE);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${range}\n`);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The same after a restart; another data directory draws another.
    expect(dataDirAddresses6(dataDir)).toBe(range);
    expect(dataDirAddresses6(dir())).not.toBe(range);
    const drawn = new Set(Array.from({ length: 50 }, drawUla));
    expect(drawn.size).toBe(50);
    for (const ula of drawn) expect(ula).toMatch(/^fd[0-9a-f]{2}:/);
  });

  it('refuses a damaged file, and leaves it as it is', () => {
    const dataDir = dir();
    const file = path.join(dataDir, ADDRESSES6_FILE);
    fs.writeFileSync(file, 'not a range\n');
    expect(() => dataDirAddresses6(dataDir)).toThrow(/wg-addresses6/);
    expect(fs.readFileSync(file, 'utf8')).toBe('not a range\n');
  });
});

describe('the config of a dual-stack server', () => {
  it('says both addresses and routes both families (golden)', () => {
    const plan = serverPlan(settings, 3);
    const text = wireGuardClientConfig({
      privateKey: 'YFbY9hnBF6xBSq2O2VhVpLTvlcEVsQF/DESJJuwndUk=',
      addresses: clientAddresses(plan),
      dns: settings.dns,
      serverPublicKey: 'fahsOx8+KLfCJXhWNgekoXwZ7Ee7yBAqSocwUHwEZz4=',
      presharedKey: 'vCp14ANZoyYWo4AjL4qONJeJTM11YoKK9zN/RDLshDc=',
      endpoint: `203.0.113.7:${plan.listenPort}`,
    });
    expect(text).toBe(
      readFileSync(
        path.join(__dirname, '..', '..', 'support', 'fixtures', 'wireguard-client-netns.conf'),
        'utf8',
      ),
    );
  });

  it('has the shape of the simulated provisioner’s: an IPv4 /32, then an IPv6 /128', () => {
    const shape = (addresses: readonly string[]) =>
      addresses.map((cidr) => `${cidr.includes(':') ? 6 : 4}/${cidr.split('/')[1]}`);
    expect(shape(clientAddresses(serverPlan(settings, 0)))).toEqual(['4/32', '6/128']);
    expect(shape(SIMULATED_CLIENT_ADDRESSES)).toEqual(['4/32', '6/128']);
  });
});
