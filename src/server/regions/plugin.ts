/**
 * The regions Fastify plugin: decorates `app.regions` (regions/service.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRegionsService, type RegionsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Regions service. */
    regions: RegionsService;
  }
}

/** Decorates `app.regions`. */
async function regionsService(app: FastifyInstance): Promise<void> {
  app.decorate('regions', createRegionsService(app.db));
}

export default fp(regionsService, { name: 'regions-service', dependencies: ['database'] });
