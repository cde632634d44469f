/**
 * Upgrading a VPN host's state from the first versions of `npm run host` (commit
 * 08daf87 up to the one that put `servers` in host-state.json). Those kept each VPN's keys in
 * host-state.json as now, but the `netns` provisioner's allocations (slot, UDP port, address
 * block, byte counters) in a PGlite database in `<DATA_DIR>/pglite` (table `netns_servers`), and
 * named every server with the prefix `pn` (or NETNS_PREFIX), where a host now uses a prefix of
 * its own (`hostNamePrefix`).
 *
 * Started without this, an upgraded host would find no allocation for its VPNs: their servers
 * would keep running under the old names, unmetered, and outlive their deprovision (a deleted
 * VPN still passing traffic), and a new VPN could be given a port they hold. So, on start, before
 * the provisioner reconciles: every allocation of the old database is imported into the state
 * (same slot, port, address block and counters), and when the prefix changed the old servers are
 * stopped and removed, their last byte counts folded in, and the old nft table too once none of
 * its servers is left. The reconciliation then rebuilds each running VPN's server under the new
 * names with the same keys, port and addresses (clients' configs keep working) and removes the
 * servers of VPNs the state no longer has. The old database is removed once imported.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../db';
import { removeHostRules } from '../provisioners/netnsHost';
import { NETNS_DIR, teardownServer } from '../provisioners/netnsServer';
import { prefixOwner } from '../provisioners/netnsLock';
import { slotOfName, storedPlan, type NetnsSettings } from '../provisioners/netnsSettings';
import type { NetnsServerRecord } from '../provisioners/netnsStore';
import { transferBytes } from '../provisioners/uapi';
import type { HostState } from './hostState';

/** Where the first versions kept a `netns` host's allocations. */
export function legacyDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Options of {@link upgradeLegacyState}. */
export interface LegacyUpgradeOptions {
  /** The host's DATA_DIR. */
  dataDir: string;
  /** The host's state, loaded (imported records are added to its `servers`, then saved). */
  state: HostState;
  /** The `netns` settings the host runs with now. */
  settings: NetnsSettings;
  /** The prefix the old version named its servers with (`pn`, or NETNS_PREFIX when set). */
  legacyPrefix: string;
  log?: (msg: string, fields?: object) => void;
}

/** The rows of the old database's `netns_servers` (none when it has no such table). */
async function legacyRecords(dir: string): Promise<NetnsServerRecord[]> {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: path.dirname(dir) });
  try {
    const result = await handle.db.execute(sql`
      SELECT vpn_id, slot, listen_port, network, bytes_base, bytes_seen FROM netns_servers`);
    const rows = rowsOf<Record<string, unknown>>(result);
    return rows.map((row) => ({
      vpnId: String(row.vpn_id),
      slot: Number(row.slot),
      listenPort: Number(row.listen_port),
      network: String(row.network),
      bytesBase: Number(row.bytes_base),
      bytesSeen: Number(row.bytes_seen),
    }));
  } catch (error) {
    if (/netns_servers.*does not exist/.test(String(error))) return [];
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Imports the allocations of a first-version host (see the file's comment); does nothing unless
 * the state file is a first version's (`state.firstVersion`: it has no `servers`, which every
 * save of this version writes) and `<dataDir>/pglite` exists. So a `<dataDir>/pglite` that is
 * not a first-version host's, such as the service's own embedded database when a host is given
 * the service's DATA_DIR, is never opened nor removed, and the import runs once. Idempotent: a
 * record already in the state is kept as it is. Returns the vpnIds imported.
 * @throws Error when the old database cannot be read (the host must not start: it would lose
 *   its VPNs' servers), or when another live process owns the old prefix (netnsLock.ts).
 */
export async function upgradeLegacyState(options: LegacyUpgradeOptions): Promise<string[]> {
  const { state, settings, log } = options;
  const dir = legacyDatabaseDir(options.dataDir);
  if (!state.firstVersion || !fs.existsSync(dir)) return [];
  const records = await legacyRecords(dir);
  const legacy: NetnsSettings = { ...settings, namePrefix: options.legacyPrefix };
  const renamed = options.legacyPrefix !== settings.namePrefix;
  // Its old servers go only when no live process owns their prefix (netnsLock.ts).
  const owner = renamed ? prefixOwner(options.legacyPrefix) : undefined;
  if (owner) {
    throw new Error(
      `Cannot import the first-version servers named '${options.legacyPrefix}': process ` +
        `${owner.pid} runs VPN servers of that NETNS_PREFIX; stop it first`,
    );
  }
  const imported: string[] = [];
  for (const record of records) {
    if (state.servers.has(record.vpnId)) continue;
    const folded = { ...record };
    if (renamed) {
      // Its last count, then the old server goes: the reconciliation builds it under the new name.
      const plan = storedPlan(legacy, record);
      let last = record.bytesSeen;
      try {
        last = Math.max(last, await transferBytes(plan.name));
      } catch {
        // not running: the last reading is all there is
      }
      folded.bytesBase = record.bytesBase + last;
      folded.bytesSeen = 0;
      await teardownServer(legacy, plan);
    }
    // Kept for a VPN of the state; else imported so that the reconciliation removes its server.
    state.servers.set(record.vpnId, folded);
    imported.push(record.vpnId);
  }
  state.save();
  if (renamed) {
    const left = fs.existsSync(NETNS_DIR)
      ? fs.readdirSync(NETNS_DIR).filter((name) => slotOfName(legacy, name) !== undefined)
      : [];
    if (left.length === 0) await removeHostRules(legacy);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  log?.('imported the VPN servers of a first-version host state', {
    servers: imported.length,
    renamed: renamed ? `${options.legacyPrefix} -> ${settings.namePrefix}` : undefined,
  });
  return imported;
}
