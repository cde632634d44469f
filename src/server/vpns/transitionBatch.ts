/**
 * State changes of the lifecycle's steps written in bulk (steps.ts): the compare-and-set changes
 * ({@link transition}) asked for in one turn of the event loop that move VPNs between the same
 * states with the same columns are written by one `UPDATE ... FROM jsonb_to_recordset(...)`
 * (each row still only if it is in one of the `from` states, its version bumped), and each caller
 * gets its own VPN's row back, or undefined when its VPN was not in `from`. Under a burst of
 * VPNs, one statement per step of many VPNs instead of one per VPN; alone, the same statement
 * for one. Each kind of change's statement is built once (db/prepared.ts), its rows one JSON
 * parameter.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { VpnState } from '../../core/vpn';
import type { Database } from '../db';
import { vpns, type VpnRow } from '../db/schema';
import { prepared } from '../db/prepared';
import { textsLiteral } from './meterBatchSql';
import { WIPED_SECRETS, type NewVpn } from './store';

/** A compare-and-set state change, as store.ts `transition` without its executor. */
export type TransitionFn = (
  vpnId: string,
  from: readonly VpnState[],
  to: VpnState,
  nowMs: number,
  set?: Partial<NewVpn>,
) => Promise<VpnRow | undefined>;

interface Asked {
  vpnId: string;
  nowMs: number;
  set: Partial<NewVpn>;
  resolve: (row: VpnRow | undefined) => void;
  reject: (error: unknown) => void;
}

interface Group {
  /** `from>to>keys`: the statement's kind. */
  kind: string;
  from: readonly VpnState[];
  to: VpnState;
  /** The `set` keys (the same for every change of the group), sorted. */
  keys: (keyof NewVpn)[];
  asked: Asked[];
}

/** A value of `set` as jsonb_to_recordset reads it back into its column's type. */
function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Makes a {@link TransitionFn} that writes the changes of one turn in bulk on `db`. */
export function transitionBatcher(db: Database): TransitionFn {
  let groups = new Map<string, Group>();

  const write = async (group: Group): Promise<void> => {
    const { from, to, keys, asked } = group;
    const columns = keys.map((key) => vpns[key as keyof typeof vpns.$inferSelect] as PgColumn);
    const records = asked.map((change) => {
      const record: Record<string, unknown> = {
        vpn_id: change.vpnId,
        updated_at: new Date(change.nowMs).toISOString(),
      };
      keys.forEach((key, index) => (record[columns[index].name] = jsonValue(change.set[key])));
      return record;
    });
    const definitions = [
      'vpn_id text',
      'updated_at timestamptz',
      ...columns.map((column) => `"${column.name}" ${column.getSQLType()}`),
    ].join(', ');
    // Built once per kind of change (prepared.ts); the rows are its one parameter.
    const statement = prepared(db, `transition:${group.kind}`, () => {
      const values: Record<string, unknown> = {};
      keys.forEach((key, index) => (values[key] = sql.raw(`v."${columns[index].name}"`)));
      return db
        .update(vpns)
        .set({
          ...values,
          state: to,
          updatedAt: sql`v.updated_at`,
          version: sql`${vpns.version} + 1`,
          ...(to === 'Deleted' || to === 'Failed' ? WIPED_SECRETS : {}),
        })
        .from(
          sql`jsonb_to_recordset(${sql.placeholder('records')}::jsonb) AS v(${sql.raw(definitions)})`,
        )
        .where(and(sql`${vpns.vpnId} = v.vpn_id`, inArray(vpns.state, [...from])))
        .returning();
    });
    // (drizzle types the rows of an update from a SQL source as never: they are `vpns` rows.)
    const rows = (await statement.execute({
      records: JSON.stringify(records),
    })) as unknown as VpnRow[];
    const byId = new Map(rows.map((row) => [row.vpnId, row]));
    for (const change of asked) change.resolve(byId.get(change.vpnId));
  };

  const flush = () => {
    const due = groups;
    groups = new Map();
    for (const group of due.values()) {
      // One change per VPN in a statement: a second one of the same VPN goes in its own.
      const seen = new Set<string>();
      const first: Asked[] = [];
      const again: Asked[] = [];
      for (const change of group.asked) {
        (seen.has(change.vpnId) ? again : first).push(change);
        seen.add(change.vpnId);
      }
      const run = async () => {
        for (const asked of [first, ...again.map((change) => [change])]) {
          if (asked.length === 0) continue;
          await write({ ...group, asked }).catch((error: unknown) => {
            for (const change of asked) change.reject(error);
          });
        }
      };
      void run();
    }
  };

  return (vpnId, from, to, nowMs, set = {}) =>
    new Promise((resolve, reject) => {
      const keys = (Object.keys(set) as (keyof NewVpn)[])
        .filter((key) => set[key] !== undefined)
        .sort();
      const groupKey = `${from.join(',')}>${to}>${keys.join(',')}`;
      let group = groups.get(groupKey);
      if (!group) {
        group = { kind: groupKey, from, to, keys, asked: [] };
        if (groups.size === 0) setImmediate(flush);
        groups.set(groupKey, group);
      }
      group.asked.push({ vpnId, nowMs, set, resolve, reject });
    });
}

/** Reads a VPN's row, as store.ts `findById` without its executor. */
export type FindFn = (vpnId: string) => Promise<VpnRow | undefined>;

/**
 * Makes a {@link FindFn} that reads the rows asked for in one turn of the event loop with one
 * prepared statement (`WHERE vpn_id = ANY($1::text[])`).
 */
export function rowReader(db: Database): FindFn {
  let asked = new Map<string, ((row: VpnRow | undefined, error?: unknown) => void)[]>();
  const flush = () => {
    const due = asked;
    asked = new Map();
    const ids = [...due.keys()];
    prepared(db, 'rowsById', () =>
      db
        .select()
        .from(vpns)
        .where(sql`${vpns.vpnId} = ANY(${sql.placeholder('ids')}::text[])`),
    )
      .execute({ ids: textsLiteral(ids) })
      .then(
        (rows) => {
          const byId = new Map(rows.map((row) => [row.vpnId, row]));
          for (const [vpnId, waiting] of due) for (const done of waiting) done(byId.get(vpnId));
        },
        (error: unknown) => {
          for (const waiting of due.values()) for (const done of waiting) done(undefined, error);
        },
      );
  };
  return (vpnId) =>
    new Promise((resolve, reject) => {
      if (asked.size === 0) setImmediate(flush);
      const waiting = asked.get(vpnId) ?? [];
      waiting.push((row, error) => (error === undefined ? resolve(row) : reject(error)));
      asked.set(vpnId, waiting);
    });
}
