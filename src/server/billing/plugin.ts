/**
 * The billing service plugin (issue 8): decorates `app.billing`, which applies Stripe events to
 * the ledger (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBilling, type BillingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Applies Stripe events to the peanuts ledger. */
    billing: BillingService;
  }
}

/** Decorates `app.billing` over `app.db`, `app.ledger` and `app.packs`. */
async function billingService(app: FastifyInstance): Promise<void> {
  app.decorate(
    'billing',
    createBilling({
      db: app.db,
      ledger: app.ledger,
      packs: app.packs,
    }),
  );
}

export default fp(billingService, {
  name: 'billing',
  dependencies: ['database', 'ledger', 'packs-service'],
});
