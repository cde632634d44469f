/**
 * Liveness and readiness (docs/operations.md "Health"), for load balancers, orchestrators and
 * supervisors. No authentication and no secret: they answer anyone.
 * - `GET /healthz`: 200 `{status: 'ok', version}` while the process serves requests.
 * - `GET /readyz`: 200 `{status: 'ready', checks}` when the database answers, the job queue's
 *   workers run and, with `NATS_URL`, the VPN hosts' broker answers; else 503 `{status:
 *   'unavailable', checks}` naming what is down (`checks.database`, `checks.jobs`,
 *   `checks.nats`: `ok` or why not).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { safeMessage } from '../logger';
import { VERSION } from '../version';

/** Longest wait for the database to answer `SELECT 1`, ms. */
const DATABASE_TIMEOUT_MS = 2000;

/** Resolves with `promise`'s value, or rejects with `message` after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers `/healthz` and `/readyz`. */
async function healthPlugin(app: FastifyInstance): Promise<void> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
    version: VERSION,
  }));

  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    const checks: Record<string, string> = { database: 'ok', jobs: 'ok' };
    if (app.config.hosts) checks.nats = 'ok';
    try {
      await within(app.db.execute(sql`SELECT 1`), DATABASE_TIMEOUT_MS, 'no answer in 2 s');
    } catch (error) {
      checks.database = safeMessage(error);
    }
    Object.assign(checks, await app.vpnLifecycle.problems());
    if (closing) checks.server = 'shutting down';
    const ready = Object.values(checks).every((check) => check === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', version: VERSION, checks });
  });
}

export default fp(healthPlugin, {
  name: 'health',
  dependencies: ['config', 'database', 'vpns-service'],
});
