/**
 * The VPN host role (docs/architecture.md "VPN hosts"): a process on a VPN host that serves the
 * regions of `HOST_REGIONS` with a local provisioner (`simulated` or `netns`), driven by the
 * service over NATS JetStream. It holds no database credentials and no database: only its own
 * VPNs' WireGuard state and its servers' allocations (hostState.ts, a file in `DATA_DIR`).
 * Several hosts may run on one machine, each in a network namespace of its own (`nsenter
 * --net=...`; docs/hosts.md): their servers' names differ (hostNamePrefix), and
 * each one's ports, addresses and nft table live in its own namespace.
 *
 * - Commands arrive on `peanut.deliver.<HOST_ID>` from the durable consumer `host-<HOST_ID>`
 *   (the service creates it); each is acked once done and answered on `.result`, so a command
 *   sent while the host was down is done when it is back. Commands of one VPN run in order, those
 *   of different VPNs at once; each is idempotent per vpnId.
 * - The server's key pair is made here; only the public key, endpoint and port are answered.
 * - Every `heartbeatMs`: a heartbeat (regions, capacity, the VPNs alive) and the cumulative byte
 *   counters of every VPN.
 * - On start, a first-version state is upgraded (hostLegacy.ts), the servers of the saved state
 *   are re-adopted (`netns`: restarted when dead, with the same keys and port, so clients'
 *   configs keep working), whatever of ours belongs to no VPN of the state is removed, and the
 *   first heartbeat has a new bootId: the service then lists this host's live set (`list-live`)
 *   and deprovisions what it no longer has.
 * - On stop, the servers keep running (a restart re-adopts them); once the host has no VPN left,
 *   its nft table goes too.
 */
import { randomUUID } from 'node:crypto';
import type { Msg, NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { safeMessage } from '../logger';
import {
  createNetnsProvisioner,
  primaryAddress,
  type NetnsProvisionerOptions,
} from '../provisioners/netns';
import { removeHostRules } from '../provisioners/netnsHost';
import { hostNamePrefix, NETNS_DEFAULTS } from '../provisioners/netnsSettings';
import { memoryAllocations } from '../provisioners/netnsStore';
import { netnsMountsPrivate } from '../provisioners/netnsSystem';
import { createSimulatedProvisioner } from '../provisioners/simulated';
import {
  PermanentProvisionError,
  type Provisioner,
  type ProvisionTarget,
} from '../provisioners/types';
import { generateKeyPair } from '../provisioners/keys';
import { upgradeLegacyState } from './hostLegacy';
import { createHostMetrics, type HostMetrics } from './hostMetrics';
import { HostState, type HostVpn } from './hostState';
import { KeyedChains } from './keyedChains';
import { endpointOf, simulatedPorts } from './endpoints';
import { connectNats, drainOrClose, redactedUrl } from '../hosts/natsConnect';
import {
  decodeCommandMessage,
  MAX_BATCH_COMMANDS,
  PROTOCOL_VERSION,
  deliverSubject,
  encode,
  reportSubject,
  type Heartbeat,
  type HostCommand,
  type HostResult,
  type ProvisionCommand,
  type ResultBatch,
  type ServerInfo,
  type UsageReport,
} from '../hosts/protocol';
import type { HostAgentSettings } from '../hosts/settings';

/** A line logger (never given keys). */
export type HostLog = (level: 'info' | 'warn' | 'error', msg: string, fields?: object) => void;

/** A {@link HostLog} writing through the pino logger `logger` (JSON lines, `LOG_LEVEL`). */
export function pinoHostLog(logger: Logger): HostLog {
  return (level, msg, fields) => logger[level](fields ?? {}, msg);
}

/** Why a `netns` host refuses to start under `ip netns exec` (see netnsMountsPrivate). */
export const PRIVATE_MOUNTS_MESSAGE =
  'PROVISIONER=netns cannot run in a private mount namespace (as `ip netns exec` makes): the ' +
  "namespaces of this host's VPNs would be seen by no one else and lost on a restart. Start " +
  'the host in its network namespace with `nsenter --net=/var/run/netns/<name> -- npm run host`';

/** How often a command message still running is said to be in progress, ms (the ack wait is 30 s). */
const WORKING_MS = 10_000;

/** A running VPN host. */
export class HostAgent {
  private nc: NatsConnection | undefined;
  private subscription: Subscription | undefined;
  private timer: NodeJS.Timeout | undefined;
  private provisioner!: Provisioner;
  private endpointHost!: string;
  private state!: HostState;
  /** The tail of each VPN's command chain. */
  private readonly chains = new KeyedChains();
  private readonly bootId = randomUUID();
  private stopped = false;
  /** False from a NATS disconnection until the reconnection. */
  private natsConnected = true;
  /** Byte counters changed in the state since it was last saved. */
  private countersChanged = false;
  /**
   * Results of this turn to answer together ({@link ResultBatch}, protocol version 3), with the
   * callbacks of the commands that await their publication; undefined when none waits.
   */
  private resultOutbox: { result: HostResult; published: () => void }[] | undefined;

  /** Its Prometheus metrics (hostMetrics.ts). */
  readonly metrics: HostMetrics;

  constructor(
    private readonly settings: HostAgentSettings,
    private readonly log: HostLog,
  ) {
    this.metrics = createHostMetrics(settings.regions, () =>
      this.state ? [...this.state.vpns.values()].filter((vpn) => vpn.server).length : 0,
    );
  }

  /** What is down (`/readyz` of the health server): the NATS connection; empty when serving. */
  problems(): Record<string, string> {
    if (this.stopped) return { nats: 'stopping' };
    if (!this.nc || this.nc.isClosed() || !this.natsConnected) return { nats: 'not connected' };
    return {};
  }

  /** Loads the state, re-adopts its servers, connects and starts serving. */
  async start(): Promise<void> {
    const { settings } = this;
    const state = new HostState(settings.dataDir);
    this.state = state;
    const allocations = memoryAllocations(
      state.servers,
      // Written with the other changes of this turn (a burst of allocations writes once); the
      // command that allocated awaits its own write of the VPN before it answers.
      () => {
        state
          .saveSoon()
          .catch((error: unknown) =>
            this.log('error', 'saving the host state failed', { err: safeMessage(error) }),
          );
      },
      () => (this.countersChanged = true), // readings: saved after each round of usage reads
    );
    if (settings.provisioner === 'netns') {
      if (netnsMountsPrivate()) throw new Error(PRIVATE_MOUNTS_MESSAGE);
      this.provisioner = createNetnsProvisioner({
        allocations,
        settings: settings.netns,
        log: this.provisionerLog(),
        dataDir: settings.dataDir, // its default WG_ADDRESSES6
      });
      // A state of the first versions: allocations in <DATA_DIR>/pglite, servers named `pn...`.
      await upgradeLegacyState({
        dataDir: settings.dataDir,
        state,
        settings: settings.netns,
        legacyPrefix:
          settings.netns.namePrefix === hostNamePrefix(settings.hostId)
            ? NETNS_DEFAULTS.prefix
            : settings.netns.namePrefix,
        log: (msg, fields) => this.log('info', msg, fields),
      });
    } else {
      this.provisioner = createSimulatedProvisioner({
        stepMs: settings.simulatedStepMs,
        ports: simulatedPorts(allocations, settings),
      });
      // Ports of VPNs this host no longer has (stopped between allocating and saving the VPN).
      for (const vpnId of [...state.servers.keys()]) {
        if (!state.vpns.has(vpnId)) await allocations.release(vpnId);
      }
    }
    this.endpointHost = settings.endpointHost ?? (await primaryAddress());
    const vpns = [...state.vpns];
    await this.provisioner.reconcile?.({
      running: vpns.filter(([, vpn]) => vpn.server).map(([id, vpn]) => this.target(id, vpn)),
      inProgress: vpns.filter(([, vpn]) => !vpn.server).map(([vpnId]) => vpnId),
    });
    this.log('info', 'connecting to NATS', { url: redactedUrl(settings.nats.url) });
    const nc = await connectNats(settings.nats, `peanut-host ${settings.hostId}`);
    this.nc = nc;
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') this.natsConnected = false;
        if (status.type === 'reconnect') this.natsConnected = true;
      }
    })();
    this.subscription = nc.subscribe(deliverSubject(settings.hostId), {
      callback: (error, msg) => {
        if (error) this.log('error', 'command subscription failed', { err: error.message });
        else this.onCommand(msg);
      },
    });
    await nc.flush();
    this.beat();
    this.timer = setInterval(() => this.beat(), settings.heartbeatMs);
    this.log('info', 'VPN host serving', {
      hostId: settings.hostId,
      regions: settings.regions,
      provisioner: this.provisioner.name,
      vpns: this.state.vpns.size,
    });
  }

  /**
   * Stops serving (the servers keep running: a restart re-adopts them; with none left, the
   * `netns` nft table of this host's namespace is removed) and releases its prefix's lock.
   * Idempotent.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
    await this.chains.settled();
    await drainOrClose(this.nc);
    if (this.countersChanged) this.state.save();
    if (this.settings.provisioner === 'netns' && this.state.servers.size === 0) {
      await removeHostRules(this.settings.netns).catch((error: unknown) =>
        this.log('warn', 'could not remove the nft table', { err: safeMessage(error) }),
      );
    }
    await this.provisioner?.close?.(); // the lock of its NETNS_PREFIX (netnsLock.ts)
  }

  /** The `netns` provisioner's logger (object then message, as pino's). */
  private provisionerLog(): NetnsProvisionerOptions['log'] {
    const line =
      (level: 'info' | 'warn') =>
      (fields: unknown, msg?: unknown): void =>
        this.log(level, typeof msg === 'string' ? msg : '', fields as object);
    return { info: line('info'), warn: line('warn') } as NetnsProvisionerOptions['log'];
  }

  private target(vpnId: string, vpn: HostVpn): ProvisionTarget {
    return {
      vpnId,
      region: vpn.region,
      serverPrivateKey: vpn.serverPrivateKey,
      serverPublicKey: vpn.serverPublicKey,
      clientPublicKey: vpn.clientPublicKey,
      presharedKey: vpn.presharedKey,
    };
  }

  /**
   * Queues each command of a delivered message (one, or a batch's) behind the previous ones of
   * its VPN; acks the message once all are answered (a redelivery runs them all again: each is
   * idempotent).
   */
  private onCommand(msg: Msg): void {
    const decoded = decodeCommandMessage(msg.data);
    if (!decoded) {
      this.log('warn', 'malformed command dropped');
      msg.respond(new TextEncoder().encode('+ACK'));
      return;
    }
    const { commands, batchResults } = decoded;
    // Still working (JetStream's +WPI restarts the ack wait): a long batch is not redelivered.
    const working = setInterval(() => msg.respond(new TextEncoder().encode('+WPI')), WORKING_MS);
    void Promise.all(commands.map((command) => this.enqueue(command, batchResults)))
      .then(
        () => msg.respond(new TextEncoder().encode('+ACK')),
        () => undefined, // logged by enqueue; not acked, so delivered again
      )
      .finally(() => clearInterval(working));
  }

  /**
   * Runs `command` after the previous ones of its VPN and publishes its result: alone, or, when
   * its message said `batchResults`, with the other such results of the same turn (resolving once
   * published, so the message is acked after its answers).
   */
  private enqueue(command: HostCommand, batchResults = false): Promise<void> {
    const key = command.op === 'list-live' ? '' : command.vpnId;
    return this.chains.run(
      key,
      async () => {
        const startedAt = performance.now();
        const result = await this.run(command);
        const seconds = (performance.now() - startedAt) / 1000;
        this.metrics.observeCommand(command.op, result.ok, seconds);
        // One line per command with its duration (never its keys).
        this.log(result.ok ? 'info' : 'warn', 'command done', {
          op: command.op,
          vpnId: command.op === 'list-live' ? undefined : command.vpnId,
          ok: result.ok,
          durationMs: Math.round(seconds * 1000),
        });
        if (batchResults) await this.answerTogether(result);
        else this.publish('result', result);
      },
      (error) => this.log('error', 'command failed', { op: command.op, err: safeMessage(error) }),
    );
  }

  /**
   * Publishes `result` at the end of this turn of the event loop with the others of the turn:
   * one {@link ResultBatch} per {@link MAX_BATCH_COMMANDS} (a lone result goes as itself).
   * Resolves once published (or dropped: NATS closed, as {@link publish}).
   */
  private answerTogether(result: HostResult): Promise<void> {
    return new Promise((published) => {
      if (!this.resultOutbox) {
        this.resultOutbox = [];
        setImmediate(() => {
          const outbox = this.resultOutbox ?? [];
          this.resultOutbox = undefined;
          for (let start = 0; start < outbox.length; start += MAX_BATCH_COMMANDS) {
            const part = outbox.slice(start, start + MAX_BATCH_COMMANDS);
            const message: HostResult | ResultBatch =
              part.length === 1 ? part[0].result : { results: part.map((entry) => entry.result) };
            try {
              this.publish('result', message);
            } catch (error) {
              // Unanswered: the service's wait times out and its job sends the command again.
              this.log('error', 'publishing results failed', { err: safeMessage(error) });
            }
          }
          for (const entry of outbox) entry.published();
        });
      }
      this.resultOutbox.push({ result, published });
    });
  }

  /** Runs one command; its answer. */
  private async run(command: HostCommand): Promise<HostResult> {
    const base = { id: command.id, op: command.op };
    try {
      switch (command.op) {
        case 'list-live':
          return { ...base, ok: true, live: [...this.state.vpns.keys()] };
        case 'provision': {
          const server = await this.provision(command);
          return { ...base, vpnId: command.vpnId, ok: true, server };
        }
        case 'deprovision': {
          const vpn = this.state.vpns.get(command.vpnId);
          await this.provisioner.deprovision({
            vpnId: command.vpnId,
            region: command.region,
            endpoint: vpn?.server?.endpoint ?? null,
          });
          if (this.state.vpns.delete(command.vpnId)) await this.state.saveSoon();
          this.metrics.forget(command.vpnId);
          this.log('info', 'VPN deprovisioned', { vpnId: command.vpnId });
          return { ...base, vpnId: command.vpnId, ok: true };
        }
      }
    } catch (error) {
      return {
        ...base,
        vpnId: command.op === 'list-live' ? undefined : command.vpnId,
        ok: false,
        error: safeMessage(error).slice(0, 300),
        permanent: error instanceof PermanentProvisionError,
      };
    }
  }

  /** Provisions (or re-adopts) a VPN: the same server however often it is asked. */
  private async provision(command: ProvisionCommand): Promise<ServerInfo> {
    const { vpnId, region } = command;
    if (!this.settings.regions.includes(region)) {
      throw new PermanentProvisionError(`host ${this.settings.hostId} does not serve ${region}`);
    }
    let vpn = this.state.vpns.get(vpnId);
    if (!vpn) {
      await this.provisioner.prepare({ vpnId, region });
      const keys = generateKeyPair();
      vpn = {
        region,
        serverPrivateKey: keys.privateKey,
        serverPublicKey: keys.publicKey,
        clientPublicKey: command.clientPublicKey,
        presharedKey: command.presharedKey,
        startedAtMs: Date.now(),
      };
      this.state.vpns.set(vpnId, vpn);
      await this.state.saveSoon();
    }
    vpn.clientPublicKey = command.clientPublicKey;
    vpn.presharedKey = command.presharedKey;
    const result = await this.provisioner.provision(this.target(vpnId, vpn));
    const port = result.endpoint.slice(result.endpoint.lastIndexOf(':') + 1);
    vpn.server = {
      endpoint: endpointOf(this.endpointHost, port),
      serverPublicKey: result.serverPublicKey,
      clientAddresses: result.clientAddresses,
      dns: result.dns,
    };
    await this.state.saveSoon();
    this.log('info', 'VPN provisioned', { vpnId, region });
    return vpn.server;
  }

  /** Publishes a heartbeat and the usage counters. */
  private beat(): void {
    const alive = [...this.state.vpns].filter(([, vpn]) => vpn.server).map(([vpnId]) => vpnId);
    const heartbeat: Heartbeat = {
      bootId: this.bootId,
      regions: this.settings.regions,
      capacity: this.settings.capacity,
      alive,
      protocol: PROTOCOL_VERSION,
    };
    this.publish('heartbeat', heartbeat);
    void this.usage(alive).then(
      (report) => this.publish('usage', report),
      (error: unknown) => this.log('warn', 'reading usage failed', { err: safeMessage(error) }),
    );
  }

  private async usage(alive: string[]): Promise<UsageReport> {
    const vpns: UsageReport['vpns'] = [];
    for (const vpnId of alive) {
      const vpn = this.state.vpns.get(vpnId);
      if (!vpn) continue;
      try {
        const { bytes } = await this.provisioner.usage({
          vpnId,
          region: vpn.region,
          runningAtMs: vpn.startedAtMs,
        });
        vpns.push({ vpnId, bytes });
        this.metrics.observeBytes(vpnId, bytes);
      } catch (error) {
        this.log('warn', 'reading a VPN usage failed', { vpnId, err: safeMessage(error) });
      }
    }
    if (this.countersChanged) {
      this.countersChanged = false;
      this.state.save();
    }
    return { vpns };
  }

  private publish(kind: 'result' | 'heartbeat' | 'usage', message: unknown): void {
    if (!this.nc || this.nc.isClosed()) return;
    this.nc.publish(reportSubject(this.settings.hostId, kind), encode(message));
  }
}
