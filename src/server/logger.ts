/**
 * Structured logging options (pino through Fastify). Secrets never reach the logs: credentials
 * headers and secret-named body fields are redacted, and request URLs are logged without their
 * query string (which may carry codes or tokens).
 */
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { LogLevel } from './config';

/** Text that replaces a redacted value. */
export const REDACTED = '[redacted]';

/** Field names that hold secrets wherever they appear in a logged object. */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'previousPassword',
  'PASSWORD',
  'NEW_PASSWORD',
  'Password',
  'PreviousPassword',
  'ProposedPassword',
  'PrivateKey',
  'privateKey',
  'PresharedKey',
  'presharedKey',
  'serverPrivateKey',
  'clientPrivateKey',
  'qrconfig',
  'secret',
  'token',
  'accessToken',
  'AccessToken',
  'idToken',
  'IdToken',
  'refreshToken',
  'RefreshToken',
  'Token',
  'SecretHash',
  'SRP_A',
  'SECRET_BLOCK',
  'PASSWORD_CLAIM_SIGNATURE',
] as const;

/** Header names whose values are credentials. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'stripe-signature'];

/** Key names whose values are replaced by {@link REDACTED} at any of the first four levels. */
const SECRET_KEYS: ReadonlySet<string> = new Set<string>([...SECRET_FIELDS, ...SECRET_HEADERS]);
/** Levels of a logged object searched for secret keys (`key`, `*.key`, ... `*.*.*.key`). */
const REDACT_DEPTH = 4;

/** True for `{...}` literals and arrays (not class instances such as a request or an Error). */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `value` with the values of secret keys (SECRET_FIELDS and the credentials headers) replaced
 * by {@link REDACTED}, searched in plain objects and arrays `depth` levels deep; a copy where
 * something changed, `value` itself otherwise (the caller's object is never modified). Class
 * instances (requests, replies, errors) are left to their serializers, which log no secrets.
 * pino's `redact` with the same paths traversed every wildcard path on every log line (it
 * was the server's top cost under load).
 */
export function redactSecrets<T>(value: T, depth = REDACT_DEPTH): T {
  if (depth <= 0 || !isPlain(value)) return value;
  let copy: Record<string, unknown> | unknown[] | undefined;
  for (const key of Object.keys(value)) {
    const current = value[key];
    const next = SECRET_KEYS.has(key) ? REDACTED : redactSecrets(current, depth - 1);
    if (next !== current) {
      copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...value };
      (copy as Record<string, unknown>)[key] = next;
    }
  }
  return (copy ?? value) as T;
}

/** What a request log line shows of the request (`req`). */
export type LoggedRequest = {
  method: string;
  /** The path, its query string replaced by `?[redacted]`. */
  url: string;
  /** The Host header (absent when the request had none). */
  host: string | undefined;
  /** The client address (`request.ip`; absent once the socket is gone). */
  remoteAddress: string | undefined;
};

/** What a request log line shows of the request: never headers, never the query string. */
export function serializeRequest(request: FastifyRequest): LoggedRequest {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : `${request.url.slice(0, query)}?${REDACTED}`,
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * Fastify's per-request log lines, one per request at `info`: 'request completed' (or
 * 'request errored') with the request, status and responseTime, written when it is answered.
 * Fastify's 'incoming request' line goes to `debug` (operators tracing a hung request set
 * `LOG_LEVEL=debug`); error, 404 and stream lines are Fastify's own.
 * When the logger writes to a {@link TurnBatchedDestination} (stdout), a 'request completed'
 * line is queued there as its fields and formatted with the turn's other lines
 * ({@link completedLine}: the same text pino writes); otherwise pino formats it at once.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const log = reply.log as RequestLogger;
    const responseTime = roundMs(reply.elapsedTime);
    if (error) {
      log.error({ req: request, res: reply, responseTime, err: error }, 'request errored');
      return;
    }
    const stream: unknown = log[pino.symbols.streamSym];
    if (stream instanceof TurnBatchedDestination && log.isLevelEnabled('info')) {
      stream.writeCompleted({
        level: log.levels.values.info,
        time: Date.now(),
        bindings: log[pino.symbols.chindingsSym],
        req: serializeRequest(request),
        statusCode: reply.statusCode,
        responseTime,
      });
    } else log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}

/** A request's pino logger with the fields pino exposes to integrations (`pino.symbols`). */
type RequestLogger = pino.Logger & {
  /** Where its lines go. */
  [pino.symbols.streamSym]: unknown;
  /** Its bindings as written in a line (`,"pid":1,"hostname":"h","reqId":"req-1"`). */
  [pino.symbols.chindingsSym]: string;
};

/**
 * One 'request completed' line's fields, queued by {@link OneLinePerRequest} and formatted at
 * the end of its turn by {@link completedLine}.
 */
export interface CompletedRequest {
  /** pino's number of the `info` level. */
  level: number;
  /** When it was answered, in milliseconds since the epoch (pino's `time`). */
  time: number;
  /** The logger's bindings as pino writes them (`,"pid":1,"hostname":"h","reqId":"req-1"`). */
  bindings: string;
  /** What {@link serializeRequest} logs of the request. */
  req: LoggedRequest;
  statusCode: number;
  /** Milliseconds from the request to its answer (Fastify's `reply.elapsedTime`, {@link roundMs}). */
  responseTime: number;
}

/** `value` (milliseconds) rounded to the nanosecond, as request lines log `responseTime`. */
export function roundMs(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Characters JSON escapes in a string (quote, backslash, controls, lone surrogate halves). */
// eslint-disable-next-line no-control-regex -- the controls are what JSON escapes
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `text` as a JSON string, as `JSON.stringify(text)` writes it. */
function jsonString(text: string): string {
  return JSON_ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** `,"key":"value"`, or nothing when `value` is undefined (as JSON leaves such a key out). */
function jsonField(key: string, value: string | undefined): string {
  return value === undefined ? '' : `,"${key}":${jsonString(value)}`;
}

/**
 * The JSON line pino writes for `log.info({ req, res, responseTime }, 'request completed')`
 * (same keys, order and values; logDestination.test.ts compares the two). Formatting it with
 * the turn's other lines, in one loop, cost about 2 us less per request under load than pino
 * at the call, and the strings that need no escaping about 0.5 us less again than
 * `JSON.stringify` (docs/performance.md).
 */
export function completedLine(entry: CompletedRequest): string {
  const { req } = entry;
  const fields =
    `"method":${jsonString(req.method)},"url":${jsonString(req.url)}` +
    jsonField('host', req.host) +
    jsonField('remoteAddress', req.remoteAddress);
  return (
    `{"level":${entry.level},"time":${entry.time}${entry.bindings},"req":{${fields}},` +
    `"res":{"statusCode":${entry.statusCode}},"responseTime":${entry.responseTime},` +
    `"msg":"request completed"}\n`
  );
}

/** A writable destination for log lines (pino's `DestinationStream`). */
export interface LogDestination {
  write(line: string): void;
}

/** Where a {@link TurnBatchedDestination} writes: a synchronous writer (sonic-boom's). */
export interface LogSink {
  write(chunk: string): unknown;
}

/**
 * A log destination that writes the lines of one event-loop turn together, in one synchronous
 * write at the end of the turn (`setImmediate`), in the order they came. Under load an answer
 * per connection is logged each turn: one write for all of them instead of pino's default
 * stdout stream (sonic-boom asynchronous: a thread-pool write per batch, its callbacks, and the
 * pending text's byte length measured again for every line). A line is never held past its
 * turn; the lines of the last turn are written when the process exits (`exit`), and lost only
 * if it is killed (as the default stream's pending text would be).
 */
export class TurnBatchedDestination implements LogDestination {
  private pending: (string | CompletedRequest)[] = [];
  private scheduled = false;

  /** Lines go to `sink` (default stdout through a synchronous sonic-boom). */
  constructor(private readonly sink: LogSink = pino.destination({ dest: 1, sync: true })) {}

  /** Queues `line` for the end of this turn. */
  write(line: string): void {
    this.queue(line);
  }

  /** Queues a 'request completed' line (formatted by {@link completedLine}) for the end of this turn. */
  writeCompleted(entry: CompletedRequest): void {
    this.queue(entry);
  }

  /** Writes the queued lines now (pino calls it on `logger.flush()`). */
  flush(callback?: (error?: Error) => void): void {
    this.flushSync();
    callback?.();
  }

  /** Writes the queued lines now. */
  readonly flushSync = (): void => {
    this.scheduled = false;
    const lines = this.pending;
    if (lines.length === 0) return;
    this.pending = [];
    let text = '';
    for (const line of lines) text += typeof line === 'string' ? line : completedLine(line);
    this.sink.write(text);
  };

  /** Adds `line` to this turn's lines, and writes them at the end of the turn. */
  private queue(line: string | CompletedRequest): void {
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushSync);
    }
  }
}

let stdoutDestination: TurnBatchedDestination | undefined;

/** The process's one stdout log destination (its last lines written at exit). */
export function stdoutLogDestination(): TurnBatchedDestination {
  if (!stdoutDestination) {
    const destination = new TurnBatchedDestination();
    process.once('exit', destination.flushSync);
    stdoutDestination = destination;
  }
  return stdoutDestination;
}

/**
 * Fastify `logger` options at `level`; `stream` overrides stdout (tests capture logs with it).
 */
export function loggerOptions(
  level: LogLevel,
  stream?: LogDestination,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    formatters: { log: (object) => redactSecrets(object) },
    serializers: { req: serializeRequest },
    stream: stream ?? stdoutLogDestination(),
  };
}

/** Longest error message a log line carries. */
const MAX_LOGGED_MESSAGE = 500;

/**
 * The one redaction helper for errors in logs: the message of `error` and of its
 * causes, without the query parameters drizzle appends to a failed query's message (`params:
 * ...`: they may hold keys, codes or hashes), cut to 500 characters. Never a stack.
 */
export function safeMessage(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 3; depth++) {
    const message = e instanceof Error ? e.message : String(e);
    const cut = message.search(/\bparams:/);
    parts.push((cut === -1 ? message : message.slice(0, cut)).trim());
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.filter(Boolean).join(': ').slice(0, MAX_LOGGED_MESSAGE);
}
