/**
 * The database service: decorates `app.db` with the drizzle database of an open handle. The
 * handle's owner closes it (server.ts after `app.close()`, or buildApp for a handle it opened).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle database (PGlite or PostgreSQL). */
    db: Database;
  }
}

/** Decorates `app.db`. */
async function database(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.decorate('db', opts.db);
}

export default fp(database, { name: 'database' });
