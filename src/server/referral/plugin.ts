/**
 * The referral service plugin: decorates `app.referral` (service.ts) and runs the
 * release sweep, which credits held rewards once their hold period is over (REFERRAL_HOLD_S).
 * The sweep's state is the database's (`referrals.state`, `release_at`), so a crash or restart
 * loses nothing: the next pass, on this process or another, does what is due.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toNano } from '../../core/peanuts';
import { EMAIL_HASH_SECRET, serverSecret } from '../secrets';
import { safeMessage } from '../logger';
import { createReferral, type ReferralService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The referral programme. */
    referral: ReferralService;
  }
}

/** Options of the plugin. */
export interface ReferralPluginOptions {
  /** Now in epoch milliseconds (default Date.now). */
  clock?: () => number;
  /** Milliseconds between two release sweeps (default 60 000). */
  sweepIntervalMs?: number;
}

/** Decorates `app.referral` over `app.db`, `app.ledger` and `app.config`; starts the sweep. */
async function referralService(app: FastifyInstance, opts: ReferralPluginOptions): Promise<void> {
  const { referralEnabled, referralRewardPeanuts, referralHoldS } = app.config;
  const referral = createReferral({
    db: app.db,
    ledger: app.ledger,
    emailHashKey: await serverSecret(app.db, EMAIL_HASH_SECRET),
    settings: {
      enabled: referralEnabled,
      rewardNano: toNano(referralRewardPeanuts),
      holdMs: referralHoldS * 1000,
    },
    clock: opts.clock,
  });
  app.decorate('referral', referral);

  let pass: Promise<unknown> = Promise.resolve();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass = referral
      .releaseDue()
      .then((credited) => {
        if (credited > 0) app.log.info({ credited }, 'referral rewards released');
      })
      .catch((error: unknown) =>
        app.log.error({ err: safeMessage(error) }, 'referral release sweep failed'),
      )
      .finally(() => {
        running = false;
      });
  }, opts.sweepIntervalMs ?? 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await pass;
  });
}

export default fp(referralService, {
  name: 'referral',
  dependencies: ['config', 'database', 'ledger'],
});
