/**
 * Durable jobs on pg-boss 10 in the application's own database (docs/architecture.md "Server"): on
 * PostgreSQL through the application's pool, on PGlite through the same single connection (an
 * `executeSql` adapter; pg-boss's migrations are multi-statement scripts, run with PGlite's
 * `exec`). pg-boss keeps its tables in the `pgboss` schema and migrates them on start.
 *
 * One queue, one kind of job: "advance this VPN" (`{vpnId}`), keyed by the VPN's id with the
 * `short` policy, so at most one such job waits per VPN (more sends while one waits are
 * dropped). Several local workers take jobs in parallel; a send wakes them at once (other
 * processes of a fleet poll every `pollingIntervalSeconds`).
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ExecuteSql, SqlResult } from '../db';
import { safeMessage } from '../logger';

/** The queue of VPN lifecycle jobs. */
export const LIFECYCLE_QUEUE = 'vpn-lifecycle';

/** The payload of a lifecycle job. */
export interface LifecycleJob {
  vpnId: string;
}

/** Tuning of the job runner. */
export interface JobTuning {
  /** Jobs run at once by this process. */
  concurrency: number;
  /** Seconds between two polls of an idle worker (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** Retries of a failed job (pg-boss's), after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry (doubled each time: exponential backoff). */
  retryDelaySeconds: number;
  /** Seconds after which a running job is presumed dead (its worker crashed) and retried. */
  expireInSeconds: number;
}

/** Default tuning. */
export const DEFAULT_JOB_TUNING: Readonly<JobTuning> = Object.freeze({
  concurrency: 8,
  pollingIntervalSeconds: 2,
  retryLimit: 5,
  retryDelaySeconds: 2,
  expireInSeconds: 600,
});

/** Options of {@link createJobRunner}. */
export interface JobRunnerOptions {
  /** Raw SQL on the application's database (DatabaseHandle.executeSql). */
  executeSql: ExecuteSql;
  log: FastifyBaseLogger;
  /** Runs one job; throwing fails the attempt (pg-boss retries it). */
  handler: (job: LifecycleJob) => Promise<void>;
  tuning?: Partial<JobTuning>;
}

/** Starts, feeds and stops the lifecycle workers of this process. */
export interface JobRunner {
  /** Migrates pg-boss's tables, creates the queue and starts the workers. */
  start(): Promise<void>;
  /** Queues a job for `vpnId` (dropped when one already waits) and wakes the local workers. */
  send(vpnId: string): Promise<void>;
  /**
   * Stops taking jobs at once (the running ones go on); jobs sent from now on are queued in the
   * database for another process or the next start, without waking the local workers.
   */
  pause(): void;
  /**
   * Stops taking jobs and waits up to `timeoutMs` for the running ones to finish (pg-boss's
   * graceful stop; past it, pg-boss fails them and they are retried, so callers abort them),
   * then for every job and pg-boss query to end; idempotent. The database stays open (its owner
   * closes it).
   */
  stop(timeoutMs?: number): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a transaction it aborted to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';
/** Attempts of a statement that PostgreSQL keeps choosing as a deadlock's victim. */
const DEADLOCK_ATTEMPTS = 5;

/**
 * Runs `statement` again when PostgreSQL aborts it to break a deadlock (SQLSTATE 40P01), at most
 * {@link DEADLOCK_ATTEMPTS} times; other errors are thrown at once. pg-boss's `create_queue`
 * deadlocks when processes of a fleet create the same queue at once on a fresh database (each
 * inserts the queue row while the first attaches its partition and foreign keys): PostgreSQL
 * lets one finish and aborts the others, whose retry then finds the queue.
 */
async function retryOnDeadlock(statement: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== DEADLOCK_DETECTED || attempt >= DEADLOCK_ATTEMPTS) throw error;
    }
  }
}

/** Creates the job runner (not started). */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const tuning = { ...DEFAULT_JOB_TUNING, ...options.tuning };
  const { log } = options;

  // Every query pg-boss runs and every job running, so that stopping can wait for the last ones
  // (pg-boss does not await its completion writes, and a poll under way when it stops may still
  // hand out a job) before the owner closes the database.
  const inFlight = new Set<Promise<SqlResult>>();
  let activeJobs = 0;
  let closed = false;
  const db: PgBoss.Db = {
    executeSql: (text: string, values?: unknown[]) => {
      // After stop: no rows, and no `rows` for the completion writes, which pg-boss then counts
      // as 0 affected instead of failing (their rejection would go unhandled).
      if (closed) return Promise.resolve({ rows: undefined as unknown as [] });
      const query = options.executeSql(text, values);
      inFlight.add(query);
      const forget = () => inFlight.delete(query);
      query.then(forget, forget);
      return query;
    },
  };

  const boss = new PgBoss({
    db,
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error: Error) => log.error({ err: safeMessage(error) }, 'job queue error'));

  const workerIds: string[] = [];
  let bossStarted = false;
  let started = false;
  let paused = false;
  let stopping: Promise<void> | undefined;

  return {
    async start() {
      await boss.start();
      bossStarted = true;
      await retryOnDeadlock(() =>
        boss.createQueue(LIFECYCLE_QUEUE, {
          name: LIFECYCLE_QUEUE,
          policy: 'short',
          retryLimit: tuning.retryLimit,
          retryDelay: tuning.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: tuning.expireInSeconds,
        }),
      );
      for (let i = 0; i < tuning.concurrency; i++) {
        workerIds.push(
          await boss.work<LifecycleJob>(
            LIFECYCLE_QUEUE,
            { batchSize: 1, pollingIntervalSeconds: tuning.pollingIntervalSeconds },
            async ([job]) => {
              activeJobs++;
              try {
                if (job) await options.handler(job.data);
              } finally {
                activeJobs--;
                // Fetch the next job at once: pg-boss would wait a polling interval first,
                // which caps a worker at one job per interval under a burst of VPNs.
                const self = workerIds[i];
                if (job && self !== undefined && !paused) boss.notifyWorker(self);
              }
            },
          ),
        );
      }
      started = true;
    },

    async send(vpnId) {
      if (!started || closed) return;
      await boss.send(LIFECYCLE_QUEUE, { vpnId } satisfies LifecycleJob, { singletonKey: vpnId });
      if (!paused) for (const id of workerIds) boss.notifyWorker(id);
    },

    pause() {
      if (paused) return;
      paused = true;
      // Each worker ends its loop after its current job (pg-boss `offWork`).
      if (started) {
        boss
          .offWork(LIFECYCLE_QUEUE)
          .catch((error: unknown) =>
            log.error({ err: safeMessage(error) }, 'could not stop the job workers'),
          );
      }
    },

    stop(timeoutMs = 1000) {
      return (stopping ??= (async () => {
        paused = true;
        // Graceful: waits (polling every 0.5 s) while a job runs, at most `timeout`.
        if (bossStarted) {
          await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
        }
        // Quiet twice in a row, a macrotask apart: no job running, no query pending.
        for (let quiet = 0; quiet < 2;) {
          await Promise.allSettled([...inFlight]);
          await new Promise((resolve) => setImmediate(resolve));
          quiet = activeJobs === 0 && inFlight.size === 0 ? quiet + 1 : 0;
          if (activeJobs > 0) await new Promise((resolve) => setTimeout(resolve, 10));
        }
        closed = true;
      })());
    },
  };
}
