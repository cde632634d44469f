/**
 * The work of each state of a VPN's lifecycle (spec §4; lifecycle.ts runs it from durable jobs):
 * Creating -> Created makes the keys, Created -> Provisioning, Provisioning -> Running starts the
 * server through the provisioner, Deprovisioning -> Deleted tears it down. Every change is
 * compare-and-set, so a step may run twice (retries, two processes) without harm.
 *
 * Keys: the client's key pair and the preshared key are made here. The server's key pair is
 * made here too, unless the provisioner makes it where the server runs (`makesServerKeys`, VPN
 * hosts): then the service never holds a server private key, and learns the server's
 * public key from the provision's answer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { VpnState } from '../../core/vpn';
import type { Database } from '../db';
import type { VpnRow } from '../db/schema';
import { PermanentProvisionError, type Provisioner, type ProvisionTarget } from '../provisioners';
import { generateKeyPair, generatePresharedKey } from '../provisioners/keys';
import { findById, TERMINAL_STATES, transition, type NewVpn } from './store';
import { recordEvent } from '../metrics/events';
import { deleteWithUsage } from './usage';
import type { TransitionFn } from './transitionBatch';

/** What a step needs. */
export interface StepContext {
  db: Database;
  provisioner: Provisioner;
  /** Current time, epoch ms. */
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Aborted when the service stops (teardowns of undone work use it, not the step's). */
  shutdown: AbortSignal;
  /**
   * Writes a step's state change (transitionBatch.ts: in bulk with the other VPNs' of the same
   * turn); default store.ts `transition` on `db`, alone.
   */
  transition?: TransitionFn;
}

/** The keys a VPN gets at Creating -> Created (secrets: never logged). */
export function newKeys(provisioner: Pick<Provisioner, 'makesServerKeys'>): Partial<NewVpn> {
  const client = generateKeyPair();
  const server = provisioner.makesServerKeys ? undefined : generateKeyPair();
  return {
    serverPrivateKey: server?.privateKey ?? null,
    serverPublicKey: server?.publicKey ?? null,
    clientPrivateKey: client.privateKey,
    clientPublicKey: client.publicKey,
    presharedKey: generatePresharedKey(),
  };
}

/**
 * The provisioner's view of a VPN with keys (from Created on). With a provisioner that makes the
 * server's keys itself, the server key fields are empty (the service has none).
 * @throws PermanentProvisionError when a key the provisioner needs is missing.
 */
export function provisionTarget(
  row: VpnRow,
  provisioner: Pick<Provisioner, 'makesServerKeys'>,
): ProvisionTarget {
  const { clientPublicKey, presharedKey } = row;
  const serverPrivateKey = row.serverPrivateKey ?? (provisioner.makesServerKeys ? '' : null);
  const serverPublicKey = row.serverPublicKey ?? (provisioner.makesServerKeys ? '' : null);
  if (serverPrivateKey === null || serverPublicKey === null || !clientPublicKey || !presharedKey) {
    throw new PermanentProvisionError('the VPN has no keys');
  }
  return {
    vpnId: row.vpnId,
    region: row.region,
    serverPrivateKey,
    serverPublicKey,
    clientPublicKey,
    presharedKey,
  };
}

/**
 * What a step leaves: true when there is nothing more to do now; else the VPN's row after the
 * step when the step's own change returned it (the next step starts from it without reading the
 * row again), or false when the row must be read again.
 */
export type StepOutcome = boolean | VpnRow;

/**
 * Does the work of `row`'s state (see {@link StepOutcome}). Throws the provisioner's errors (and
 * `signal`'s reason when aborted).
 */
export async function stepVpn(
  context: StepContext,
  row: VpnRow,
  signal: AbortSignal,
): Promise<StepOutcome> {
  const { db, provisioner, now, log } = context;
  const { vpnId, region } = row;
  const change: TransitionFn = context.transition ?? ((...args) => transition(db, ...args));
  switch (row.state as VpnState) {
    case 'Creating': {
      await provisioner.prepare({ vpnId, region }, { signal });
      return (await change(vpnId, ['Creating'], 'Created', now(), newKeys(provisioner))) ?? false;
    }
    case 'Created':
      return (await change(vpnId, ['Created'], 'Provisioning', now())) ?? false;
    case 'Provisioning': {
      const result = await provisioner.provision(provisionTarget(row, provisioner), { signal });
      const at = new Date(now());
      const running = await change(vpnId, ['Provisioning'], 'Running', at.getTime(), {
        endpoint: result.endpoint,
        serverPublicKey: result.serverPublicKey,
        clientAddress: result.clientAddresses.join(', '),
        dns: result.dns.join(', '),
        runningAt: at,
        meteredAt: at,
        meteredIntervals: 0,
        attempts: 0,
      });
      if (running) {
        log.info({ vpnId, region }, 'VPN running');
        recordEvent('vpnRunning', {
          region,
          seconds: (at.getTime() - row.createdAt.getTime()) / 1000,
        });
        return true;
      }
      // Deleted (or its owner) meanwhile: undo what this step set up.
      const current = await findById(db, vpnId);
      if (!current || TERMINAL_STATES.includes(current.state as VpnState)) {
        await provisioner.deprovision(
          { vpnId, region, endpoint: result.endpoint },
          { signal: context.shutdown },
        );
        return true;
      }
      return false;
    }
    case 'Deprovisioning':
      await provisioner.deprovision({ vpnId, region, endpoint: row.endpoint }, { signal });
      // Deleted with its usage over time (spec §1: a deleted VPN's logs are wiped).
      if (await db.transaction((tx) => deleteWithUsage(tx, vpnId, now()))) {
        log.info({ vpnId, region, reason: row.reason }, 'VPN deleted');
        const endedAt = row.endedAt ?? row.updatedAt;
        recordEvent('vpnTerminated', { lagSeconds: Math.max(0, now() - endedAt.getTime()) / 1000 });
      }
      return true;
    default:
      return true; // Running, Paused, Failed, Deleted: nothing to do.
  }
}
