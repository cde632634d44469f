/**
 * The configuration service: decorates `app.config` with the server configuration.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server configuration (read-only). */
    config: Readonly<ServerConfig>;
  }
}

/** Decorates `app.config`. */
async function configService(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  app.decorate('config', opts.config);
}

export default fp(configService, { name: 'config' });
