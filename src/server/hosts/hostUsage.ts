/**
 * The byte counters VPN hosts report, kept in the database (issue 18; table
 * `vpn_reported_bytes`): the highest cumulative counter each VPN's own host reported, so that
 * every service process meters from the last report at once (one that just started, or a
 * process of a fleet that did not hear the report), not from the bytes already charged.
 *
 * - {@link recordReportedBytes}: one statement per usage report, only for the VPNs placed on the
 *   reporting host (and not ended), never lowering a counter (`GREATEST`). Every service process
 *   hears every report and may run it: the second one changes nothing.
 * - {@link ReportedBytesReader}: the counters of the VPNs asked for in one turn of the event loop
 *   (the metering asks for a batch of VPNs at once), read in one query.
 */
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db';
import { vpnReportedBytes } from '../db/schema';
import { TERMINAL_STATES } from '../vpns/store';

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

/**
 * Records host `hostId`'s usage report `entries` in one statement: for each VPN placed on
 * `hostId` (`vpns.host_id`) and not Deleted or Failed, the counter becomes the greatest of the
 * recorded and the reported one. Entries about other VPNs (another host's, unknown, ended) change
 * nothing. Duplicate entries count once (the highest). Returns the VPNs whose counter grew.
 * @throws the database's error (nothing is written then).
 */
export async function recordReportedBytes(
  db: Database,
  hostId: string,
  entries: readonly ReportedBytes[],
): Promise<Map<string, number>> {
  const highest = new Map<string, number>();
  for (const { vpnId, bytes } of entries) {
    highest.set(vpnId, Math.max(bytes, highest.get(vpnId) ?? 0));
  }
  if (highest.size === 0) return new Map();
  // Sorted: concurrent writers (every service process hears the report) lock rows in one order.
  const report = JSON.stringify(
    [...highest]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([vpn_id, bytes]) => ({ vpn_id, bytes })),
  );
  const result = await db.execute(sql`
    INSERT INTO vpn_reported_bytes AS recorded (vpn_id, bytes, reported_at)
    SELECT report.vpn_id, report.bytes, now()
      FROM jsonb_to_recordset(${report}::jsonb) AS report(vpn_id text, bytes bigint)
      JOIN vpns ON vpns.vpn_id = report.vpn_id
     WHERE vpns.host_id = ${hostId} AND vpns.state NOT IN (${ENDED})
     ORDER BY report.vpn_id
    ON CONFLICT (vpn_id) DO UPDATE
       SET bytes = GREATEST(recorded.bytes, excluded.bytes), reported_at = excluded.reported_at
     WHERE recorded.bytes < excluded.bytes
    RETURNING vpn_id, bytes`);
  return new Map(
    rowsOf<{ vpn_id: string; bytes: string | number }>(result).map((row) => [
      row.vpn_id,
      Number(row.bytes),
    ]),
  );
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
