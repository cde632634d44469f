/**
 * Structured logging options (pino through Fastify). Secrets never reach the logs: credentials
 * headers and secret-named body fields are redacted, and request URLs are logged without their
 * query string (which may carry codes or tokens).
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
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

/** pino `redact` paths: credentials headers, and secret fields up to three levels deep. */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_HEADERS.flatMap((h) => [
    `req.headers["${h}"]`,
    `res.headers["${h}"]`,
    `headers["${h}"]`,
  ]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`]),
];

/** What a request log line shows of the request: never headers, never the query string. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : `${request.url.slice(0, query)}?${REDACTED}`,
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** A writable destination for log lines (pino's `DestinationStream`). */
export interface LogDestination {
  write(line: string): void;
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
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

/** Longest error message a log line carries. */
const MAX_LOGGED_MESSAGE = 500;

/**
 * The one redaction helper for errors in logs (issue 16): the message of `error` and of its
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
