/**
 * The VPN service (spec §3-§5, §7): decorates `app.vpns` (the API's operations) and
 * `app.vpnLifecycle` (jobs, metering, teardowns), started when the app is ready and stopped when
 * it closes (before the database).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle, ExecuteSql } from '../db';
import { presetOf } from '../presets';
import { createProvisioner, type Provisioner } from '../provisioners';
import { VpnLifecycle, type LifecycleOptions } from './lifecycle';
import type { LifecycleTuning } from './lifecycleTuning';
import { VPN_CHANGES_CHANNEL, VpnReadCache } from './readCache';
import { createVpnService, type VpnService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The VPN operations of the API. */
    vpns: VpnService;
    /** The VPN lifecycle: jobs, metering, teardowns. */
    vpnLifecycle: VpnLifecycle;
  }
}

/** Options of the VPN service plugin. */
export interface VpnsPluginOptions {
  /** Raw SQL on the application's database (for pg-boss). */
  executeSql: ExecuteSql;
  /** The database's notifications (VPN reads are cached between changes); none: no cache. */
  listen?: DatabaseHandle['listen'];
  /** The provisioner (default: the one `PROVISIONER` names). */
  provisioner?: Provisioner;
  /** Current time, epoch milliseconds (default `Date.now`). */
  clock?: () => number;
  /** Lifecycle tuning (tests shorten retries and polling). */
  tuning?: Partial<LifecycleTuning>;
  /** Told about every VPN the metering ends, once committed (meteringLoop.ts `onEnded`). */
  onEnded?: LifecycleOptions['onEnded'];
}

/** Decorates `app.vpns` and `app.vpnLifecycle`. */
async function vpnsService(app: FastifyInstance, opts: VpnsPluginOptions): Promise<void> {
  const clock = opts.clock ?? Date.now;
  const provisioner =
    opts.provisioner ??
    createProvisioner(app.config, {
      db: app.db,
      clock,
      log: app.log.child({ component: 'provisioner' }),
    });
  const lifecycle = new VpnLifecycle({
    db: app.db,
    executeSql: opts.executeSql,
    ledger: app.ledger,
    provisioner,
    clock,
    log: app.log.child({ component: 'vpn-lifecycle' }),
    meterIntervalMs: app.config.meterIntervalMs,
    meterSettleMs: app.config.meterSettleMs,
    tuning: opts.tuning,
    onEnded: opts.onEnded,
  });
  app.decorate('vpnLifecycle', lifecycle);
  const cache = opts.listen ? new VpnReadCache() : undefined;
  app.decorate(
    'vpns',
    createVpnService({
      db: app.db,
      ledger: app.ledger,
      regions: app.regions,
      lifecycle,
      clock,
      quota: app.config.vpnQuota,
      limits: presetOf(app.config.preset).limits,
      cache,
      regionUnavailable: provisioner.regionUnavailable?.bind(provisioner),
    }),
  );
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    if (cache && opts.listen) {
      unlisten = await opts.listen(VPN_CHANGES_CHANNEL, {
        onNotify: (payload) => cache.onNotify(payload),
        onReset: () => cache.disable(),
        onListening: () => {
          cache.reset();
          cache.enable();
        },
      });
    }
    await lifecycle.start();
  });
  app.addHook('onClose', async () => {
    cache?.disable();
    await unlisten?.();
    await lifecycle.stop();
    await provisioner.close?.();
  });
}

export default fp(vpnsService, {
  name: 'vpns-service',
  dependencies: ['config', 'database', 'ledger', 'regions-service'],
});
