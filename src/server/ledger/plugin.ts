/**
 * The ledger's Fastify plugin: decorates `app.ledger` (ledger/service.ts) over `app.db`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EMAIL_HASH_SECRET, serverSecret } from '../secrets';
import { createLedger, type LedgerOptions, type LedgerService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The peanuts ledger. */
    ledger: LedgerService;
  }
}

/**
 * Decorates `app.ledger` over `app.db`. The email hash key is read (or made) here, outside any
 * transaction: the bonus is credited inside the confirming transaction, where PGlite's one
 * connection could not run another query, and a key made there could be rolled back.
 */
async function ledgerService(app: FastifyInstance, opts: LedgerOptions): Promise<void> {
  const emailHashKey = await serverSecret(app.db, EMAIL_HASH_SECRET);
  app.decorate('ledger', createLedger(app.db, { emailHashKey }, opts));
}

export default fp(ledgerService, { name: 'ledger', dependencies: ['database'] });
