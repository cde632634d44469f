/**
 * The packs Fastify plugin: decorates `app.packs` (packs/service.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { createPacksService, type PacksService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Peanut packs service. */
    packs: PacksService;
  }
}

/** Decorates `app.packs`. */
async function packsService(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  app.decorate('packs', createPacksService(opts.config));
}

export default fp(packsService, { name: 'packs-service' });
