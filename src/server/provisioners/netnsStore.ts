/**
 * The `netns` provisioner's rows (`netns_servers`): allocation of a slot, listen port and address
 * block per VPN in the database, so that neither two VPNs nor two server processes on one
 * database can get the same (every column is unique; a lost race retries with another slot);
 * and the byte counters that keep usage exact across wireguard-go restarts.
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
      .values({ vpnId, slot, listenPort: plan.listenPort, network: plan.network })
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
