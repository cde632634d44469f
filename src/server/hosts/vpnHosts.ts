/**
 * Which VPN host each VPN is placed on, as recorded in `vpns.host_id` (hostPlacement.ts writes it
 * once, compare-and-set): read from the database in batches and cached, since a placement never
 * changes. Only placed VPNs are cached, so a VPN placed by another service process is seen on the
 * next read.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../db';
import { vpns } from '../db/schema';

/** Largest number of vpnIds read in one statement. */
const BATCH = 500;

/** The recorded host of VPNs, cached per process. */
export class VpnHosts {
  /** vpnId -> hostId (only set values). */
  private readonly known = new Map<string, string>();

  constructor(private readonly db: Database) {}

  /** The recorded host of each of `vpnIds` that has one. @throws the database's error. */
  async hostsOf(vpnIds: readonly string[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    const unknown: string[] = [];
    for (const vpnId of vpnIds) {
      const hostId = this.known.get(vpnId);
      if (hostId) owners.set(vpnId, hostId);
      else unknown.push(vpnId);
    }
    for (let at = 0; at < unknown.length; at += BATCH) {
      const rows = await this.db
        .select({ vpnId: vpns.vpnId, hostId: vpns.hostId })
        .from(vpns)
        .where(inArray(vpns.vpnId, unknown.slice(at, at + BATCH)));
      for (const row of rows) {
        if (row.hostId) {
          this.known.set(row.vpnId, row.hostId);
          owners.set(row.vpnId, row.hostId);
        }
      }
    }
    return owners;
  }

  /** The host of `vpnId` known here without reading the database, or undefined. */
  cached(vpnId: string): string | undefined {
    return this.known.get(vpnId);
  }

  /** Remembers that `vpnId` is recorded on `hostId` (this process just wrote it). */
  remember(vpnId: string, hostId: string): void {
    this.known.set(vpnId, hostId);
  }

  /** The recorded host of `vpnId`, or undefined. @throws the database's error. */
  async hostOf(vpnId: string): Promise<string | undefined> {
    return (await this.hostsOf([vpnId])).get(vpnId);
  }
}
