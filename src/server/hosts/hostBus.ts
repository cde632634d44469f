/**
 * The service's NATS link to its VPN hosts (protocol.ts): connects on first use (and
 * sets up the JetStream command stream), makes each host's durable consumer, stores commands and
 * matches each host's results to the commands waiting for them. Reports other than results go to
 * `onReport`. Every JetStream call has a generous time-out: a busy service answers late, not
 * never.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AckPolicy,
  DeliverPolicy,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import { safeMessage } from '../logger';
import { connectNats, drainOrClose, redactedUrl } from './natsConnect';
import {
  ALL_REPORTS_SUBJECT,
  COMMAND_STREAM,
  COMMAND_SUBJECTS,
  commandSubject,
  consumerName,
  decodeResults,
  deliverSubject,
  encode,
  MAX_BATCH_COMMANDS,
  parseReportSubject,
  type CommandBatch,
  type HostCommand,
  type HostResult,
  type ReportKind,
} from './protocol';
import type { HostsSettings } from './settings';

/** A command waiting in an outbox for the end of the turn. */
interface Outgoing {
  command: HostCommand;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Time-out of JetStream API calls and publish acknowledgements, ms. */
const JETSTREAM_TIMEOUT_MS = 30_000;

/** Options of {@link HostBus}. */
export interface HostBusOptions {
  settings: HostsSettings;
  /** A heartbeat or usage report from host `hostId` (the subject names it). */
  onReport: (
    hostId: string,
    kind: Exclude<ReportKind, 'result'>,
    data: Uint8Array,
  ) => Promise<void>;
  /** A result that answers a command sent to another host than `hostId` (ignored). */
  onForeignResult: (hostId: string, result: HostResult) => void;
  /**
   * True when host `hostId` takes a {@link CommandBatch} (its last heartbeat announced protocol
   * version 2 or later); absent or false: one command per message.
   */
  takesBatches?: (hostId: string) => boolean;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The service's side of the NATS transport. */
export class HostBus {
  private nc: NatsConnection | undefined;
  private js: JetStreamClient | undefined;
  private jsm: JetStreamManager | undefined;
  private connecting: Promise<JetStreamClient> | undefined;
  private readonly waiters = new Map<
    string,
    { hostId: string; resolve: (result: HostResult) => void }
  >();
  private readonly consumers = new Map<string, Promise<void>>();
  /** Per host, the provisions and deprovisions of this turn, stored together at its end. */
  private readonly outboxes = new Map<string, Outgoing[]>();
  private closed = false;

  constructor(private readonly options: HostBusOptions) {}

  private get settings(): HostsSettings {
    return this.options.settings;
  }

  /** True when the NATS connection answers a round trip within `timeoutMs`. */
  async pings(timeoutMs: number): Promise<boolean> {
    const nc = this.nc;
    if (!nc || nc.isClosed() || !this.js) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([
        nc.rtt().then(
          () => true,
          () => false,
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The JetStream client, connecting (and setting up the command stream) on first use. */
  ready(): Promise<JetStreamClient> {
    if (this.js) return Promise.resolve(this.js);
    return (this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    }));
  }

  private async connect(): Promise<JetStreamClient> {
    const nc = await connectNats(this.settings.nats, 'peanut-service');
    if (this.closed) {
      await nc.close();
      throw new Error('closed');
    }
    this.nc = nc;
    // Generous time-outs: a busy service (a burst of creations) answers late, not never.
    const jsm = await nc.jetstreamManager({ timeout: JETSTREAM_TIMEOUT_MS });
    this.jsm = jsm;
    try {
      await jsm.streams.info(COMMAND_STREAM);
    } catch {
      await jsm.streams
        .add({
          name: COMMAND_STREAM,
          subjects: [COMMAND_SUBJECTS],
          retention: RetentionPolicy.Workqueue,
          storage: StorageType.File,
          max_age: nanos(7 * 86_400_000),
        })
        .catch(async (error: unknown) => {
          // Another service process made it meanwhile.
          await jsm.streams.info(COMMAND_STREAM).catch(() => {
            throw error;
          });
        });
    }
    nc.subscribe(ALL_REPORTS_SUBJECT, {
      callback: (error, msg) => {
        if (error) {
          this.options.log?.error({ err: error.message }, 'host report subscription failed');
          return;
        }
        const from = parseReportSubject(msg.subject);
        if (!from) return;
        this.route(from.hostId, from.kind, msg.data).catch((failure: unknown) =>
          this.options.log?.error({ err: safeMessage(failure) }, 'handling a host report failed'),
        );
      },
    });
    await nc.flush();
    this.js = nc.jetstream({ timeout: JETSTREAM_TIMEOUT_MS });
    this.options.log?.info({ url: redactedUrl(this.settings.nats.url) }, 'connected to NATS');
    return this.js;
  }

  /** The durable consumer delivering host `hostId`'s commands (made once per process). */
  ensureConsumer(hostId: string): Promise<void> {
    let made = this.consumers.get(hostId);
    if (!made) {
      made = (async () => {
        await this.ready();
        const jsm = this.jsm!;
        const config = {
          durable_name: consumerName(hostId),
          deliver_subject: deliverSubject(hostId),
          filter_subject: commandSubject(hostId),
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: nanos(30_000),
          max_ack_pending: 20_000,
        };
        try {
          await jsm.consumers.add(COMMAND_STREAM, config);
        } catch (error) {
          // Made by another service process (or an earlier run) with the same settings.
          await jsm.consumers.info(COMMAND_STREAM, consumerName(hostId)).catch(() => {
            throw error;
          });
        }
      })();
      this.consumers.set(hostId, made);
      made.catch(() => this.consumers.delete(hostId));
    }
    return made;
  }

  /**
   * Results answer their waiting command (only from the host it was sent to): one result per
   * message, or many (a `ResultBatch` of a host of protocol version 3).
   */
  private async route(hostId: string, kind: ReportKind, data: Uint8Array): Promise<void> {
    if (kind !== 'result') return this.options.onReport(hostId, kind, data);
    for (const result of decodeResults(data) ?? []) {
      const waiter = this.waiters.get(result.id);
      if (!waiter) continue;
      if (waiter.hostId !== hostId) this.options.onForeignResult(hostId, result);
      else waiter.resolve(result);
    }
  }

  /**
   * Stores `command` for host `hostId` (durable) and, with `wait`, resolves with its answer.
   * @throws Error when no answer comes within the command time-out, or on `signal`.
   */
  async command(
    hostId: string,
    command: HostCommand,
    wait: boolean,
    signal?: AbortSignal,
  ): Promise<HostResult> {
    const js = await this.ready();
    await this.ensureConsumer(hostId);
    if (!wait) {
      await this.store(js, hostId, command);
      return { id: command.id, op: command.op, ok: true };
    }
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const answered = new Promise<HostResult>((resolve, reject) => {
      this.waiters.set(command.id, { hostId, resolve });
      timer = setTimeout(
        () => reject(new Error(`host ${hostId} did not answer ${command.op} in time`)),
        this.settings.commandTimeoutMs,
      );
      onAbort = () => reject(signal?.reason ?? new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    // Handled below; marked so a time-out during a slow publish is not an unhandled rejection.
    answered.catch(() => undefined);
    try {
      await this.store(js, hostId, command);
      return await answered;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      this.waiters.delete(command.id);
    }
  }

  /**
   * Stores `command` in host `hostId`'s stream: alone, or, for a host that takes batches, with
   * the other provisions and deprovisions for it of the same turn of the event loop (a burst of
   * creations: one message and one acknowledgement per {@link MAX_BATCH_COMMANDS} VPNs).
   * @throws the publish's error (for every command of its batch).
   */
  private store(js: JetStreamClient, hostId: string, command: HostCommand): Promise<void> {
    if (command.op === 'list-live' || !this.options.takesBatches?.(hostId)) {
      return js.publish(commandSubject(hostId), encode(command)).then(() => undefined);
    }
    return new Promise<void>((resolve, reject) => {
      let outbox = this.outboxes.get(hostId);
      if (!outbox) {
        outbox = [];
        this.outboxes.set(hostId, outbox);
        setImmediate(() => this.flush(js, hostId));
      }
      outbox.push({ command, resolve, reject });
    });
  }

  /** Stores the commands of host `hostId`'s outbox, {@link MAX_BATCH_COMMANDS} a message. */
  private flush(js: JetStreamClient, hostId: string): void {
    const outbox = this.outboxes.get(hostId) ?? [];
    this.outboxes.delete(hostId);
    for (let start = 0; start < outbox.length; start += MAX_BATCH_COMMANDS) {
      const part = outbox.slice(start, start + MAX_BATCH_COMMANDS);
      const message: HostCommand | CommandBatch =
        part.length === 1
          ? part[0].command
          : {
              op: 'batch',
              id: randomUUID(),
              commands: part.map(({ command }) => command as CommandBatch['commands'][number]),
              // Answered in ResultBatch messages by a host of version 3 (one per result by 2).
              batchResults: true,
            };
      js.publish(commandSubject(hostId), encode(message)).then(
        () => part.forEach(({ resolve }) => resolve()),
        (error: unknown) => part.forEach(({ reject }) => reject(error)),
      );
    }
  }

  /** Answers every waiting command with a failure and closes the connection. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.values()) {
      waiter.resolve({ id: '', op: 'provision', ok: false, error: 'shutting down' });
    }
    await drainOrClose(this.nc);
  }
}
