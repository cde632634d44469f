/**
 * The notices plugin: decorates `app.notices` (service.ts), starts its low-balance passes when
 * the app is ready and stops them (waiting for the mails under way) when it closes, before the
 * database. Registered before the VPN service, whose metering loop tells it the VPNs it ends.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Mailer } from '../identity/mailer';
import { NoticesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email notices. */
    notices: NoticesService;
  }
}

/** Options of the plugin. */
export interface NoticesPluginOptions {
  /** Sends the mails; none: nothing is sent. */
  mailer?: Mailer;
  /** Milliseconds between two low-balance passes (default service.ts LOW_BALANCE_PASS_MS). */
  lowBalancePassMs?: number;
}

/** Decorates `app.notices` over `app.db` and `app.ledger`. */
async function noticesService(app: FastifyInstance, opts: NoticesPluginOptions): Promise<void> {
  const notices = new NoticesService({
    db: app.db,
    ledger: app.ledger,
    mailer: opts.mailer,
    publicUrl: app.config.publicUrl,
    log: app.log.child({ component: 'notices' }),
    lowBalancePassMs: opts.lowBalancePassMs,
  });
  app.decorate('notices', notices);
  app.addHook('onReady', async () => notices.start());
  app.addHook('onClose', async () => notices.stop());
}

export default fp(noticesService, {
  name: 'notices',
  dependencies: ['config', 'database', 'ledger'],
});
