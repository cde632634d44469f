/**
 * The `netns` provisioner's rows (`netns_servers`): allocation of a slot, listen port and address
 * block per VPN in the database, so that neither two VPNs nor two server processes on one
 * database can get the same (every column is unique; a lost race retries with another slot);
 * and the byte counters that keep usage exact across wireguard-go restarts. A VPN host (issue
 * 18), which has no database, keeps the same records in its state file
 * ({@link memoryAllocations}); the provisioner sees either through {@link NetnsAllocations}.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { netnsServers, type NetnsServerRow } from '../db/schema';
import { netnsCapacity, serverPlan, type NetnsSettings } from './netnsSettings';
import { PermanentProvisionError } from './types';

/** Attempts at taking a free slot before giving up (each loses only to a concurrent taker). */
const ALLOCATION_ATTEMPTS = 20;

/** The row of `vpnId`, or undefined. */
export async function findServer(db: Database, vpnId: string): Promise<NetnsServerRow | undefined> {
  const [row] = await db.select().from(netnsServers).where(eq(netnsServers.vpnId, vpnId));
  return row;
}

/** Every row. */
export function allServers(db: Database): Promise<NetnsServerRow[]> {
  return db.select().from(netnsServers);
}

/**
 * The allocation of `vpnId`: the existing one, else a new one in a free slot (a random one of
 * the lowest free ones, so that concurrent allocations seldom collide).
 * @throws PermanentProvisionError when every slot of the settings is taken.
 */
export async function allocateServer(
  db: Database,
  settings: NetnsSettings,
  vpnId: string,
): Promise<NetnsServerRow> {
  const capacity = netnsCapacity(settings);
  for (let attempt = 0; attempt < ALLOCATION_ATTEMPTS; attempt++) {
    const existing = await findServer(db, vpnId);
    if (existing) return existing;
    const taken = await db
      .select({ slot: netnsServers.slot, listenPort: netnsServers.listenPort })
      .from(netnsServers);
    const takenSlots = new Set(taken.map((row) => row.slot));
    const takenPorts = new Set(taken.map((row) => row.listenPort));
    const slots: number[] = [];
    for (let slot = 0; slot < capacity && slots.length < 16; slot++) {
      if (!takenSlots.has(slot) && !takenPorts.has(settings.firstPort + slot)) slots.push(slot);
    }
    if (slots.length === 0) {
      throw new PermanentProvisionError(`no free VPN server slot (all ${capacity} are taken)`);
    }
    const slot = slots[Math.floor(Math.random() * slots.length)];
    const plan = serverPlan(settings, slot);
    const [inserted] = await db
      .insert(netnsServers)
      .values({
        vpnId,
        slot,
        listenPort: plan.listenPort,
        network: plan.network,
        network6: plan.ipv6?.network ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return inserted;
  }
  throw new Error('could not allocate a VPN server slot: too many concurrent allocations');
}

/** Records the byte counters of `vpnId`'s server. */
export async function saveCounters(
  db: Database,
  vpnId: string,
  counters: { bytesBase: number; bytesSeen: number },
): Promise<void> {
  await db.update(netnsServers).set(counters).where(eq(netnsServers.vpnId, vpnId));
}

/** Forgets the allocation of `vpnId` (its server is gone). */
export async function releaseServer(db: Database, vpnId: string): Promise<void> {
  await db.delete(netnsServers).where(eq(netnsServers.vpnId, vpnId));
}

/**
 * What the provisioner keeps of one VPN's server (a `netns_servers` row, or a host's record).
 * `network6`, its /124 of WG_ADDRESSES6, is null or absent for a server allocated before IPv6
 * (a host's record of a previous version): that VPN stays IPv4-only.
 */
export type NetnsServerRecord = Pick<
  NetnsServerRow,
  'vpnId' | 'slot' | 'listenPort' | 'network' | 'bytesBase' | 'bytesSeen'
> & { network6?: string | null };

/**
 * Where the provisioner keeps its allocations and counters: the application's database (the
 * service, {@link databaseAllocations}) or a VPN host's own state file (a host has no
 * database, {@link memoryAllocations}). Same contract as the functions above.
 */
export interface NetnsAllocations {
  find(vpnId: string): Promise<NetnsServerRecord | undefined>;
  all(): Promise<NetnsServerRecord[]>;
  /** @throws PermanentProvisionError when every slot is taken. */
  allocate(settings: NetnsSettings, vpnId: string): Promise<NetnsServerRecord>;
  saveCounters(vpnId: string, counters: { bytesBase: number; bytesSeen: number }): Promise<void>;
  release(vpnId: string): Promise<void>;
}

/** The allocations in the application's database (`netns_servers`). */
export function databaseAllocations(db: Database): NetnsAllocations {
  return {
    find: (vpnId) => findServer(db, vpnId),
    all: () => allServers(db),
    allocate: (settings, vpnId) => allocateServer(db, settings, vpnId),
    saveCounters: (vpnId, counters) => saveCounters(db, vpnId, counters),
    release: (vpnId) => releaseServer(db, vpnId),
  };
}

/**
 * Allocations held in `records` (by vpnId), for one process alone (a VPN host): the lowest free
 * slot whose port is free too; `persist` is called after every allocation or release (the host
 * writes its state file synchronously, so a change is on disk before the caller goes on) and
 * of `bytesBase` (a daemon replaced), and `persistCounters` after a change of `bytesSeen` alone,
 * the last reading (default `persist`; a host saves those once per round of usage reads).
 */
export function memoryAllocations(
  records: Map<string, NetnsServerRecord>,
  persist: () => void,
  persistCounters: () => void = persist,
): NetnsAllocations {
  return {
    find: (vpnId) => Promise.resolve(records.get(vpnId)),
    all: () => Promise.resolve([...records.values()]),
    allocate(settings, vpnId) {
      const existing = records.get(vpnId);
      if (existing) return Promise.resolve(existing);
      const capacity = netnsCapacity(settings);
      const takenSlots = new Set([...records.values()].map((record) => record.slot));
      const takenPorts = new Set([...records.values()].map((record) => record.listenPort));
      for (let slot = 0; slot < capacity; slot++) {
        // The slot's port (serverPlan's listenPort) first: a plan (its addresses as text) is
        // made only for the free slot, not for every taken one before it.
        if (takenSlots.has(slot) || takenPorts.has(settings.firstPort + slot)) continue;
        const plan = serverPlan(settings, slot);
        const record = {
          vpnId,
          slot,
          listenPort: plan.listenPort,
          network: plan.network,
          network6: plan.ipv6?.network ?? null,
          bytesBase: 0,
          bytesSeen: 0,
        };
        records.set(vpnId, record);
        persist();
        return Promise.resolve(record);
      }
      return Promise.reject(
        new PermanentProvisionError(`no free VPN server slot (all ${capacity} are taken)`),
      );
    },
    saveCounters(vpnId, counters) {
      const record = records.get(vpnId);
      if (record) {
        records.set(vpnId, { ...record, ...counters });
        if (counters.bytesBase !== record.bytesBase) persist();
        else persistCounters();
      }
      return Promise.resolve();
    },
    release(vpnId) {
      if (records.delete(vpnId)) persist();
      return Promise.resolve();
    },
  };
}
