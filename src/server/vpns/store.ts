/**
 * The `vpns` table (db/schema.ts): reads, the wire shapes of spec §3 and compare-and-set state
 * changes. Every function takes the database or an open transaction (`Executor`); inside a
 * transaction always pass the transaction (PGlite is one connection).
 */
import { and, count, desc, eq, getTableColumns, inArray, is, lt, or, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fromNano, roundPeanuts } from '../../core/peanuts';
import { UNLIMITED_PEANUTS } from '../../core/vpnValidation';
import {
  countsTowardQuota,
  parseVpnId,
  TERMINAL_STATES,
  VPN_STATES,
  WIREGUARD,
  type Vpn,
  type VpnMetricsJson,
  type VpnState,
  type VpnWithMetricsJson,
} from '../../core/vpn';
import { prepared } from '../db/prepared';
import { users, vpns, type VpnRow } from '../db/schema';
import { deadlineOf } from './metering';

/** Query builders of a database or of an open transaction. */
export type Executor = Pick<
  PgDatabase<PgQueryResultHKT>,
  'select' | 'insert' | 'update' | 'delete' | 'execute'
>;

/** States that count toward the quota (spec §4): not Failed, rank at most Running. */
export const QUOTA_STATES: readonly VpnState[] = VPN_STATES.filter(countsTowardQuota);
/** States the lifecycle still has work to do in (resumed on start). */
export const IN_PROGRESS_STATES: readonly VpnState[] = [
  'Creating',
  'Created',
  'Provisioning',
  'Deprovisioning',
];
/** States before Running, while the server is being made. */
export const PROVISIONING_STATES: readonly VpnState[] = ['Creating', 'Created', 'Provisioning'];
/** Terminal states (spec §4), core's list (the lifecycle's queries and the client agree on it). */
export { TERMINAL_STATES };

/** Column values that wipe a VPN's secrets (on Deleted and Failed). */
export const WIPED_SECRETS = {
  serverPrivateKey: null,
  clientPrivateKey: null,
  presharedKey: null,
} as const;

/** The columns of a row {@link toVpn} reads (a list page selects only these). */
export type VpnListRow = Pick<
  VpnRow,
  'vpnId' | 'createdAt' | 'region' | 'state' | 'deleteAfter' | 'maxPeanutsNano'
>;

/** The VPN of a row, as the API answers it (spec §3). */
export function toVpn(row: VpnListRow): Vpn {
  return {
    vpnId: row.vpnId,
    createdAt: row.createdAt.toISOString(),
    region: row.region,
    state: row.state as VpnState,
    config: {
      type: WIREGUARD,
      deleteAfter: row.deleteAfter,
      maxPeanuts: row.maxPeanutsNano === null ? UNLIMITED_PEANUTS : fromNano(row.maxPeanutsNano),
    },
  };
}

/**
 * The metrics of a row at `nowMs` (spec §3): duration in whole seconds of running (up to the
 * end, at most deleteAfter; a Paused VPN's stops at the pause, `updatedAt`, as its metering
 * does: on resume `runningAt` moves forward by the pause), bytes and peanuts charged so far
 * (peanuts rounded to 2 decimals). All null (shown N/A) for a VPN that never ran.
 */
export function metricsOf(row: VpnRow, nowMs: number): VpnMetricsJson {
  if (row.runningAt === null) return { duration: null, bytes: null, peanuts: null };
  const runningAtMs = row.runningAt.getTime();
  const untilMs = row.state === 'Paused' ? row.updatedAt.getTime() : nowMs;
  const endMs = Math.min(
    row.endedAt?.getTime() ?? untilMs,
    deadlineOf(runningAtMs, row.deleteAfter),
  );
  return {
    duration: Math.max(0, Math.floor((endMs - runningAtMs) / 1000)),
    bytes: row.bytes,
    peanuts: roundPeanuts(fromNano(row.consumedNano)),
  };
}

/** `GET /v1/vpns/{vpnId}` body of a row at `nowMs`. */
export function toVpnWithMetrics(row: VpnRow, nowMs: number): VpnWithMetricsJson {
  return { vpn: toVpn(row), metrics: metricsOf(row, nowMs) };
}

/** The VPN `vpnId` when `userSub` owns it. */
export async function findOwned(
  db: Executor,
  userSub: string,
  vpnId: string,
): Promise<VpnRow | undefined> {
  const [row] = await db
    .select()
    .from(vpns)
    .where(and(eq(vpns.vpnId, vpnId), eq(vpns.userSub, userSub)));
  return row;
}

/** The VPN `vpnId`, whoever owns it. */
export async function findById(db: Executor, vpnId: string): Promise<VpnRow | undefined> {
  const [row] = await db.select().from(vpns).where(eq(vpns.vpnId, vpnId));
  return row;
}

/** The VPN `vpnId`, locked until the transaction `tx` ends (`SELECT ... FOR UPDATE`). */
export async function lockVpn(tx: Executor, vpnId: string): Promise<VpnRow | undefined> {
  const [row] = await tx.select().from(vpns).where(eq(vpns.vpnId, vpnId)).for('update');
  return row;
}

/**
 * Locks the user `sub` until the transaction `tx` ends (`SELECT ... FOR UPDATE` on its row):
 * everything that checks or changes a user's balance or VPN count takes this lock first, so
 * those checks are serialised per user. Returns false when the user does not exist.
 */
export async function lockUser(tx: Executor, sub: string): Promise<boolean> {
  const rows = await tx
    .select({ sub: users.sub })
    .from(users)
    .where(eq(users.sub, sub))
    .for('update');
  return rows.length === 1;
}

/** The number of `userSub`'s VPNs that count toward the quota (spec §4). */
export async function countActive(db: Executor, userSub: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vpns)
    .where(and(eq(vpns.userSub, userSub), inArray(vpns.state, [...QUOTA_STATES])));
  return Number(row?.n ?? 0);
}

/** The number of `userSub`'s VPNs, any state. */
export async function countAll(db: Executor, userSub: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vpns).where(eq(vpns.userSub, userSub));
  return Number(row?.n ?? 0);
}

/** The columns of a list page ({@link VpnListRow}): a sixth of a row's, none of its keys. */
const LIST_COLUMNS = {
  vpnId: vpns.vpnId,
  createdAt: vpns.createdAt,
  region: vpns.region,
  state: vpns.state,
  deleteAfter: vpns.deleteAfter,
  maxPeanutsNano: vpns.maxPeanutsNano,
};

/**
 * One page of `userSub`'s VPNs, newest first (by creation time, then id), after the VPN
 * `afterVpnId` (the last of the previous page) when given; `limit` rows at most, with only the
 * columns {@link toVpn} reads; and the number of all of `userSub`'s VPNs (any state, whatever
 * the page), counted by the same statement (an uncorrelated sub-select, run once), or by a
 * second one when the page is empty.
 */
export async function listPage(
  db: Executor,
  userSub: string,
  limit: number,
  afterVpnId?: string,
): Promise<{ rows: VpnListRow[]; total: number }> {
  // Built once per database and kind (first page, or after a VPN) with placeholders (prepared.ts).
  const p = sql.placeholder;
  const statement = prepared(db, afterVpnId === undefined ? 'listPage' : 'listPageAfter', () => {
    const mine = eq(vpns.userSub, p('userSub'));
    const where =
      afterVpnId === undefined
        ? mine
        : and(
            mine,
            or(
              lt(vpns.createdAt, p('after')),
              and(eq(vpns.createdAt, p('after')), lt(vpns.vpnId, p('afterVpnId'))),
            ),
          );
    return db
      .select({
        ...LIST_COLUMNS,
        total:
          sql`(SELECT count(*) FROM vpns AS counted WHERE counted.user_sub = ${p('userSub')})`.mapWith(
            Number,
          ),
      })
      .from(vpns)
      .where(where)
      .orderBy(desc(vpns.createdAt), desc(vpns.vpnId))
      .limit(p('limit'));
  });
  const rows = await statement.execute({
    userSub,
    limit,
    ...(afterVpnId === undefined
      ? {}
      : // (An ISO string: PGlite takes no Date for a placeholder; pg and PGlite agree on these.)
        { after: new Date(parseVpnId(afterVpnId).createdAtMs).toISOString(), afterVpnId }),
  });
  if (rows.length === 0) return { rows: [], total: await countAll(db, userSub) };
  return { rows, total: rows[0].total };
}

/** The values of a new VPN row. */
export type NewVpn = typeof vpns.$inferInsert;

/**
 * The first millisecond not yet taken by a service's VPNs, by region (one map per service, see
 * {@link insertVpn}): a burst of creates in one region starts past the ids it already took
 * instead of trying each taken millisecond again (one insert per VPN instead of one per VPN
 * created before it in the same instant).
 */
export type TakenIds = Map<string, number>;

/**
 * Inserts a new VPN in state Creating. Its id is `<createdAtMs>@<region>`; when another VPN of
 * the same region was created in the same millisecond (by another user), the next free
 * millisecond is taken, so ids stay unique and still read as the creation time. With `taken`,
 * the milliseconds this service took already are skipped without a statement (another
 * process's are found by the insert's conflict, as before).
 */
export async function insertVpn(
  tx: Executor,
  values: VpnToInsert,
  taken: TakenIds = new Map(),
): Promise<VpnRow> {
  const { createdAtMs, ...rest } = values;
  let ms = createdAtMs;
  for (let attempt = 0; attempt < 1000; attempt++, ms++) {
    // Taken as soon as tried: a concurrent create of this service moves on at once (a
    // rolled-back one leaves a gap, never a duplicate).
    ms = Math.max(ms, taken.get(rest.region) ?? 0);
    taken.set(rest.region, ms + 1);
    const at = new Date(ms);
    const [row] = await tx
      .insert(vpns)
      .values({
        ...rest,
        vpnId: `${ms}@${rest.region}`,
        state: 'Creating',
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: vpns.vpnId })
      .returning();
    if (row) return row;
  }
  throw new Error('No free vpnId in a whole second');
}

/** The values of one VPN for {@link insertVpn} and {@link insertVpns}. */
export type VpnToInsert = Omit<NewVpn, 'vpnId' | 'createdAt' | 'updatedAt' | 'state'> & {
  createdAtMs: number;
};

/**
 * A `SELECT` of the rows `rows` (objects keyed by the property names of `vpns`) as
 * `INSERT INTO vpns SELECT` takes them: every column of the table in its order, from one JSON
 * parameter (`jsonb_to_recordset`) for the columns some row has (NULL in a row without it), the
 * column's default (a constant or SQL) or NULL for the others. One parameter however many rows: drizzle's
 * `values(rows)` builds one per column and row, which cost milliseconds of CPU for 50 rows.
 * @throws Error when a NOT NULL column without default is missing from the rows.
 */
function rowsFromJson(rows: readonly Record<string, unknown>[]): SQL {
  const keys = new Set(
    rows.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined)),
  );
  const given: PgColumn[] = [];
  const list = Object.entries(getTableColumns(vpns)).map(([key, column]): SQL => {
    if (keys.has(key)) {
      given.push(column);
      return sql`v.${sql.identifier(column.name)}`;
    }
    if (column.default !== undefined) {
      return is(column.default, SQL) ? column.default : sql`${column.default}`;
    }
    if (column.notNull) throw new Error(`no value for vpns.${column.name}`);
    return sql`NULL`;
  });
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      const column = vpns[key as keyof typeof vpns.$inferSelect] as PgColumn;
      record[column.name] = value instanceof Date ? value.toISOString() : value;
    }
    return record;
  });
  const definitions = given.map((column) => `"${column.name}" ${column.getSQLType()}`).join(', ');
  return sql`SELECT ${sql.join(list, sql`, `)} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS v(${sql.raw(definitions)})`;
}

/**
 * Inserts new VPNs in state Creating with one statement (ids as {@link insertVpn} makes them,
 * skipping the milliseconds in `taken`); one whose id another process took meanwhile is inserted
 * again alone by {@link insertVpn}. Returns the rows in the order of `values`.
 */
export async function insertVpns(
  tx: Executor,
  values: readonly VpnToInsert[],
  taken: TakenIds,
): Promise<VpnRow[]> {
  if (values.length === 0) return [];
  const planned = values.map(({ createdAtMs, ...rest }) => {
    const ms = Math.max(createdAtMs, taken.get(rest.region) ?? 0);
    taken.set(rest.region, ms + 1);
    const at = new Date(ms);
    return {
      ...rest,
      vpnId: `${ms}@${rest.region}`,
      state: 'Creating',
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await tx
    .insert(vpns)
    .select(rowsFromJson(planned))
    .onConflictDoNothing({ target: vpns.vpnId })
    .returning();
  const byId = new Map(inserted.map((row) => [row.vpnId, row]));
  const rows: VpnRow[] = [];
  for (const [index, plan] of planned.entries()) {
    rows.push(byId.get(plan.vpnId) ?? (await insertVpn(tx, values[index], taken)));
  }
  return rows;
}

/**
 * Moves `vpnId` from one of `from` to `to` (compare-and-set), bumping its version, with the extra
 * column values `set`; returns the updated row, or undefined when the VPN is not in `from`
 * (someone else moved it first) or does not exist.
 */
export async function transition(
  db: Executor,
  vpnId: string,
  from: readonly VpnState[],
  to: VpnState,
  nowMs: number,
  set: Partial<NewVpn> = {},
): Promise<VpnRow | undefined> {
  const [row] = await db
    .update(vpns)
    .set({
      ...set,
      state: to,
      updatedAt: new Date(nowMs),
      version: sql`${vpns.version} + 1`,
      ...(to === 'Deleted' || to === 'Failed' ? WIPED_SECRETS : {}),
    })
    .where(and(eq(vpns.vpnId, vpnId), inArray(vpns.state, [...from])))
    .returning();
  return row;
}

/**
 * Sets `vpnId`'s maxPeanutsNano and/or deleteAfter (an extension) if it is in one of `states`,
 * without bumping its version (not a change of state: a metering pass that planned from the
 * row before still writes it, and the caller holds the owner's lock, so none is planning).
 * Returns the updated row, or undefined when the VPN is not in `states`.
 */
export async function updateConfig(
  tx: Executor,
  vpnId: string,
  states: readonly VpnState[],
  set: Partial<Pick<NewVpn, 'maxPeanutsNano' | 'deleteAfter'>>,
): Promise<VpnRow | undefined> {
  const [row] = await tx
    .update(vpns)
    .set(set)
    .where(and(eq(vpns.vpnId, vpnId), inArray(vpns.state, [...states])))
    .returning();
  return row;
}
