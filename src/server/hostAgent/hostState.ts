/**
 * What a VPN host keeps of its own VPNs: `<DATA_DIR>/host-state.json`, private to the
 * host's user (mode 0600), written atomically (a temporary file renamed over the old one). It holds
 * each VPN's WireGuard state only: the server key pair (made here; the private key never leaves
 * the host), the client's public key, the preshared key and where the server listens, and the
 * allocation of each VPN's server on this host (slot, UDP port, address block, byte counters:
 * `servers`, the provisioner's records; a host has no database). No user data, no database
 * credentials.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NetnsServerRecord } from '../provisioners/netnsStore';
import type { ServerInfo } from '../hosts/protocol';

/** One VPN served by this host. Key fields are secrets: never log them. */
export interface HostVpn {
  region: string;
  /** Base64 (secret). */
  serverPrivateKey: string;
  serverPublicKey: string;
  clientPublicKey: string;
  /** Base64 (secret). */
  presharedKey: string;
  /** When this host first started the server, epoch ms (the simulated traffic counts from it). */
  startedAtMs: number;
  /** The server once provisioned (absent while being set up). */
  server?: ServerInfo;
}

/** The host's VPNs by vpnId, persisted in a file. */
export class HostState {
  readonly vpns = new Map<string, HostVpn>();
  /** The provisioner's allocations by vpnId (`netns`: the whole server; `simulated`: its port). */
  readonly servers = new Map<string, NetnsServerRecord>();
  /**
   * True when the file was written by a first version of the host (it has no `servers`: their
   * allocations were in a database, hostLegacy.ts); false when absent or of this version.
   */
  readonly firstVersion: boolean = false;
  private readonly file: string;

  /** Loads `<dataDir>/host-state.json` (empty when absent); creates `dataDir` (mode 0700). */
  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.file = path.join(dataDir, 'host-state.json');
    let text: string | undefined;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      text = undefined;
    }
    if (text !== undefined) {
      const parsed = JSON.parse(text) as {
        vpns?: Record<string, HostVpn>;
        servers?: Record<string, NetnsServerRecord>;
      };
      for (const [vpnId, vpn] of Object.entries(parsed.vpns ?? {})) this.vpns.set(vpnId, vpn);
      for (const [vpnId, record] of Object.entries(parsed.servers ?? {})) {
        this.servers.set(vpnId, record);
      }
      this.firstVersion = parsed.servers === undefined;
    }
  }

  /** The write the callers of {@link saveSoon} in this turn of the event loop wait for. */
  private pendingSave: Promise<void> | undefined;

  /**
   * Writes the state once for every caller in this turn of the event loop (a burst of commands
   * writes the file once, not once per VPN); resolves when written, so a caller answers only
   * what is on disk. @throws the write's error, to every caller of that write.
   */
  saveSoon(): Promise<void> {
    return (this.pendingSave ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.pendingSave = undefined;
        try {
          this.save();
          resolve();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    }));
  }

  /** Writes the state (synchronously, atomically, mode 0600). */
  save(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    const body = JSON.stringify({
      vpns: Object.fromEntries(this.vpns),
      servers: Object.fromEntries(this.servers),
    });
    fs.writeFileSync(temporary, body, { mode: 0o600 });
    fs.renameSync(temporary, this.file);
  }
}
