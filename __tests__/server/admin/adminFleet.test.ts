/**
 * The operator API's fleet paths (docs/operator-console.md): terminating and listing VPNs,
 * listing and draining hosts (a drained host takes no new VPN), and a disabled region (still
 * listed, unavailable, refusing new VPNs). On PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
import { eq } from 'drizzle-orm';
import { regionUnavailable } from '../../../src/server/hosts/hostPlacement';
import { hostInfoOf } from '../../../src/server/hosts/hostLiveness';
import { vpnHosts } from '../../../src/server/db/schema';
import { DATABASE_KINDS } from '../../support/helpers';
import { api, createBody, createVpn, rowOf } from '../../support/vpnHelpers';
import { adminCall, setUpAdmin } from './adminSupport';

interface Host {
  hostId: string;
  state: string;
  capacity: number;
  drained: boolean;
  liveVpns: number;
  faults: { count: number; last: string | null };
}

describe.each(DATABASE_KINDS)('operator API: fleet on %s', (kind) => {
  const suite = setUpAdmin(kind);

  it('terminates a VPN as a deletion does and lists VPNs by region and state', async () => {
    const vpnId = await createVpn(suite.app, suite.customer, createBody('us-east-1'));
    const listed = await adminCall<{ vpns: { vpnId: string; email: string }[] }>(
      suite.app,
      suite.operator,
      'GET',
      '/v1/admin/vpns?region=us-east-1',
    );
    expect(listed.body.vpns).toEqual([
      expect.objectContaining({ vpnId, email: suite.customer.email }),
    ]);
    const ended = await adminCall<{ audit: { action: string; reason: string } }>(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/vpns/${vpnId}/terminate`,
      { reason: 'abuse report' },
    );
    expect(ended.body.audit).toMatchObject({ action: 'terminate', reason: 'abuse report' });
    expect((await rowOf(suite.app, vpnId)).reason).toBe('Deleted on request');
    const unknown = await adminCall(
      suite.app,
      suite.operator,
      'POST',
      '/v1/admin/vpns/1@xx-none-1/terminate',
      { reason: 'x' },
    );
    expect(unknown.status).toBe(404);
  });

  it('lists hosts with their faults and drains one: it takes no new VPN', async () => {
    const hostId = `host-${Date.now()}`;
    await suite.app.db.insert(vpnHosts).values({
      hostId,
      bootId: 'boot',
      regions: ['eu-west-3'],
      capacity: 10,
      alive: [],
      lastSeenAt: new Date(),
      faultCount: 2,
      lastFault: 'counter went backwards',
    });
    const hosts = async () =>
      (
        await adminCall<{ hosts: Host[] }>(suite.app, suite.operator, 'GET', '/v1/admin/hosts')
      ).body.hosts.find((host) => host.hostId === hostId);
    expect(await hosts()).toMatchObject({
      state: 'online',
      capacity: 10,
      drained: false,
      faults: { count: 2, last: 'counter went backwards' },
    });
    const drained = await adminCall<{ audit: { action: string } }>(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/hosts/${hostId}/drain`,
    );
    expect(drained.body.audit.action).toBe('drain');
    expect(await hosts()).toMatchObject({ capacity: 0, drained: true });
    // Placement reads the drain from the host's row: the region now has no room.
    const [row] = await suite.app.db.select().from(vpnHosts).where(eq(vpnHosts.hostId, hostId));
    const view = { online: [hostInfoOf({ ...row, hostId })], defaultCapacity: 10 };
    expect(regionUnavailable(view, 'eu-west-3')).toMatch(/is full/);
    const again = await adminCall<{ audit: unknown }>(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/hosts/${hostId}/drain`,
    );
    expect(again.body.audit).toBeNull();
    await adminCall(suite.app, suite.operator, 'POST', `/v1/admin/hosts/${hostId}/undrain`);
    expect(await hosts()).toMatchObject({ capacity: 10, drained: false });
    expect(
      (await adminCall(suite.app, suite.operator, 'POST', '/v1/admin/hosts/nobody/drain')).status,
    ).toBe(404);
  });

  it('a disabled region stays listed, shown unavailable, and takes no new VPN', async () => {
    const patch = (enabled: boolean) =>
      adminCall<{ audit: { action: string } | null }>(
        suite.app,
        suite.operator,
        'PATCH',
        '/v1/admin/regions/ap-northeast-1',
        { enabled },
      );
    expect((await patch(false)).body.audit?.action).toBe('region_disable');
    const ids = await api<{ regions: string[] }>(suite.app, undefined, 'GET', '/v1/regions/');
    expect(ids.body.regions).toContain('ap-northeast-1');
    const detailed = await api<{ regions: { name: string; available?: boolean }[] }>(
      suite.app,
      undefined,
      'GET',
      '/v1/regionsDetailed/',
    );
    expect(detailed.body.regions.find((region) => region.name === 'ap-northeast-1')).toMatchObject({
      available: false,
    });
    expect(detailed.body.regions.find((region) => region.name === 'eu-west-3')?.available).not.toBe(
      false,
    );
    const refused = await api<{ message: string }>(
      suite.app,
      suite.customer,
      'POST',
      '/v1/vpns/',
      createBody('ap-northeast-1'),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Region ap-northeast-1 is unavailable: the operator has disabled it. Try another region',
    );
    const listed = await adminCall<{ regions: { region: string; enabled: boolean }[] }>(
      suite.app,
      suite.operator,
      'GET',
      '/v1/admin/regions',
    );
    expect(listed.body.regions.find((region) => region.region === 'ap-northeast-1')?.enabled).toBe(
      false,
    );
    expect((await patch(true)).body.audit?.action).toBe('region_enable');
    await createVpn(suite.app, suite.customer, createBody('ap-northeast-1'));
    expect(
      (
        await adminCall(suite.app, suite.operator, 'PATCH', '/v1/admin/regions/xx-none-1', {
          enabled: false,
        })
      ).status,
    ).toBe(404);
  });
});
