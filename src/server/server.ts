/**
 * The server process (`npm start` runs its bundle, dist/server/server.cjs, with node): loads the configuration, opens and
 * migrates the database, builds the app and listens. SIGINT/SIGTERM stop it gracefully: no new
 * connections, running requests finish, then the database closes. A missing production setting
 * prints `{NAME} unset in environment!` (spec §8) and exits with status 1. SIGUSR2 serves the
 * backup requests of `npm run backup` (db/backup.ts). `--version` prints the version. Unless `PROVISIONER`
 * forces one, the `netns` provisioner runs when the host can run it, else `simulated`.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { buildApp, type App } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db';
import { serveBackupRequests } from './db/backup';
import type { LogDestination } from './logger';
import { VERSION } from './version';
import { chooseProvisioner } from './provisioners';

/** A listening server. */
export interface RunningServer {
  /** The app. */
  app: App;
  /** The URL it listens on, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** Stops listening, waits for running requests, closes the database; idempotent. */
  close(): Promise<void>;
  /** The open database (its `dumpTo` serves `npm run backup` on PGlite). */
  database: DatabaseHandle;
}

/** Longest wait for running requests on shutdown before the process exits anyway, in ms. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** How often a stopping server closes the connections that went idle, in ms. */
const IDLE_CLOSE_INTERVAL_MS = 50;

/** A connection's socket with the response running on it, which Node's http keeps there. */
type ConnectionSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Makes `server` hang up every keep-alive connection once its response is sent, from the moment
 * the returned function is called (shutdown): `server.close()` only closes connections idle at
 * that moment, so a connection whose request was still running would otherwise be kept open by
 * its client and hold the shutdown until its time-out. From then on every response not yet
 * started says `Connection: close` (those running and those that come), and the connections
 * that go idle are closed every {@link IDLE_CLOSE_INTERVAL_MS}. While serving, only connections
 * are tracked and nothing runs per request (the request listener is added at the stop): a set
 * of the running responses, added to and deleted from on every request, cost CPU and its
 * resized tables were promoted to the old generation (docs/performance.md).
 */
function closeConnectionsWhenDone(server: Server): () => void {
  const connections = new Set<ConnectionSocket>();
  let closing = false;
  const hangUpAfter = (response: ServerResponse | null | undefined): void => {
    if (response && !response.headersSent) response.setHeader('connection', 'close');
  };
  server.on('connection', (socket: ConnectionSocket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  return () => {
    if (closing) return;
    closing = true;
    server.on('request', (_request, response: ServerResponse) => hangUpAfter(response));
    // The response running on each connection (Node's own closeIdleConnections reads it there).
    for (const socket of connections) hangUpAfter(socket._httpMessage);
    server.closeIdleConnections();
    const timer = setInterval(() => server.closeIdleConnections(), IDLE_CLOSE_INTERVAL_MS);
    timer.unref();
    server.once('close', () => clearInterval(timer));
  };
}

/**
 * Opens and migrates the database of `config`, builds the app and listens on
 * `config.host:config.port` (port 0 picks a free port).
 */
export async function startServer(
  config: ServerConfig,
  options: { logStream?: LogDestination } = {},
): Promise<RunningServer> {
  const notices: string[] = [];
  const database = await openDatabase(config, { onNotice: (line) => notices.push(line) });
  let app: App | undefined;
  try {
    await database.migrate();
    app = await buildApp(config, { database, logStream: options.logStream });
    for (const notice of notices) app.log.warn(notice);
    const url = await app.listen({ port: config.port, host: config.host });
    let closing: Promise<void> | undefined;
    const running = app;
    const endKeepAlive = closeConnectionsWhenDone(app.server);
    return {
      app,
      url,
      database,
      close: () =>
        (closing ??= (async () => {
          endKeepAlive();
          try {
            await running.close();
          } finally {
            await database.close();
          }
        })()),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}

/**
 * A second signal sooner than this after the first is the same stop (Ctrl-C reaches both
 * `npm start` and the server, and npm relays it once more), in ms; a later one forces the exit.
 */
const REPEATED_SIGNAL_MS = 1000;

/** Entry point: start, then stop on SIGINT/SIGTERM (a second signal or a time-out forces it). */
async function main(): Promise<void> {
  if (process.argv.includes('--version')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  let config: ServerConfig;
  // PROVISIONER when set, else netns when this host can run it.
  const provisioner = chooseProvisioner(process.env);
  try {
    config = { ...loadConfig(), provisioner: provisioner.provisioner };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }

  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    process.stderr.write(`Cannot start the server: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }

  server.app.log.info(provisioner, 'VPN provisioner');

  let stopping = false;
  let stoppingSince = 0;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      if (Date.now() - stoppingSince < REPEATED_SIGNAL_MS) return;
      server.app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    stoppingSince = Date.now();
    server.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      server.app.log.error('shutdown timed out: exiting now');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    server.close().then(
      () => {
        server.app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // `npm run backup` (db/backup.ts): requests wait in DATA_DIR; SIGUSR2 says to serve them.
  const { database } = server;
  if (database.dumpTo) {
    const dumpTo = (file: string): Promise<number> =>
      database.dumpTo?.(file) ?? Promise.reject(new Error('no PGlite database'));
    let backups = Promise.resolve();
    process.on('SIGUSR2', () => {
      backups = backups.then(async () => {
        if (stopping) return;
        const files = await serveBackupRequests(config.dataDir, dumpTo).catch(() => []);
        for (const file of files) server.app.log.info({ file }, 'backup written');
      });
    });
  }
}

if (require.main === module) void main();
