/**
 * Simulated network latency (spec §9 mock backend, `PRESET=mock`): every `/v1/` answer waits a
 * random 50 to 150 ms, so demos and tests see loaders and spinners as real users would.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MsRange } from '../../presets';
import { sleep } from '../../../core/sleep';

/** Delays API requests by a random duration in `range` (milliseconds, ends included). */
async function latency(app: FastifyInstance, opts: { range: MsRange }): Promise<void> {
  const { min, max } = opts.range;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/v1/')) return;
    await sleep(randomInt(min, max + 1), undefined, { unref: true });
  });
}

export default fp(latency, { name: 'latency' });
