/**
 * `GET /metrics`, `/healthz` and `/readyz` (docs/operations.md "Health" and "Metrics"):
 * metrics answer loopback callers only, a request forwarded by a proxy only when TRUST_PROXY
 * resolves it to loopback, and with METRICS_TOKEN only the matching bearer token; the series of
 * a VPN's life are there and no label carries a user id, email or VPN id; readiness names the
 * part that is down.
 */
import { version } from '../../../package.json';
import type { App } from '../../../src/server/app';
import {
  METRICS_LOOPBACK_ONLY_MESSAGE,
  METRICS_TOKEN_MESSAGE,
} from '../../../src/server/metrics/plugin';
import { DATABASE_KINDS } from '../../support/helpers';
import { setUpVpnApps, signUpUser } from '../../support/vpnHelpers';

describe.each(DATABASE_KINDS)('metrics and health (%s)', (kind) => {
  const suite = setUpVpnApps(kind);
  // Apps built by `suite.build` are closed after their test.
  let app: App;
  beforeEach(async () => {
    app = await suite.build({ TRUST_PROXY: '127.0.0.1' });
  });

  const metrics = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  it('answers loopback callers, and forwarded ones only when TRUST_PROXY resolves them to loopback', async () => {
    expect((await metrics()).statusCode).toBe(200);
    const outside = await metrics({}, '192.0.2.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ message: METRICS_LOOPBACK_ONLY_MESSAGE });
    // A proxy on this machine relaying someone else.
    expect((await metrics({ 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(403);
    expect((await metrics({ forwarded: 'for=198.51.100.4' })).statusCode).toBe(403);
    // ...relaying a caller on this machine (the proxy 127.0.0.1 is trusted).
    expect((await metrics({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    expect((await metrics({ forwarded: 'for="[::1]"' })).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN answers the matching bearer token from anywhere, and nothing else', async () => {
    const guarded = await suite.build({ METRICS_TOKEN: 'scrape-secret-1' });
    const call = (authorization: string | undefined, remoteAddress: string) =>
      guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
        remoteAddress,
      });
    expect((await call('Bearer scrape-secret-1', '192.0.2.7')).statusCode).toBe(200);
    const wrong = await call('Bearer scrape-secret-2', '192.0.2.7');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: METRICS_TOKEN_MESSAGE });
    expect((await call(undefined, '127.0.0.1')).statusCode).toBe(401);
  });

  it('counts a VPN from creation to deletion without a user or VPN id in any label', async () => {
    const user = await signUpUser(app, 'metrics');
    const created = await app.inject({
      method: 'POST',
      url: '/v1/vpns/',
      headers: { authorization: user.idToken },
      payload: { region: 'eu-west-3', config: { type: 'wireguard', maxPeanuts: 1 } },
    });
    expect(created.statusCode).toBe(202);
    const vpnId = (created.json() as { vpn: { id: string } }).vpn.id;
    const stateOf = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/v1/vpns/${vpnId}`,
          headers: { authorization: user.idToken },
        })
      ).json<{ vpn: { state: string } }>().vpn.state;
    while ((await stateOf()) !== 'Running') await new Promise((r) => setTimeout(r, 50));
    const running = (await metrics()).body;
    expect(running).toContain('peanut_vpns{state="Running",region="eu-west-3"} 1');
    expect(running).toContain('peanut_vpns_created_total{region="eu-west-3"} 1');
    expect(running).toMatch(/peanut_vpn_create_to_running_seconds_count\{region="eu-west-3"\} 1/);
    expect(running).toMatch(/peanut_auth_total\{kind="signUp",outcome="success",reason=""\} 1/);
    expect(running).toMatch(/peanut_peanuts_credited_total\{kind="signup_bonus"\} 10/);
    expect(running).toContain(`peanut_build_info{version="${version}"`);
    expect(running).toContain('route="/v1/vpns/:vpnId",method="GET",status_code="200"');

    await app.inject({
      method: 'DELETE',
      url: `/v1/vpns/${vpnId}`,
      headers: { authorization: user.idToken },
    });
    while ((await stateOf()) !== 'Deleted') await new Promise((r) => setTimeout(r, 50));
    const text = (await metrics()).body;
    expect(text).toContain('peanut_vpns_deleted_total{region="eu-west-3"} 1');
    expect(text).toContain('peanut_vpns_terminated_total{reason="deleted"} 1');
    expect(text).toMatch(/peanut_vpn_termination_lag_seconds_count 1/);
    for (const id of [vpnId, user.sub, user.email, user.username]) expect(text).not.toContain(id);
  });

  it('answers /healthz with the version and /readyz with the part that is down', async () => {
    const own = await suite.build();
    expect((await own.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', version });
    const ready = await own.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      version,
      checks: { database: 'ok', jobs: 'ok' },
    });
    await own.vpnLifecycle.stop();
    const down = await own.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'unavailable',
      version,
      checks: { database: 'ok', jobs: 'the job queue is not running' },
    });
  });
});
