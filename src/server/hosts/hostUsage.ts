/**
 * The byte counters VPN hosts report, kept in the database (table
 * `vpn_reported_bytes`): the highest cumulative counter each VPN's own host reported, so that
 * every service process meters from the last report at once (one that just started, or a
 * process of a fleet that did not hear the report), not from the bytes already charged.
 *
 * - {@link recordReportedBytes}: one statement per usage report, only for the VPNs placed on the
 *   reporting host (and not ended), never lowering a counter (`GREATEST`). Every service process
 *   hears every report and may run it: the second one changes nothing.
 * - Host faults: a faulty or hostile host must not move money. A counter that grew
 *   faster than `HOST_MAX_BYTES_PER_S` over the time since the VPN's last accepted report (the
 *   counter's last growth, else since the VPN became Running: a backlog after a reconnect is
 *   judged over the whole gap), or that went backwards, is refused: the counter is left as it
 *   was (those bytes are never charged; the time still is), and the fault is counted on the
 *   host's row (`vpn_hosts.fault_count`, `last_fault_at`, `last_fault`) once per refused counter
 *   (`vpn_reported_bytes.refused_bytes`), however many processes hear it or the host repeats it.
 *   The metering caps every charge anyway (metering.ts "Caps").
 * - {@link ReportedBytesReader}: the counters of the VPNs asked for in one turn of the event loop
 *   (the metering asks for a batch of VPNs at once), read in one query.
 */
import type { FastifyBaseLogger } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db';
import { vpnReportedBytes } from '../db/schema';
import { TERMINAL_STATES } from '../vpns/store';
import { DEFAULT_MAX_BYTES_PER_S } from './settings';

/** One VPN's cumulative counter in a report: bytes both directions since its server started. */
export interface ReportedBytes {
  vpnId: string;
  bytes: number;
}

/** The states of an ended VPN, as an SQL list. */
const ENDED = sql.join(
  TERMINAL_STATES.map((state) => sql`${state}`),
  sql`, `,
);

/** A usage report's counter refused as a host fault (see the module comment). */
export interface HostFault {
  vpnId: string;
  /** The counter reported, bytes. */
  bytes: number;
  /** The last accepted counter, bytes (0 before any). */
  acceptedBytes: number;
  /** Seconds since the last accepted report (or since the VPN became Running). */
  seconds: number;
  /** Why: grew faster than allowed, or went backwards. */
  kind: 'too fast' | 'backwards';
}

/** What recording a usage report did. */
export interface RecordedReport {
  /** The VPNs whose counter grew, and the new counters (bytes). */
  grown: Map<string, number>;
  /** The counters refused as faults, counted now (each refused counter is counted once). */
  faults: HostFault[];
}

/**
 * Records host `hostId`'s usage report `entries` in one statement: for each VPN placed on
 * `hostId` (`vpns.host_id`) and not Deleted or Failed, a counter that grew by at most
 * `maxBytesPerS` (bytes per second, `HOST_MAX_BYTES_PER_S`) per second since the last accepted
 * report becomes the recorded one; one that grew faster or went backwards is refused and counted
 * as a fault of the host (see the module comment). Entries about other VPNs (another host's,
 * unknown, ended) change nothing. Duplicate entries count once (the highest).
 * @throws the database's error (nothing is written then).
 */
export async function recordReportedBytes(
  db: Database,
  hostId: string,
  entries: readonly ReportedBytes[],
  maxBytesPerS: number = DEFAULT_MAX_BYTES_PER_S,
): Promise<RecordedReport> {
  const highest = new Map<string, number>();
  for (const { vpnId, bytes } of entries) {
    highest.set(vpnId, Math.max(bytes, highest.get(vpnId) ?? 0));
  }
  if (highest.size === 0) return { grown: new Map(), faults: [] };
  // Sorted: concurrent writers (every service process hears the report) lock rows in one order.
  const report = JSON.stringify(
    [...highest]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([vpn_id, bytes]) => ({ vpn_id, bytes })),
  );
  const result = await db.execute(sql`
    WITH judged AS (
      SELECT report.vpn_id, report.bytes, coalesce(recorded.bytes, 0) AS accepted,
        greatest(0, extract(epoch FROM now() - coalesce(recorded.reported_at, vpns.running_at,
                                                        vpns.created_at)))::float8 AS seconds,
        coalesce(recorded.reported_at, vpns.running_at, vpns.created_at) AS since
      FROM jsonb_to_recordset(${report}::jsonb) AS report(vpn_id text, bytes numeric)
      JOIN vpns ON vpns.vpn_id = report.vpn_id
      LEFT JOIN vpn_reported_bytes recorded ON recorded.vpn_id = report.vpn_id
      WHERE vpns.host_id = ${hostId} AND vpns.state NOT IN (${ENDED})
    ), verdict AS (
      SELECT judged.*,
        CASE WHEN bytes < accepted THEN 'backwards'
             WHEN bytes - accepted > ${maxBytesPerS}::float8 * seconds
               OR bytes > 9000000000000000000 THEN 'too fast' END AS fault
      FROM judged
    ), accepted AS (
      INSERT INTO vpn_reported_bytes AS recorded (vpn_id, bytes, reported_at)
      SELECT vpn_id, bytes::bigint, now() FROM verdict
       WHERE fault IS NULL AND bytes > accepted
       ORDER BY vpn_id
      ON CONFLICT (vpn_id) DO UPDATE
         SET bytes = GREATEST(recorded.bytes, excluded.bytes), reported_at = excluded.reported_at
       WHERE recorded.bytes < excluded.bytes
      RETURNING vpn_id, bytes
    ), refused AS (
      -- Counted once per refused counter: a repeat, or another process, finds it recorded.
      INSERT INTO vpn_reported_bytes AS recorded (vpn_id, bytes, reported_at, refused_bytes)
      SELECT vpn_id, accepted::bigint, since, least(bytes, 9000000000000000000)::bigint
        FROM verdict WHERE fault IS NOT NULL
       ORDER BY vpn_id
      ON CONFLICT (vpn_id) DO UPDATE SET refused_bytes = excluded.refused_bytes
       WHERE recorded.refused_bytes IS DISTINCT FROM excluded.refused_bytes
      RETURNING vpn_id
    ), faults AS (
      SELECT verdict.* FROM verdict JOIN refused ON refused.vpn_id = verdict.vpn_id
    ), counted AS (
      UPDATE vpn_hosts SET fault_count = fault_count + (SELECT count(*) FROM faults),
        last_fault_at = now(),
        last_fault = (SELECT 'VPN ' || vpn_id || ': ' || CASE fault
                   WHEN 'backwards' THEN 'counter went backwards from ' || accepted || ' to '
                                         || bytes || ' bytes'
                   ELSE 'counter grew ' || (bytes - accepted) || ' bytes in '
                        || round(seconds::numeric, 3) || ' s' END
                 FROM faults ORDER BY vpn_id DESC LIMIT 1)
      WHERE host_id = ${hostId} AND EXISTS (SELECT 1 FROM faults)
    )
    SELECT vpn_id, bytes::float8 AS bytes, NULL::text AS fault, NULL::float8 AS accepted,
           NULL::float8 AS seconds
      FROM accepted
    UNION ALL
    SELECT vpn_id, bytes::float8, fault, accepted::float8, seconds FROM faults`);
  const rows = rowsOf<{
    vpn_id: string;
    bytes: string | number;
    fault: HostFault['kind'] | null;
    accepted: number | null;
    seconds: number | null;
  }>(result);
  const grown = new Map<string, number>();
  const faults: HostFault[] = [];
  for (const row of rows) {
    if (row.fault === null) grown.set(row.vpn_id, Number(row.bytes));
    else {
      faults.push({
        vpnId: row.vpn_id,
        bytes: Number(row.bytes),
        acceptedBytes: Number(row.accepted),
        seconds: Math.round(Number(row.seconds) * 1000) / 1000,
        kind: row.fault,
      });
    }
  }
  return { grown, faults };
}

/** What a {@link UsageRecorder} needs. */
export interface UsageRecorderOptions {
  db: Database;
  /** `HOST_MAX_BYTES_PER_S`, bytes per second. */
  maxBytesPerS: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * A service process's recording of its hosts' usage reports: each report's changed counters in
 * one statement ({@link recordReportedBytes}); the last counter judged per VPN is kept so that a
 * repeated report writes nothing, and each fault it counted is logged (warn).
 */
export class UsageRecorder {
  /** vpnId -> the last counter this process judged: not written again. */
  private readonly judged = new Map<string, number>();

  constructor(private readonly options: UsageRecorderOptions) {}

  /**
   * Records host `hostId`'s counters `entries`, all of VPNs placed on it (the caller checked).
   * @throws the database's error.
   */
  async record(hostId: string, entries: readonly ReportedBytes[]): Promise<void> {
    // A changed counter: grown, or gone backwards (a fault, judged by the statement).
    const changed = entries.filter(({ vpnId, bytes }) => bytes !== (this.judged.get(vpnId) ?? 0));
    if (changed.length === 0) return;
    // The database checks the host again, never lowers a counter and refuses a fault.
    const { db, maxBytesPerS, log } = this.options;
    const report = await recordReportedBytes(db, hostId, changed, maxBytesPerS);
    // Judged (recorded, refused, or a repeat): the same counter again writes nothing.
    for (const { vpnId, bytes } of changed) this.judged.set(vpnId, bytes);
    for (const fault of report.faults) {
      log?.warn({ hostId, ...fault }, 'usage report refused: host fault');
    }
  }

  /** Forgets VPN `vpnId` (deprovisioned). */
  forget(vpnId: string): void {
    this.judged.delete(vpnId);
  }
}

/** The recorded counters of `vpnIds` (absent: no report recorded yet). */
export async function readReportedBytes(
  db: Database,
  vpnIds: readonly string[],
): Promise<Map<string, number>> {
  const counters = new Map<string, number>();
  for (let at = 0; at < vpnIds.length; at += 500) {
    const rows = await db
      .select({ vpnId: vpnReportedBytes.vpnId, bytes: vpnReportedBytes.bytes })
      .from(vpnReportedBytes)
      .where(inArray(vpnReportedBytes.vpnId, vpnIds.slice(at, at + 500)));
    for (const row of rows) counters.set(row.vpnId, row.bytes);
  }
  return counters;
}

/** A caller waiting for a counter. */
interface Waiting {
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads recorded counters, the VPNs asked for in one turn of the event loop in one query (the
 * metering asks for many at once).
 */
export class ReportedBytesReader {
  private batch: Map<string, Waiting[]> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * The recorded counter of `vpnId` in bytes (0 before any report).
   * @throws the database's error.
   */
  bytes(vpnId: string): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      let batch = this.batch;
      if (!batch) {
        const started = new Map<string, Waiting[]>();
        this.batch = batch = started;
        setImmediate(() => {
          this.batch = undefined;
          void this.read(started);
        });
      }
      const waiting = batch.get(vpnId) ?? [];
      waiting.push({ resolve, reject });
      batch.set(vpnId, waiting);
    });
  }

  private async read(batch: Map<string, Waiting[]>): Promise<void> {
    try {
      const counters = await readReportedBytes(this.db, [...batch.keys()]);
      for (const [vpnId, waiting] of batch) {
        for (const one of waiting) one.resolve(counters.get(vpnId) ?? 0);
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const one of waiting) one.reject(error);
    }
  }
}
