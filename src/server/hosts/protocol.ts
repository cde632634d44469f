/**
 * The wire protocol between the service and its VPN hosts over NATS (docs/architecture.md
 * "VPN hosts"). Every message is JSON.
 *
 * Subjects, for a host `<id>`:
 * - `peanut.cmd.<id>`: commands to the host (provision, deprovision, list-live), stored in the
 *   JetStream stream {@link COMMAND_STREAM} (work-queue retention: kept until the host acks), and
 *   delivered by the durable push consumer `host-<id>` to `peanut.deliver.<id>`, so a host that
 *   was down gets what was sent meanwhile;
 * - `peanut.host.<id>.result`, `.heartbeat`, `.usage`: what the host publishes (plain NATS; the
 *   service subscribes to `peanut.host.*.<kind>` and knows the sender by the subject, which the
 *   NATS server's per-host permissions guarantee).
 *
 * Commands are idempotent per vpnId: a host provisioning a VPN it already serves answers the same
 * server, a deprovision of a VPN it does not serve succeeds. Usage is cumulative bytes per VPN,
 * so a lost or repeated report never charges twice.
 *
 * Versions ({@link PROTOCOL_VERSION}, announced in every heartbeat): 1, one command per message;
 * 2, also {@link CommandBatch} (many provisions and deprovisions in one stored message, answered
 * one result per command); 3, a batch that says `batchResults` (the service of version 3 always
 * does) is answered with {@link ResultBatch} messages, each carrying the results its host had in
 * one turn of its event loop. A host that announces no version is of version 1: the service sends
 * it single commands only, so hosts of the previous version keep working during an upgrade. The
 * service takes a single result or a {@link ResultBatch} from any host (a host of version 2
 * ignores `batchResults` and answers one result per message), and a host of version 3 answers
 * one result per message to a batch that does not say `batchResults` (a service of version 2,
 * which knows no {@link ResultBatch}), so service and hosts can be upgraded in either order.
 */

/** The protocol version this code speaks (see above). */
export const PROTOCOL_VERSION = 3;
/** The first version that takes a {@link CommandBatch}. */
export const BATCH_PROTOCOL_VERSION = 2;
/** Most commands in one {@link CommandBatch}. */
export const MAX_BATCH_COMMANDS = 100;

/** The JetStream stream holding the commands of every host. */
export const COMMAND_STREAM = 'PEANUT_COMMANDS';
/** Every command subject (the stream's subjects). */
export const COMMAND_SUBJECTS = 'peanut.cmd.*';

/** A host id: lower-case letters, digits and dashes (one NATS subject token), e.g. `paris-1`. */
export const HOST_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** True when `id` is a valid host id. */
export function isHostId(id: string): boolean {
  return HOST_ID_PATTERN.test(id);
}

/** The subject commands to host `hostId` are published on. */
export function commandSubject(hostId: string): string {
  return `peanut.cmd.${hostId}`;
}

/** The subject host `hostId`'s consumer delivers its commands to (the host subscribes). */
export function deliverSubject(hostId: string): string {
  return `peanut.deliver.${hostId}`;
}

/** The durable consumer name of host `hostId`. */
export function consumerName(hostId: string): string {
  return `host-${hostId}`;
}

/** What a host reports. */
export type ReportKind = 'result' | 'heartbeat' | 'usage';

/** The subject host `hostId` publishes reports of `kind` on. */
export function reportSubject(hostId: string, kind: ReportKind): string {
  return `peanut.host.${hostId}.${kind}`;
}

/**
 * The subject the service subscribes to for every report of every host. A tail wildcard, not
 * `peanut.host.*.<kind>`: a NATS hub forwards a subscription's interest to a region's leaf node
 * only when the leaf's permissions (`peanut.host.<id>.>`) fall inside it, and a `*` in the host's
 * place does not (the leaf node test found it).
 */
export const ALL_REPORTS_SUBJECT = 'peanut.host.>';

/** The host id and kind of a report subject, or undefined when it is not one. */
export function parseReportSubject(
  subject: string,
): { hostId: string; kind: ReportKind } | undefined {
  const match = /^peanut\.host\.([^.]+)\.(result|heartbeat|usage)$/.exec(subject);
  if (!match || !isHostId(match[1])) return undefined;
  return { hostId: match[1], kind: match[2] as ReportKind };
}

/** Starts (or re-adopts) a VPN's server. The server's private key is made by the host. */
export interface ProvisionCommand {
  op: 'provision';
  /** Unique per sending: results answer it. */
  id: string;
  vpnId: string;
  region: string;
  /** The client's public key (the server's only peer), base64. */
  clientPublicKey: string;
  /** The peer's preshared key, base64 (secret: never logged). */
  presharedKey: string;
}

/** Destroys a VPN's server, its keys and its logs. */
export interface DeprovisionCommand {
  op: 'deprovision';
  id: string;
  vpnId: string;
  region: string;
}

/** Asks the host for the VPNs it serves (answered in a result's `live`). */
export interface ListLiveCommand {
  op: 'list-live';
  id: string;
}

/** A command to a host. */
export type HostCommand = ProvisionCommand | DeprovisionCommand | ListLiveCommand;

/**
 * Many provisions and deprovisions in one stored message (protocol version 2): the host runs
 * each as if it came alone (answering each with its own result, by the command's `id`) and
 * acknowledges the message once all are answered, so a redelivery runs them all again (each is
 * idempotent).
 */
export interface CommandBatch {
  op: 'batch';
  /** Unique per sending. */
  id: string;
  /** 2 to {@link MAX_BATCH_COMMANDS} commands. */
  commands: (ProvisionCommand | DeprovisionCommand)[];
  /**
   * True: the sender takes {@link ResultBatch} answers (protocol version 3); absent: one result
   * per message (a service of version 2).
   */
  batchResults?: boolean;
}

/**
 * Many results in one message on the result subject (protocol version 3), sent only in answer to
 * a {@link CommandBatch} that says `batchResults`: the results a host had in one turn of its
 * event loop, at most {@link MAX_BATCH_COMMANDS}, each as it would be alone.
 */
export interface ResultBatch {
  results: HostResult[];
}

/** The server a provision set up, as the service learns it (no private key). */
export interface ServerInfo {
  /** `WG_ENDPOINT_HOST:<port>`. */
  endpoint: string;
  /** The server's public key, base64. */
  serverPublicKey: string;
  /** The client's tunnel addresses, CIDR. */
  clientAddresses: string[];
  dns: string[];
}

/** A host's answer to a command. */
export interface HostResult {
  /** The command's id. */
  id: string;
  op: HostCommand['op'];
  vpnId?: string;
  ok: boolean;
  /** Why it failed (when not ok). */
  error?: string;
  /** True when retrying cannot help (the VPN fails at once). */
  permanent?: boolean;
  /** For provision. */
  server?: ServerInfo;
  /** For list-live: the vpnIds the host serves. */
  live?: string[];
}

/** A host's periodic sign of life. */
export interface Heartbeat {
  /** Random id of this run of the host process (a new one after every restart). */
  bootId: string;
  /** Regions the host serves. */
  regions: string[];
  /** Most VPNs the host takes, when it says (its HOST_CAPACITY). */
  capacity?: number;
  /** The vpnIds whose servers are alive on the host now. */
  alive: string[];
  /** The protocol version the host speaks ({@link PROTOCOL_VERSION}); absent: version 1. */
  protocol?: number;
}

/** Cumulative traffic of a host's VPNs. */
export interface UsageReport {
  /** Bytes through each VPN's tunnel since it started, both directions (never decreasing). */
  vpns: { vpnId: string; bytes: number }[];
}

/** Encodes a message. */
export function encode(message: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(message), 'utf8');
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);

/** Parses JSON into an object, or undefined. */
function object(data: Uint8Array): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(data).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A command of a decoded message, or undefined when malformed. */
function commandOf(value: Record<string, unknown> | undefined): HostCommand | undefined {
  if (!value || !isString(value.id)) return undefined;
  switch (value.op) {
    case 'list-live':
      return { op: 'list-live', id: value.id };
    case 'deprovision':
      return isString(value.vpnId) && isString(value.region)
        ? { op: 'deprovision', id: value.id, vpnId: value.vpnId, region: value.region }
        : undefined;
    case 'provision':
      return isString(value.vpnId) &&
        isString(value.region) &&
        isString(value.clientPublicKey) &&
        isString(value.presharedKey)
        ? {
            op: 'provision',
            id: value.id,
            vpnId: value.vpnId,
            region: value.region,
            clientPublicKey: value.clientPublicKey,
            presharedKey: value.presharedKey,
          }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The well-formed entries of a batch's list (at most {@link MAX_BATCH_COMMANDS} read): each
 * entry that is an object and that `decode` accepts; the others are dropped.
 */
function batchEntries<T>(
  list: unknown[],
  decode: (entry: Record<string, unknown>) => T | undefined,
): T[] {
  const decoded: T[] = [];
  for (const entry of list.slice(0, MAX_BATCH_COMMANDS)) {
    const value =
      entry && typeof entry === 'object' && !Array.isArray(entry)
        ? decode(entry as Record<string, unknown>)
        : undefined;
    if (value !== undefined) decoded.push(value);
  }
  return decoded;
}

/**
 * The commands of a stored message: a single command, or the provisions and deprovisions of a
 * {@link CommandBatch} (its malformed entries dropped). Undefined when the message is malformed.
 */
export function decodeCommands(data: Uint8Array): HostCommand[] | undefined {
  return decodeCommandMessage(data)?.commands;
}

/**
 * The commands of a stored message (as {@link decodeCommands}) and whether their results may be
 * answered together ({@link ResultBatch}: a batch that says `batchResults`). Undefined when the
 * message is malformed.
 */
export function decodeCommandMessage(
  data: Uint8Array,
): { commands: HostCommand[]; batchResults: boolean } | undefined {
  const value = object(data);
  if (value?.op !== 'batch') {
    const command = commandOf(value);
    return command && { commands: [command], batchResults: false };
  }
  if (!isString(value.id) || !Array.isArray(value.commands)) return undefined;
  const commands = batchEntries(value.commands, commandOf).filter(
    (command) => command.op !== 'list-live',
  );
  return { commands, batchResults: value.batchResults === true };
}

/**
 * The results of a message on a result subject: a single result, or those of a
 * {@link ResultBatch} (its malformed entries dropped, at most {@link MAX_BATCH_COMMANDS}).
 * Undefined when the message is malformed.
 */
export function decodeResults(data: Uint8Array): HostResult[] | undefined {
  const value = object(data);
  if (!value) return undefined;
  if (!Array.isArray(value.results)) {
    const result = resultOf(value);
    return result && [result];
  }
  return batchEntries(value.results, resultOf);
}

/** A result of a decoded message, or undefined when malformed. */
function resultOf(value: Record<string, unknown> | undefined): HostResult | undefined {
  if (!value || !isString(value.id) || typeof value.ok !== 'boolean') return undefined;
  if (value.op !== 'provision' && value.op !== 'deprovision' && value.op !== 'list-live') {
    return undefined;
  }
  const server = value.server as Record<string, unknown> | undefined;
  return {
    id: value.id,
    op: value.op,
    ok: value.ok,
    vpnId: isString(value.vpnId) ? value.vpnId : undefined,
    error: isString(value.error) ? value.error : undefined,
    permanent: value.permanent === true,
    live: isStringArray(value.live) ? value.live : undefined,
    server:
      server &&
      isString(server.endpoint) &&
      isString(server.serverPublicKey) &&
      isStringArray(server.clientAddresses) &&
      isStringArray(server.dns)
        ? {
            endpoint: server.endpoint,
            serverPublicKey: server.serverPublicKey,
            clientAddresses: server.clientAddresses,
            dns: server.dns,
          }
        : undefined,
  };
}

/** A heartbeat from its bytes, or undefined when malformed. */
export function decodeHeartbeat(data: Uint8Array): Heartbeat | undefined {
  const value = object(data);
  if (!value || !isString(value.bootId) || !isStringArray(value.regions)) return undefined;
  if (!isStringArray(value.alive)) return undefined;
  const capacity =
    typeof value.capacity === 'number' &&
    Number.isSafeInteger(value.capacity) &&
    value.capacity >= 0
      ? value.capacity
      : undefined;
  const protocol =
    typeof value.protocol === 'number' && Number.isSafeInteger(value.protocol) && value.protocol > 0
      ? value.protocol
      : undefined;
  return { bootId: value.bootId, regions: value.regions, alive: value.alive, capacity, protocol };
}

/** A usage report from its bytes, or undefined when malformed (bad entries are dropped). */
export function decodeUsage(data: Uint8Array): UsageReport | undefined {
  const value = object(data);
  if (!value || !Array.isArray(value.vpns)) return undefined;
  const vpns: UsageReport['vpns'] = [];
  for (const entry of value.vpns as unknown[]) {
    const item = entry as Record<string, unknown> | null;
    if (
      item &&
      isString(item.vpnId) &&
      typeof item.bytes === 'number' &&
      Number.isSafeInteger(item.bytes) &&
      item.bytes >= 0
    ) {
      vpns.push({ vpnId: item.vpnId, bytes: item.bytes });
    }
  }
  return { vpns };
}
