/**
 * The VPN lifecycle's durable jobs (spec §4): a VPN driven through the simulated
 * provisioner from Creating to Running and to Deleted, several at once, deletion during
 * provisioning, provisioning failures (retried or permanent), restart recovery, teardown on
 * account deletion and secrets kept out of the logs; on PGlite and, when TEST_DATABASE_URL is
 * set, on PostgreSQL. Metering and termination: vpnsLifecycleMetering.test.ts.
 */
import { eq } from 'drizzle-orm';
import { sleep } from '../../../src/core/sleep';
import { stateRank, type VpnState } from '../../../src/core/vpn';
import { ledgerEntries, vpns, vpnTeardowns } from '../../../src/server/db/schema';
import {
  createSimulatedProvisioner,
  PermanentProvisionError,
  type Provisioner,
} from '../../../src/server/provisioners';
import { publicKeyOf } from '../../../src/server/provisioners/keys';
import type { LifecycleTuning } from '../../../src/server/vpns/lifecycleTuning';
import { configUnavailableMessage } from '../../../src/server/vpns/service';
import { DATABASE_KINDS, LogCapture } from '../../support/helpers';
import {
  api,
  createBody,
  createVpn,
  deleteAccount,
  getVpn,
  rowOf,
  runningVpn,
  setUpVpnApps,
  signUpUser,
  TEST_TUNING,
  waitForVpnState,
} from '../../support/vpnHelpers';

/** Waits until `check` returns a value other than undefined (every 10 ms, up to `timeoutMs`). */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A provisioner that records its calls around another. */
function recording(inner: Provisioner) {
  const calls = {
    prepare: [] as string[],
    provisioned: [] as string[],
    deprovision: [] as string[],
  };
  const provisioner: Provisioner = {
    name: 'recording',
    async prepare(vpn, options) {
      calls.prepare.push(vpn.vpnId);
      return inner.prepare(vpn, options);
    },
    async provision(vpn, options) {
      const result = await inner.provision(vpn, options);
      calls.provisioned.push(vpn.vpnId);
      return result;
    },
    async deprovision(vpn, options) {
      calls.deprovision.push(vpn.vpnId);
      return inner.deprovision(vpn, options);
    },
    usage: (vpn) => inner.usage(vpn),
  };
  return { provisioner, calls };
}

describe.each(DATABASE_KINDS)('VPN lifecycle on %s', (kind) => {
  const { build, apps } = setUpVpnApps(kind);

  describe('jobs', () => {
    it('drive a VPN Creating -> Created -> Provisioning -> Running, then to Deleted for good', async () => {
      const app = await build({ SIMULATED_STEP_MS: '100' });
      const user = await signUpUser(app);
      const vpnId = await createVpn(app, user);
      const seen: VpnState[] = [];
      await eventually(async () => {
        const state = (await rowOf(app, vpnId)).state as VpnState;
        if (seen[seen.length - 1] !== state) seen.push(state);
        return state === 'Running' ? state : undefined;
      });
      expect(seen[0]).toBe('Creating');
      expect(seen).toContain('Provisioning');
      expect(seen[seen.length - 1]).toBe('Running');
      expect(seen.map(stateRank)).toEqual([...seen.map(stateRank)].sort());

      const running = await rowOf(app, vpnId);
      expect(running.version).toBe(3);
      expect(publicKeyOf(running.serverPrivateKey as string)).toBe(running.serverPublicKey);
      expect(publicKeyOf(running.clientPrivateKey as string)).toBe(running.clientPublicKey);
      expect(Buffer.from(running.presharedKey as string, 'base64')).toHaveLength(32);
      expect(running.endpoint).toBe('eu-west-3.vpn.peanut.local:51820');

      expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(202);
      await waitForVpnState(app, user, vpnId, 'Deleted');
      const deleted = await rowOf(app, vpnId);
      expect(deleted).toMatchObject({
        version: 5,
        reason: 'Deleted on request',
        serverPrivateKey: null,
        clientPrivateKey: null,
        presharedKey: null,
      });
      expect(deleted.endedAt).not.toBeNull();

      // A deleted VPN never comes back.
      await app.vpnLifecycle.recover();
      await app.vpnLifecycle.advance(vpnId);
      await app.vpnLifecycle.meterAll();
      expect(await app.vpnLifecycle.meter(vpnId)).toBeUndefined();
      expect(await rowOf(app, vpnId)).toEqual(deleted);
      expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(204);
    });

    it('run several VPNs at once', async () => {
      // Each provisioning waits until all 4 are in flight (at most 30 s, so that one after the
      // other still ends, and fails the check): no timing is measured.
      const inner = createSimulatedProvisioner({ stepMs: 20 });
      let inFlight = 0;
      let most = 0;
      let release = (): void => undefined;
      const allIn = new Promise<void>((resolve) => (release = resolve));
      const app = await build(
        {},
        {
          provisioner: {
            ...inner,
            async provision(vpn, options) {
              inFlight++;
              most = Math.max(most, inFlight);
              if (inFlight === 4) release();
              let timer: NodeJS.Timeout | undefined;
              await Promise.race([
                allIn,
                new Promise((resolve) => (timer = setTimeout(resolve, 30_000))),
              ]);
              clearTimeout(timer);
              try {
                return await inner.provision(vpn, options);
              } finally {
                inFlight--;
              }
            },
          },
        },
      );
      const user = await signUpUser(app);
      const ids = await Promise.all(
        ['eu-west-1', 'eu-west-2', 'eu-west-3', 'eu-north-1'].map((region) =>
          createVpn(app, user, createBody(region)),
        ),
      );
      await Promise.all(ids.map((id) => waitForVpnState(app, user, id, 'Running', 90_000)));
      expect(most).toBe(4);
    }, 120_000);

    it('cancel provisioning when the VPN is deleted, and tear it down without running it', async () => {
      const { provisioner, calls } = recording(createSimulatedProvisioner({ stepMs: 1000 }));
      const app = await build({}, { provisioner });
      const user = await signUpUser(app);
      const vpnId = await createVpn(app, user);
      await eventually(async () => (calls.prepare.includes(vpnId) ? true : undefined));
      const deleting = await api<{ vpn: { state: string } }>(
        app,
        user,
        'DELETE',
        `/v1/vpns/${vpnId}`,
      );
      expect(deleting.status).toBe(202);
      expect(deleting.body.vpn.state).toBe('Deprovisioning');
      const deleted = await waitForVpnState(app, user, vpnId, 'Deleted');
      expect(deleted.metrics).toEqual({ duration: null, bytes: null, peanuts: null });
      expect(calls.provisioned).toEqual([]);
      expect(calls.deprovision).toContain(vpnId);
      expect((await rowOf(app, vpnId)).runningAt).toBeNull();
    });

    it('fail a VPN whose provisioning keeps failing, with the reason, and tear it down', async () => {
      const inner = createSimulatedProvisioner({ stepMs: 10 });
      const { provisioner, calls } = recording({
        ...inner,
        provision: async () => {
          throw new Error('no capacity in eu-west-3');
        },
      });
      const tuning: Partial<LifecycleTuning> = { ...TEST_TUNING, maxProvisionAttempts: 2 };
      const app = await build({ VPN_QUOTA: '1' }, { provisioner, lifecycleTuning: tuning });
      const user = await signUpUser(app);
      const vpnId = await createVpn(app, user);
      const failed = await waitForVpnState(app, user, vpnId, 'Failed', 20_000);
      expect(failed.metrics).toEqual({ duration: null, bytes: null, peanuts: null });
      const row = await rowOf(app, vpnId);
      expect(row).toMatchObject({
        attempts: 2,
        reason: 'Provisioning failed: no capacity in eu-west-3',
        serverPrivateKey: null,
        clientPrivateKey: null,
        presharedKey: null,
      });
      expect(calls.deprovision).toContain(vpnId);

      // Failed is terminal: it does not count toward the quota, deleting it does nothing.
      expect((await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`)).status).toBe(204);
      expect((await getVpn(app, user, vpnId)).vpn.state).toBe('Failed');
      const config = await api(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
      expect(config.body).toEqual({ message: configUnavailableMessage(vpnId, 'Failed') });
      expect((await api(app, user, 'POST', '/v1/vpns/', createBody('us-east-1'))).status).toBe(202);
    });

    it('fail a VPN at once on a permanent provisioning error', async () => {
      const inner = createSimulatedProvisioner({ stepMs: 10 });
      const app = await build(
        {},
        {
          provisioner: {
            ...inner,
            provision: async () => {
              throw new PermanentProvisionError('region closed');
            },
          },
        },
      );
      const user = await signUpUser(app);
      const vpnId = await createVpn(app, user);
      await waitForVpnState(app, user, vpnId, 'Failed', 5_000);
      expect(await rowOf(app, vpnId)).toMatchObject({
        attempts: 1,
        reason: 'Provisioning failed: region closed',
      });
    });
  });

  describe('restart recovery', () => {
    it('resumes VPNs caught Creating, Provisioning and Deprovisioning by a restart', async () => {
      // Each step, once held, waits until closing aborts it (drainMs 0: at once, as a crash
      // would), so every VPN is caught in its state whatever the machine's speed.
      const held = { prepare: false, provision: false, deprovision: false };
      const inner = createSimulatedProvisioner({ stepMs: 20 });
      const untilAborted = async (options?: { signal?: AbortSignal }) => {
        const signal = options?.signal;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, 60_000);
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          });
        });
      };
      const slow = await build(
        {},
        {
          lifecycleTuning: { ...TEST_TUNING, drainMs: 0 },
          provisioner: {
            ...inner,
            async prepare(vpn, options) {
              if (held.prepare) await untilAborted(options);
              return inner.prepare(vpn, options);
            },
            async provision(vpn, options) {
              if (held.provision) await untilAborted(options);
              return inner.provision(vpn, options);
            },
            async deprovision(vpn, options) {
              if (held.deprovision) await untilAborted(options);
              return inner.deprovision(vpn, options);
            },
          },
        },
      );
      const user = await signUpUser(slow);
      const deleting = await runningVpn(slow, user);
      held.provision = true;
      const provisioning = await createVpn(slow, user, createBody('us-west-2'));
      await eventually(async () =>
        (await rowOf(slow, provisioning)).state === 'Provisioning' ? true : undefined,
      );
      held.prepare = true;
      const creating = await createVpn(slow, user, createBody('us-west-1'));
      held.deprovision = true;
      expect((await api(slow, user, 'DELETE', `/v1/vpns/${deleting}`)).status).toBe(202);
      await slow.close();
      apps.splice(apps.indexOf(slow), 1);

      expect((await rowOf(slow, creating)).state).toBe('Creating');
      expect((await rowOf(slow, provisioning)).state).toBe('Provisioning');
      expect((await rowOf(slow, deleting)).state).toBe('Deprovisioning');

      const fresh = await build();
      await waitForVpnState(fresh, user, creating, 'Running');
      await waitForVpnState(fresh, user, provisioning, 'Running');
      await waitForVpnState(fresh, user, deleting, 'Deleted');
    });
  });

  describe('account deletion', () => {
    it("tears the user's VPN servers down and deletes their VPNs and ledger", async () => {
      const { provisioner, calls } = recording(createSimulatedProvisioner({ stepMs: 20 }));
      const app = await build({}, { provisioner });
      const user = await signUpUser(app);
      const running = await runningVpn(app, user);
      const deleted = await runningVpn(app, user);
      expect((await api(app, user, 'DELETE', `/v1/vpns/${deleted}`)).status).toBe(202);
      await waitForVpnState(app, user, deleted, 'Deleted');
      calls.deprovision.length = 0;

      await deleteAccount(app, user);
      expect(await app.db.select().from(vpns).where(eq(vpns.userSub, user.sub))).toEqual([]);
      expect(
        await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.userSub, user.sub)),
      ).toEqual([]);
      await eventually(async () => (calls.deprovision.includes(running) ? true : undefined));
      expect(calls.deprovision).not.toContain(deleted);
      await eventually(async () =>
        (await app.db.select().from(vpnTeardowns)).length === 0 ? true : undefined,
      );
    });

    it('tears down the servers of an account deleted while a teardown pass runs', async () => {
      // The first account's teardown is held until the second account has been deleted.
      const held = new Set<string>();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const simulated = createSimulatedProvisioner({ stepMs: 20 });
      const { provisioner, calls } = recording({
        ...simulated,
        async deprovision(vpn, options) {
          if (held.has(vpn.vpnId)) await gate;
          return simulated.deprovision(vpn, options);
        },
      });
      const app = await build({}, { provisioner });
      const first = await signUpUser(app);
      const second = await signUpUser(app);
      const firstVpn = await runningVpn(app, first);
      const secondVpn = await runningVpn(app, second);
      held.add(firstVpn);

      await deleteAccount(app, first);
      await eventually(async () => (calls.deprovision.includes(firstVpn) ? true : undefined));
      await deleteAccount(app, second);
      // Long enough for a pass asked for after the deletion to have started, had it not waited
      // for the held one (the metering loop's pass, which also runs the outbox, is an hour away).
      await sleep(500);
      expect(calls.deprovision).not.toContain(secondVpn);
      release();
      await eventually(async () => (calls.deprovision.includes(secondVpn) ? true : undefined));
      await eventually(async () =>
        (await app.db.select().from(vpnTeardowns)).length === 0 ? true : undefined,
      );
    });
  });

  describe('secrets', () => {
    it('never reach the logs, even at trace level', async () => {
      const logs = new LogCapture();
      const app = await build({ LOG_LEVEL: 'trace' }, { logStream: logs });
      const user = await signUpUser(app);
      const vpnId = await runningVpn(app, user);
      const config = await api<{ config: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/config`);
      const qr = await api<{ qrconfig: string }>(app, user, 'GET', `/v1/vpns/${vpnId}/qrconfig`);
      const row = await rowOf(app, vpnId);
      await api(app, user, 'DELETE', `/v1/vpns/${vpnId}`);
      await waitForVpnState(app, user, vpnId, 'Deleted');

      expect(logs.text).toContain('VPN running');
      expect(logs.text).toContain('VPN deleted');
      // Even an object logged by mistake has its key fields redacted.
      app.log.info({ vpn: { presharedKey: row.presharedKey } }, 'mistake');
      expect(logs.text).toContain('"presharedKey":"[redacted]"');
      const secrets = [
        row.serverPrivateKey,
        row.clientPrivateKey,
        row.presharedKey,
        config.body.config,
        qr.body.qrconfig.slice(0, 64),
      ];
      for (const secret of secrets) {
        expect(typeof secret).toBe('string');
        expect(logs.text).not.toContain(secret as string);
      }
    });
  });
});
