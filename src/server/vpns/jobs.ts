/**
 * Durable jobs on pg-boss 10 in the application's own database (docs/architecture.md "Server"): on
 * PostgreSQL through the application's pool, on PGlite through the same single connection (an
 * `executeSql` adapter; pg-boss's migrations are multi-statement scripts, run with PGlite's
 * `exec`). pg-boss keeps its tables in the `pgboss` schema and migrates them on start.
 *
 * One queue, one kind of job: "advance this VPN" (`{vpnId}`), keyed by the VPN's id with the
 * `short` policy, so at most one such job waits per VPN (more sends while one waits are
 * dropped). Several local workers take jobs in parallel, each fetching up to `batchSize` jobs
 * with one statement and running them at once (one completion statement for the batch; a job
 * that fails is failed alone, for pg-boss to retry, and its batch's others complete); a send
 * wakes them at once (other processes of a fleet poll every `pollingIntervalSeconds`).
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
  /** Jobs run at once by this process (its workers times their batch size, rounded up). */
  concurrency: number;
  /**
   * Most jobs one worker fetches with one statement and runs at once (fewer when there are fewer
   * than MIN_WORKERS batches: the concurrency is shared by at least that many workers).
   */
  batchSize: number;
  /** Seconds between two polls of an idle worker (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** Retries of a failed job (pg-boss's), after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry (doubled each time: exponential backoff). */
  retryDelaySeconds: number;
  /** Seconds after which a running job is presumed dead (its worker crashed) and retried. */
  expireInSeconds: number;
}

/** Fewest workers when the concurrency allows (see {@link JobTuning.batchSize}). */
const MIN_WORKERS = 8;

/** Default tuning. */
export const DEFAULT_JOB_TUNING: Readonly<JobTuning> = Object.freeze({
  concurrency: 64,
  batchSize: 8,
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
  /**
   * Queues a job for `vpnId` (dropped when one already waits) and wakes the local workers; the
   * sends of one turn of the event loop are inserted with one statement.
   */
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
  /** True while the workers take jobs: started, neither paused nor stopped (`/readyz`). */
  running(): boolean;
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

  /**
   * Runs a batch's jobs at once. One job: its error fails it (pg-boss retries it). Several: the
   * failed ones are failed by id, each with its error, and the batch resolves, so pg-boss
   * completes the others (its completion only touches jobs still active).
   */
  const runBatch = async (jobs: PgBoss.Job<LifecycleJob>[]): Promise<void> => {
    if (jobs.length === 1) return options.handler(jobs[0].data);
    const outcomes = await Promise.allSettled(jobs.map((job) => options.handler(job.data)));
    await Promise.all(
      outcomes.map((outcome, index) =>
        outcome.status === 'rejected'
          ? boss.fail(LIFECYCLE_QUEUE, jobs[index].id, {
              message: safeMessage(outcome.reason),
            })
          : undefined,
      ),
    );
  };

  // The sends of this turn of the event loop, by vpnId: inserted with one statement.
  let sends = new Map<string, { resolve: () => void; reject: (error: unknown) => void }[]>();
  const flushSends = () => {
    const due = sends;
    sends = new Map();
    if (closed) {
      for (const waiting of due.values()) for (const { resolve } of waiting) resolve();
      return;
    }
    const jobs = [...due.keys()].map((vpnId) => ({
      name: LIFECYCLE_QUEUE,
      data: { vpnId } satisfies LifecycleJob,
      singletonKey: vpnId,
    }));
    boss.insert(jobs).then(
      () => {
        if (!paused) for (const id of workerIds) boss.notifyWorker(id);
        for (const waiting of due.values()) for (const { resolve } of waiting) resolve();
      },
      (error: unknown) => {
        for (const waiting of due.values()) for (const { reject } of waiting) reject(error);
      },
    );
  };

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
      // At least MIN_WORKERS workers (when the concurrency allows): a worker takes no job until
      // its whole batch ends, so one slow job holds back its batch's slots, not the others'.
      const concurrency = Math.max(1, tuning.concurrency);
      const workers = Math.max(
        Math.ceil(concurrency / Math.max(1, tuning.batchSize)),
        Math.min(concurrency, MIN_WORKERS),
      );
      const batchSize = Math.ceil(concurrency / workers);
      for (let i = 0; i < workers; i++) {
        workerIds.push(
          await boss.work<LifecycleJob>(
            LIFECYCLE_QUEUE,
            { batchSize, pollingIntervalSeconds: tuning.pollingIntervalSeconds },
            async (jobs) => {
              activeJobs += jobs.length;
              try {
                await runBatch(jobs);
              } finally {
                activeJobs -= jobs.length;
                // Fetch the next jobs at once: pg-boss would wait a polling interval first,
                // which caps a worker at one batch per interval under a burst of VPNs.
                const self = workerIds[i];
                if (jobs.length > 0 && self !== undefined && !paused) boss.notifyWorker(self);
              }
            },
          ),
        );
      }
      started = true;
    },

    send(vpnId) {
      if (!started || closed) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        if (sends.size === 0) setImmediate(flushSends);
        const waiting = sends.get(vpnId) ?? [];
        waiting.push({ resolve, reject });
        sends.set(vpnId, waiting);
      });
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

    running: () => started && !paused && !closed,

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
