/**
 * The billing service plugin: decorates `app.billing`, which applies Stripe events to
 * the ledger (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBilling, type BillingService, type PurchaseHooks } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Applies Stripe events to the peanuts ledger. */
    billing: BillingService;
  }
}

/** Options of the billing plugin. */
export interface BillingPluginOptions {
  /** Run inside the purchase and reversal transactions (the referral programme's). */
  hooks?: PurchaseHooks;
}

/** Decorates `app.billing` over `app.db`, `app.ledger` and `app.packs`. */
async function billingService(app: FastifyInstance, opts: BillingPluginOptions): Promise<void> {
  app.decorate(
    'billing',
    createBilling({
      db: app.db,
      ledger: app.ledger,
      packs: app.packs,
      hooks: opts.hooks,
      paymentLinks: Object.fromEntries(
        Object.entries(app.config.paymentLinks).map(([packId, link]) => [link, packId]),
      ),
      matchByAmount: app.config.matchPackByAmount,
    }),
  );
}

export default fp(billingService, {
  name: 'billing',
  dependencies: ['database', 'ledger', 'packs-service'],
});
