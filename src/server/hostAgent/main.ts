/**
 * `npm run host` / `peanut-host` (docs/architecture.md "VPN hosts"): runs a VPN host with the
 * settings of the environment (hosts/settings.ts) until SIGINT or SIGTERM, which stop it
 * gracefully (the commands in progress finish, NATS is drained; the VPN servers keep running and
 * the next start re-adopts them) and exit 0 within 10 s. Logs are pino JSON lines on stdout at
 * `LOG_LEVEL`; with `HOST_HEALTH_PORT`, a health server answers `/healthz`, `/readyz` and
 * `/metrics` (healthServer.ts). `--version` prints the version.
 */
import pino from 'pino';
import { redactSecrets } from '../logger';
import { loadHostAgentSettings } from '../hosts/settings';
import { VERSION } from '../version';
import { HostAgent, pinoHostLog } from './agent';
import { startHealthServer, type HealthServer } from './healthServer';

/** Longest graceful stop before the process exits anyway, ms (container engines wait 10 s). */
const STOP_TIMEOUT_MS = 9_000;
/** A second signal sooner than this is the same stop (Ctrl-C reaches npm and the host), ms. */
const REPEATED_SIGNAL_MS = 1000;

async function main(): Promise<void> {
  if (process.argv.includes('--version')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  let settings: ReturnType<typeof loadHostAgentSettings>;
  try {
    settings = loadHostAgentSettings(process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = pino({
    level: settings.logLevel,
    base: { pid: process.pid, hostId: settings.hostId },
    formatters: { log: (object) => redactSecrets(object) },
  });
  const agent = new HostAgent(settings, pinoHostLog(logger));
  let health: HealthServer | undefined;
  try {
    if (settings.healthPort !== undefined) {
      health = await startHealthServer(agent, settings.healthAddress, settings.healthPort);
      logger.info(
        { port: health.port, address: settings.healthAddress },
        'health server listening',
      );
    }
    await agent.start();
  } catch (error) {
    process.stderr.write(`Cannot start the VPN host: ${(error as Error).stack ?? String(error)}\n`);
    await health?.close();
    process.exit(1);
  }
  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < REPEATED_SIGNAL_MS) return;
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => {
      logger.error('stop timed out: exiting now');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    timer.unref();
    agent
      .stop()
      .then(() => health?.close())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: String(error) }, 'stop failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
