/**
 * Two installations on one host whose prefixes begin one another (`qx` and `qxb`, as `pn` and a
 * VPN host's `pnqkzt`): each one's nftables rules take in its own VPNs' veths only, by link
 * group (netnsSettings.ts `linkGroup`), never the other's. With rules naming `<prefix>*`, the
 * egress filter of `qx` (private destinations dropped) took in `qxb`'s veths too and dropped
 * traffic `qxb`'s WG_ALLOWED_PRIVATE opens. And the host's ends of veths made before the rules
 * matched groups are put in the group when the rules are applied (an upgrade).
 *
 * The "VPN servers" here are bare namespaces named and grouped as the provisioner makes them (no
 * WireGuard: the host's rules are what is tested); the destination is a namespace of the test's on
 * a private range. Nothing leaves the machine. Needs root, ip and nft (a failure under CI=true).
 */
import { ensureHost } from '../../../src/server/provisioners/netnsHost';
import { linkGroup, loadNetnsSettings } from '../../../src/server/provisioners/netnsSettings';
import {
  netnsSkipReason,
  sh,
  sweep,
  TestNetwork,
  type TestNamespace,
} from '../../support/netnsHelpers';

const skip = netnsSkipReason();

/** The other installation: its prefix begins ours; default egress (private space dropped). */
const theirs = loadNetnsSettings({
  NETNS_PREFIX: 'qx',
  WG_PORTS: '54101-54116',
  WG_ADDRESSES: '10.244.16.0/24',
  WG_DNS: '10.0.0.53',
});
/** Ours: the destination's private range is opened to our clients (WG_ALLOWED_PRIVATE). */
const ours = loadNetnsSettings({
  NETNS_PREFIX: 'qxb',
  WG_PORTS: '54121-54136',
  WG_ADDRESSES: '10.244.17.0/24',
  WG_DNS: '10.0.0.53',
  WG_ALLOWED_PRIVATE: '10.244.7.0/24',
});

/** The group of a link of the host, as `ip` reports it (a number, or `default`). */
async function groupOf(link: string): Promise<string> {
  const [info] = JSON.parse(await sh('ip', ['-j', '-d', 'link', 'show', 'dev', link])) as {
    group?: string | number;
  }[];
  return String(info.group);
}

(skip ? describe.skip : describe)(
  'nftables rules of installations whose prefixes begin one another',
  () => {
    const network = new TestNetwork('qxd', '10.244.7');
    /** Namespaces named as servers of `qx` and `qxb` would be (`qxb0`, `qx0`...), with their veths. */
    const servers = new TestNetwork('qx', '10.244.8');
    let target: TestNamespace;

    beforeAll(async () => {
      await sweep(theirs);
      await sweep(ours);
      target = await network.addNamespace('t', 0, { defaultRoute: true });
      await network.serveHttp(target);
    }, 60_000);

    afterAll(async () => {
      await network.cleanup();
      await servers.cleanup();
      await sweep(theirs);
      await sweep(ours);
    }, 60_000);

    it("puts the veths made before in the group, and applies each one's rules to its own", async () => {
      // A server of ours made by an earlier version: its veth in no group.
      const earlier = await servers.addNamespace('b5', 1, { defaultRoute: true });
      expect(await groupOf('qxb5h')).toBe('default');
      await ensureHost(theirs);
      await ensureHost(ours);
      expect(await groupOf('qxb5h')).toBe(String(linkGroup('qxb')));

      const ourServer = await servers.addNamespace('b0', 0, {
        group: linkGroup('qxb'),
        defaultRoute: true,
      });
      const theirServer = await servers.addNamespace('0', 2, {
        group: linkGroup('qx'),
        defaultRoute: true,
      });
      // Ours reach the private range WG_ALLOWED_PRIVATE opens, though the other installation drops
      // private destinations of its own VPNs (its rules would take ours in by name: `qx*`).
      expect(await network.fetchFrom(ourServer, target.address, 1000, 5000)).toBe(1000);
      expect(await network.fetchFrom(earlier, target.address, 1000, 5000)).toBe(1000);
      // Its own VPN is held to its rules: the same destination is dropped.
      expect(await network.fetchFrom(theirServer, target.address, 1000, 2000)).toBe(-1);
    }, 60_000);
  },
);
